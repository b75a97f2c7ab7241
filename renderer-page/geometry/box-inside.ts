// Whether a box (a label's text) lies inside a region's projected polygons, or on any of their land: exactly, by
// whether any edge of the polygons' rings passes through the box. A box no ring passes through lies wholly on one
// side of each ring, so one point of it tells which; sampling points along the box's edges missed a notch of
// coast between two samples (the Basque Country's label hung over an inlet of Cantabria's).
import { polygonContains } from 'd3';
import type { Ring } from './visual-centre.ts';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function bounds(ring: Ring): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

const within = (inner: Box, outer: Box) =>
  inner.x0 >= outer.x0 && inner.x1 <= outer.x1 && inner.y0 >= outer.y0 && inner.y1 <= outer.y1;

const apart = (a: Box, b: Box) => a.x1 < b.x0 || b.x1 < a.x0 || a.y1 < b.y0 || b.y1 < a.y0;

/** Whether the segment from a to b passes through the box (Liang–Barsky: what is left of it once clipped to
 *  the box's four sides). */
function segmentMeets({ x0, y0, x1, y1 }: Box, [ax, ay]: [number, number], [bx, by]: [number, number]): boolean {
  const [dx, dy] = [bx - ax, by - ay];
  let [t0, t1] = [0, 1];
  const sides: Array<[number, number]> = [
    [-dx, ax - x0],
    [dx, x1 - ax],
    [-dy, ay - y0],
    [dy, y1 - ay],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** Whether any edge of the ring passes through the box. */
function ringMeets(box: Box, ring: Ring): boolean {
  for (let i = 1; i < ring.length; i++) {
    const [a, b] = [ring[i - 1], ring[i]];
    if (Math.max(a[0], b[0]) < box.x0 || Math.min(a[0], b[0]) > box.x1) continue;
    if (Math.max(a[1], b[1]) < box.y0 || Math.min(a[1], b[1]) > box.y1) continue;
    if (segmentMeets(box, a, b)) return true;
  }
  return false;
}

/** A region's polygons ([outer ring, ...holes] each) with the bounds of their outer rings, measured once for
 *  the many boxes tried against them. */
export interface Shape {
  polygons: Ring[][];
  bounds: Box[];
}

export const shapeOf = (polygons: Ring[][]): Shape => ({ polygons, bounds: polygons.map(([outer]) => bounds(outer)) });

/** Whether the box's middle is on the polygon's land: in its outer ring, in none of its holes. */
const middleOnLand = ({ x0, y0, x1, y1 }: Box, [outer, ...holes]: Ring[]) => {
  const middle: [number, number] = [(x0 + x1) / 2, (y0 + y1) / 2];
  return polygonContains(outer, middle) && !holes.some((hole) => polygonContains(hole, middle));
};

/** True when all of `box` lies inside one polygon of `shape`: no ring of it passes through the box, and the box
 *  is in its outer ring and none of its holes. */
export function boxInside(box: Box, { polygons, bounds }: Shape): boolean {
  return polygons.some(
    (polygon, i) =>
      within(box, bounds[i]) && !polygon.some((ring) => ringMeets(box, ring)) && middleOnLand(box, polygon),
  );
}

/** True when any of `box` lies on one of `shape`'s polygons: a ring passes through it (a coast, an islet smaller
 *  than the box), or it lies wholly on the land. A label set beside islands in an inset's panel is tried with
 *  this against the land the panel shows. */
export function boxTouches(box: Box, { polygons, bounds }: Shape): boolean {
  return polygons.some(
    (polygon, i) =>
      !apart(box, bounds[i]) && (polygon.some((ring) => ringMeets(box, ring)) || middleOnLand(box, polygon)),
  );
}
