// Writing a scope's three levels from one detailed topology: the regions simplified to a vertex budget per
// level, the neighbouring countries as muted context, and each region's anchor point (anchors.ts). Country
// scopes, their coarser official divisions and the US counties are all written this way.

import { geoBounds } from 'd3';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { regionAnchors } from './anchors.js';
import type { Level } from './scopes.js';
import { assemble, simplifyToArea, simplifyTopology, toFeatures, vertexCount } from './topo-tools.js';

/** Vertices each level may keep (the detailed source is simplified down to it), its quantization, the
 *  world-atlas resolution its context comes from (1:10m neighbours would cost more than the scope itself), and
 *  the map width it is made for: the neighbours, which reach far beyond the frame, lose what would be smaller
 *  than a pixel there. */
const LEVELS: Record<Level, { vertices: number; quantization: number; context: 'low' | 'medium'; pixels: number }> = {
  low: { vertices: 5_000, quantization: 1e4, context: 'low', pixels: 600 },
  medium: { vertices: 25_000, quantization: 3e4, context: 'medium', pixels: 1_500 },
  high: { vertices: 120_000, quantization: 1e5, context: 'medium', pixels: 4_000 },
};

export type Bounds = [[number, number], [number, number]];

/** A world-atlas country with its bounds, for picking neighbours. */
export interface WorldCountry {
  id: string;
  feature: Feature;
  bounds: Bounds;
}

export type WorldCountries = Record<Level, WorldCountry[]>;

export function worldCountries(features: Feature[]): WorldCountry[] {
  return features.map((f) => ({ id: String(f.id), feature: f, bounds: geoBounds(f) }));
}

/** Longitude spans of bounds, split where they cross the antimeridian (d3 gives west > east there). */
const spans = ([[west], [east]]: Bounds): Array<[number, number]> =>
  west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];

/** The larger side of bounds, in degrees. */
const spanOf = ([[west, south], [east, north]]: Bounds) =>
  Math.max(east >= west ? east - west : east + 360 - west, north - south);

function grow([[west, south], [east, north]]: Bounds, share: number): Bounds {
  const width = (east >= west ? east - west : east + 360 - west) * share;
  const height = (north - south) * share;
  const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  return [
    [wrap(west - width), Math.max(-90, south - height)],
    [wrap(east + width), Math.min(90, north + height)],
  ];
}

function overlaps(a: Bounds, b: Bounds): boolean {
  if (a[1][1] < b[0][1] || b[1][1] < a[0][1]) return false;
  return spans(a).some(([w1, e1]) => spans(b).some(([w2, e2]) => w1 <= e2 && w2 <= e1));
}

/** The muted land around a scope at each level: the countries but `exclude` near its regions (or in the box
 *  given), and `extra` (units of the country that are no region), without what would be under a pixel. */
export type Neighbours = (level: Level) => FeatureCollection;

/** `bounds` with `degrees` more on every side. */
function pad([[west, south], [east, north]]: Bounds, degrees: number): Bounds {
  return grow(
    [
      [west - degrees, south - degrees],
      [east + degrees, north + degrees],
    ],
    0,
  );
}

/**
 * Near means within 15% of the scope's size (1° to 5°) of one of its regions, not within the scope's bounds:
 * France's, overseas départements included, span the globe, and every country would be its neighbour.
 */
export function neighboursOf(
  world: WorldCountries,
  exclude: ReadonlySet<string>,
  scope: FeatureCollection | Bounds,
  extra: Feature[],
): Neighbours {
  const bounds = grow(Array.isArray(scope) ? scope : geoBounds(scope), 0.15);
  const margin = Math.min(5, Math.max(1, spanOf(bounds) * 0.15));
  const areas = Array.isArray(scope) ? [bounds] : scope.features.map((f) => pad(geoBounds(f), margin));
  return (level) => {
    const { context, pixels } = LEVELS[level];
    const near = world[context].filter((c) => !exclude.has(c.id) && areas.some((area) => overlaps(c.bounds, area)));
    const muted: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        ...near.map((c) => ({ ...c.feature, id: undefined, properties: {} })),
        ...extra.map((f) => ({ ...f, id: undefined, properties: {} })),
      ],
    };
    const simplified = simplifyToArea(topology({ context: muted }), (spanOf(bounds) / pixels) ** 2);
    return feature(simplified, simplified.objects.context!) as FeatureCollection;
  };
}

/**
 * Writes `${name}-low.json`, `-medium.json` and `-high.json`: the regions of `collection` (geometries of `source`
 * with canonical ids and names), the neighbours, and one anchor per region from the full detail.
 */
export function writeLevels(
  name: string,
  source: Topology,
  collection: GeometryCollection<{ name: string }>,
  neighbours: Neighbours,
  write: (file: string, topology: Topology) => number,
): void {
  const points = regionAnchors(toFeatures(source, collection));
  const total = vertexCount(source);
  for (const level of Object.keys(LEVELS) as Level[]) {
    const { vertices, quantization } = LEVELS[level];
    const simplified = total <= vertices ? source : simplifyTopology(source, vertices / total);
    const out = assemble(
      { regions: toFeatures(simplified, collection), context: neighbours(level), points },
      quantization,
    );
    write(`${name}-${level}.json`, out);
  }
}
