// Whether a box (a label's text) lies inside a region's projected polygons: points along its edges, no further
// apart than a few px, must all fall inside one polygon (in its outer ring, in none of its holes), so that no part
// of the box hangs over the sea or a neighbour, and a box across a strait between two islands does not count.
import { polygonContains } from 'd3';
import type { Ring } from './visual-centre.ts';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Longest step between two points sampled along an edge, in px: narrower than a thin spit of land a label's
 *  box might otherwise straddle unnoticed. */
const STEP = 3;

/** Points along the box's edges, its corners first: a box that hangs outside mostly does at a corner, so a
 *  box that does not fit is told after a point or two. */
function edgePoints({ x0, y0, x1, y1 }: Box): Array<[number, number]> {
  const points: Array<[number, number]> = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ];
  const across = Math.max(1, Math.ceil((x1 - x0) / STEP));
  const down = Math.max(1, Math.ceil((y1 - y0) / STEP));
  for (let i = 1; i < across; i++) {
    const x = x0 + ((x1 - x0) * i) / across;
    points.push([x, y0], [x, y1]);
  }
  for (let j = 1; j < down; j++) {
    const y = y0 + ((y1 - y0) * j) / down;
    points.push([x0, y], [x1, y]);
  }
  return points;
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

/** A region's polygons ([outer ring, ...holes] each) with the bounds of their outer rings, measured once for
 *  the many boxes tried against them. */
export interface Shape {
  polygons: Ring[][];
  bounds: Box[];
}

export const shapeOf = (polygons: Ring[][]): Shape => ({ polygons, bounds: polygons.map(([outer]) => bounds(outer)) });

/** True when every edge point of `box` is inside one polygon of `shape`. A hole smaller than the sampling step
 *  may go unseen, which a label's halo covers anyway. */
export function boxInside(box: Box, { polygons, bounds }: Shape): boolean {
  let points: Array<[number, number]> | null = null;
  return polygons.some(([outer, ...holes], i) => {
    if (!within(box, bounds[i])) return false;
    points ??= edgePoints(box);
    return points.every((p) => polygonContains(outer, p) && !holes.some((hole) => polygonContains(hole, p)));
  });
}

/** True when any of `box` lies on one of `shape`'s polygons: an edge point inside one (outside its holes), or a
 *  corner of its outline inside the box (an islet smaller than the box). A label set beside islands in an inset's
 *  panel is tried with this against the land the panel shows. */
export function boxTouches(box: Box, { polygons, bounds }: Shape): boolean {
  let points: Array<[number, number]> | null = null;
  return polygons.some(([outer, ...holes], i) => {
    const b = bounds[i];
    if (box.x1 < b.x0 || b.x1 < box.x0 || box.y1 < b.y0 || b.y1 < box.y0) return false;
    points ??= edgePoints(box);
    const onLand = points.some((p) => polygonContains(outer, p) && !holes.some((hole) => polygonContains(hole, p)));
    return onLand || outer.some(([x, y]) => x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1);
  });
}
