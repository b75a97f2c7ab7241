// A region's outline as the pages and threads keep it: every point in one flat array. Decoded to GeoJSON, each
// point was an array of its own, about 75 bytes; the world at high detail (545,000 points) held 39 MiB in each
// of the four isolates that draw maps (two threads, two pages), where these arrays take 16 bytes a point.
import { geoBounds, type GeoStream } from 'd3';
import type { Feature, MultiPolygon, Polygon } from 'geojson';

export interface Outline {
  /** lon, lat of every ring's points in turn, each ring closed (its first point again last), as GeoJSON has them */
  readonly points: Float64Array;
  /** where each ring ends, in points */
  readonly ringEnds: Uint32Array;
  /** where each polygon ends, in rings */
  readonly polygonEnds: Uint32Array;
}

export function compactOutline(geometry: Polygon | MultiPolygon): Outline {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const rings = polygons.flat();
  const points = new Float64Array(2 * rings.reduce((count, ring) => count + ring.length, 0));
  const ringEnds = new Uint32Array(rings.length);
  let at = 0;
  rings.forEach((ring, r) => {
    for (const [lon, lat] of ring) {
      points[2 * at] = lon;
      points[2 * at + 1] = lat;
      at++;
    }
    ringEnds[r] = at;
  });
  let ringCount = 0;
  const polygonEnds = Uint32Array.from(polygons, (polygon) => (ringCount += polygon.length));
  return { points, ringEnds, polygonEnds };
}

/** Streams the outline into `stream` as d3's geoStream streams the GeoJSON it was made from, call for call:
 *  polygon by polygon, ring by ring, each ring without its closing point. */
export function streamOutline({ points, ringEnds, polygonEnds }: Outline, stream: GeoStream): void {
  let ring = 0;
  let start = 0;
  for (const polygonEnd of polygonEnds) {
    stream.polygonStart();
    for (; ring < polygonEnd; ring++) {
      const end = ringEnds[ring];
      stream.lineStart();
      for (let i = start; i < end - 1; i++) stream.point(points[2 * i], points[2 * i + 1]);
      stream.lineEnd();
      start = end;
    }
    stream.polygonEnd();
  }
}

/** Where each polygon's outer ring lies in `points`: from the pair `start` to the pair before `end`. */
export function outerRingSpans({ ringEnds, polygonEnds }: Outline): Array<[number, number]> {
  return Array.from(polygonEnds, (_, p) => {
    const ring = p === 0 ? 0 : polygonEnds[p - 1];
    return [ring === 0 ? 0 : ringEnds[ring - 1], ringEnds[ring]];
  });
}

/** Whether `test` holds for every point of the outline; `test` is handed the same array each time. */
export function everyPoint({ points }: Outline, test: (point: [number, number]) => boolean): boolean {
  const point: [number, number] = [0, 0];
  for (let i = 0; i < points.length; i += 2) {
    point[0] = points[i];
    point[1] = points[i + 1];
    if (!test(point)) return false;
  }
  return true;
}

/** The outline as a GeoJSON feature again, for what takes no stream (d3's geoBounds): made when asked for,
 *  and not kept. */
export function outlineFeature({ points, ringEnds, polygonEnds }: Outline): Feature<MultiPolygon> {
  const rings: Array<Array<[number, number]>> = [];
  let start = 0;
  for (const end of ringEnds) {
    const ring: Array<[number, number]> = [];
    for (let i = start; i < end; i++) ring.push([points[2 * i], points[2 * i + 1]]);
    rings.push(ring);
    start = end;
  }
  let first = 0;
  const coordinates = Array.from(polygonEnds, (end) => rings.slice(first, (first = end)));
  return { type: 'Feature', properties: null, geometry: { type: 'MultiPolygon', coordinates } };
}

type Bounds = [[number, number], [number, number]];
const bounded = new WeakMap<Outline, Bounds>();

/** The outline's bounds on the sphere, as d3's geoBounds gives them: worked out once per outline (they serve
 *  every size and tier), kept as long as the outline is. */
export function outlineBounds(outline: Outline): Bounds {
  let bounds = bounded.get(outline);
  if (!bounds) bounded.set(outline, (bounds = geoBounds(outlineFeature(outline)) as Bounds));
  return bounds;
}
