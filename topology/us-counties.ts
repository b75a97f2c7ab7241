// The US counties (and county equivalents: parishes, boroughs, Puerto Rico's municipios) as a division of the
// US scope, from us-atlas (US Census Bureau cartographic boundaries, 1:10m). Ids are the 5-digit FIPS codes
// data sets key counties by; names are written as the Census writes them ("Los Angeles County, California").

import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import { finaliseRegions, TIER, type RegionDraft } from './aliases.js';
import type { DivisionCatalogue, RegionEntry } from './catalogue.js';
import { disambiguateNames } from './country-drafts.js';
import { writeLevels } from './scope-levels.js';
import type { Surroundings } from './surroundings.js';
import { arealGeometries, mergeById, readJson } from './topo-tools.js';

const require = createRequire(import.meta.url);
export const US_COUNTIES_FILE = require.resolve('us-atlas/counties-10m.json');

/** What the Census calls a state's county equivalents, after the name ("Orleans Parish"). */
const KIND_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  LA: ['Parish'],
  AK: ['Borough', 'Census Area', 'City and Borough', 'Municipality'],
  PR: ['Municipio'],
};

/**
 * Builds the counties division and writes its levels as `US.counties-*.json`. `states` are the US scope's
 * regions, each with its 2-digit FIPS code among its aliases.
 */
export function buildUsCounties(
  states: RegionEntry[],
  around: Surroundings,
  write: (file: string, topology: Topology) => number,
): DivisionCatalogue {
  const source = readJson<Topology>(US_COUNTIES_FILE);
  const stateByFips = new Map(
    states.flatMap((s) => s.aliases.filter((a) => /^\d\d$/.test(a)).map((fips) => [fips, s] as const)),
  );
  // the island areas' (American Samoa, Guam...) are countries of their own in Natural Earth, not in the scope
  const all = arealGeometries(source, 'counties');
  const geometries = all.filter((g) => stateByFips.has(String(g.id).slice(0, 2)));
  const left = [...new Set(all.filter((g) => !geometries.includes(g)).map((g) => String(g.id).slice(0, 2)))];
  if (left.length)
    console.log(
      `  US.counties: county equivalents of state FIPS ${left.join(', ')} left out (no such state in the scope)`,
    );
  const drafts = geometries.map((g): RegionDraft => {
    const id = String(g.id);
    const state = stateByFips.get(id.slice(0, 2))!;
    const name = g.properties?.name ?? id;
    const postal = state.id.slice(3);
    const aliases = [
      `${name}, ${state.name}`,
      ...(KIND_BY_STATE[postal] ?? ['County']).flatMap((kind) => [
        `${name} ${kind}, ${state.name}`,
        `${name} ${kind}, ${postal}`,
      ]),
    ];
    return { id, name: `${name}, ${postal}`, aliases: aliases.map((text) => ({ text, tier: TIER.source })) };
  });
  const regions = finaliseRegions('US', disambiguateNames(drafts));
  const names = new Map(regions.map((r) => [r.id, r.name]));
  writeLevels(
    'US.counties',
    source,
    mergeById(
      source,
      geometries,
      (g) => String(g.id),
      (id) => names.get(id)!,
    ),
    around,
    write,
  );
  return {
    id: 'counties',
    regionKind: 'counties',
    sources: 'Made with Natural Earth · counties: US Census Bureau',
    boundaries: {
      source: 'US Census Bureau cartographic boundary files 1:10m (npm us-atlas)',
      licence: 'US Census: public domain; us-atlas: ISC',
    },
    regions,
  };
}
