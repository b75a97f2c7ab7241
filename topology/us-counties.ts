// The US counties (and county equivalents: parishes, boroughs, Puerto Rico's municipios) as a division of the
// US scope, from us-atlas (US Census Bureau cartographic boundaries, 1:10m). Ids are the 5-digit FIPS codes
// data sets key counties by; names are written as the Census writes them ("Los Angeles County, California").

import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import { TIER, type RegionDraft } from './aliases.js';
import type { DivisionCatalogue, RegionEntry } from './catalogue.js';
import { disambiguateNames } from './country-drafts.js';
import { writeLevels } from './scope-levels.js';
import type { Surroundings } from './surroundings.js';
import { arealGeometries, readJson } from './topo-tools.js';
import { scopeRegions } from './scope-from-features.js';

const require = createRequire(import.meta.url);
export const US_COUNTIES_FILE = require.resolve('us-atlas/counties-10m.json');

/** What the Census calls a state's county equivalents, after the name ("Orleans Parish"). */
const KIND_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  LA: ['Parish'],
  AK: ['Borough', 'Census Area', 'City and Borough', 'Municipality'],
  PR: ['Municipio'],
};

/** Counties the Census Bureau has renamed and given a new code since, the area unchanged: the old code and name
 *  stay spellings of the unit, for data sets from before (DECISIONS §8). Not the merged or split ones (Bedford
 *  city into Bedford County, Virginia, 2013; Alaska's Valdez-Cordova into Chugach and Copper River, 2019): an old
 *  code of part of a unit, or of a unit now in parts, names no unit drawn here. */
const RENAMED: Readonly<Record<string, { fips: string; name: string }>> = {
  '02158': { fips: '02270', name: 'Wade Hampton' }, // Kusilvak Census Area since 2015
  '46102': { fips: '46113', name: 'Shannon' }, // Oglala Lakota County since 2015
  '12086': { fips: '12025', name: 'Dade' }, // Miami-Dade County since 1997
};

/** The ways data sets write a county's name (`Orleans`) with its state: "Orleans, Louisiana", "Orleans Parish, LA". */
function namesWithState(name: string, state: RegionEntry): string[] {
  const postal = state.id.slice(3);
  return [
    `${name}, ${state.name}`,
    ...(KIND_BY_STATE[postal] ?? ['County']).flatMap((kind) => [
      `${name} ${kind}, ${state.name}`,
      `${name} ${kind}, ${postal}`,
    ]),
  ];
}

/**
 * Builds the counties division and writes its levels as `US.counties-*.json`; with each county's state. `states`
 * are the US scope's regions, each with its 2-digit FIPS code among its aliases.
 */
export function buildUsCounties(
  states: RegionEntry[],
  around: Surroundings,
  write: (file: string, topology: Topology) => number,
): { division: DivisionCatalogue; parentOf: (county: string) => string | undefined } {
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
    const former = RENAMED[id];
    const aliases: RegionDraft['aliases'] = [
      ...namesWithState(name, state),
      ...(former ? namesWithState(former.name, state) : []),
    ].map((text) => ({ text, tier: TIER.source }));
    if (former) aliases.push({ text: former.fips, tier: TIER.code });
    return { id, name: `${name}, ${state.id.slice(3)}`, aliases };
  });
  // no office's codes but the FIPS codes, which are the ids
  const { regions, merged } = scopeRegions('US', disambiguateNames(drafts), null);
  writeLevels(
    'US.counties',
    source,
    merged(source, geometries, (g) => String(g.id)),
    around,
    write,
  );
  return {
    division: {
      id: 'counties',
      regionKind: 'counties',
      sources: 'Made with Natural Earth · counties: US Census Bureau',
      boundaries: {
        source: 'US Census Bureau cartographic boundary files 1:10m (npm us-atlas)',
        licence: 'US Census: public domain; us-atlas: ISC',
      },
      regions,
    },
    parentOf: (county) => stateByFips.get(county.slice(0, 2))?.id,
  };
}
