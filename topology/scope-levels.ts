// Writing a scope's three levels from one detailed topology: the regions simplified to a vertex budget per
// level, the neighbouring countries as muted context, and each region's anchor point (anchors.ts). Country
// scopes, their coarser official divisions and the US counties are all written this way.

import type { GeometryCollection, Topology } from 'topojson-specification';
import { regionAnchors } from './anchors.js';
import type { Level } from './scopes.js';
import { lakesAt, scopeLakes } from './lakes.js';
import { Joint, overlaps, type Surroundings } from './surroundings.js';
import { assemble, toFeatures } from './topo-tools.js';

/** Vertices each level may keep (the detailed source is simplified down to it), its quantization, and the map
 *  width it is made for: the surroundings, which reach far beyond the frame, lose what would be smaller than a
 *  pixel there. */
const LEVELS: Record<Level, { vertices: number; quantization: number; pixels: number }> = {
  low: { vertices: 5_000, quantization: 1e4, pixels: 600 },
  medium: { vertices: 25_000, quantization: 3e4, pixels: 1_500 },
  high: { vertices: 120_000, quantization: 1e5, pixels: 4_000 },
};

/**
 * Writes `${name}-low.json`, `-medium.json` and `-high.json`: the regions of `collection` (geometries of `source`
 * with canonical ids and names), the land around them in one topology with them (surroundings.ts), the lakes on
 * and around them (lakes.ts), and one anchor per region from the full detail.
 */
export function writeLevels(
  name: string,
  source: Topology,
  collection: GeometryCollection<{ name: string }>,
  around: Surroundings,
  write: (file: string, topology: Topology) => number,
): void {
  const regions = toFeatures(source, collection);
  const points = regionAnchors(regions);
  const joint = new Joint(regions, around);
  const total = joint.regionVertices;
  const onAndAround = scopeLakes(regions, (bounds) => around.reach.some((box) => overlaps(bounds, box)));
  for (const level of Object.keys(LEVELS) as Level[]) {
    const { vertices, quantization } = LEVELS[level];
    const pixel = pixelArea(level, around.span);
    const drawn = joint.level(Math.min(1, vertices / total), level === 'high' ? zoomPixelArea(around.span) : pixel);
    const lakes = lakesAt(onAndAround, pixel);
    write(`${name}-${level}.json`, assemble({ ...drawn, ...lakes, points }, quantization));
  }
}

/** The side, in degrees, of the finest pixel the high level's land around is made for. The high level serves a
 *  country's zooms as well as its posters (a `bbox` takes it: server/request/detail-level.ts), and the subject
 *  there keeps its source's full detail: the land around keeps what a pixel of about a kilometre shows, near the
 *  1:10m source's own resolution, so that the neighbours' coasts in a zoom on the Sea of Azov are as detailed as
 *  Russia's. A scope up to 40° across (Germany, France, Japan) is finer than that at 4,000 px already. */
const ZOOM_PIXEL = 0.01;

/** The area of a pixel, in square degrees, of the map the high level's surroundings are made for: the poster's,
 *  or a zoom's of about a kilometre, whichever is finer. */
function zoomPixelArea(span: number): number {
  return Math.min(pixelArea('high', span), ZOOM_PIXEL ** 2);
}

/** The area of a pixel, in square degrees, on the map a level is made for, of a scope `span` degrees across:
 *  the surroundings lose what would be smaller. */
export function pixelArea(level: Level, span: number): number {
  return (span / LEVELS[level].pixels) ** 2;
}
