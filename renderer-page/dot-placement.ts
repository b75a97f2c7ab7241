// Where the dots of small regions go (drawn-regions.ts): at the region's place, unless a short nudge keeps the
// dot off another dot or off a neighbour's data. San Marino and the Vatican sit inside Italy, Liechtenstein on
// the Swiss border: where Italy and Switzerland have values of their own, a dot in the middle of them hides
// part of what they show, and two dots on one spot hide each other. The dot moves at most 1.5 radii, so it
// still reads as standing for its place.
import { polygonContains } from 'd3';
import type { Ring } from './geometry/visual-centre.ts';

type Point = [number, number];

/** Points spread over a unit disc (its centre and two rings), scaled by the radius to measure what a dot covers. */
const SAMPLES: Point[] = [
  [0, 0],
  ...Array.from({ length: 6 }, (_, i): Point => [
    0.55 * Math.cos((i * Math.PI) / 3),
    0.55 * Math.sin((i * Math.PI) / 3),
  ]),
  ...Array.from({ length: 12 }, (_, i): Point => [
    0.95 * Math.cos((i * Math.PI) / 6),
    0.95 * Math.sin((i * Math.PI) / 6),
  ]),
];

/** The places tried, in radii from home, nearest first (so a tie keeps the dot at home): eight directions at
 *  three quarters of a radius and at one and a half. */
const OFFSETS: Point[] = [
  [0, 0],
  ...[0.75, 1.5].flatMap((distance) =>
    Array.from({ length: 8 }, (_, i): Point => [
      distance * Math.cos((i * Math.PI) / 4),
      distance * Math.sin((i * Math.PI) / 4),
    ]),
  ),
];

/** A move costs as much as covering half a sample's worth of data per radius moved: a nudge must win something. */
const MOVE_COST = 0.5;
/** Overlapping another dot costs more than covering any neighbour does. */
const DOT_OVERLAP_COST = 100;

type Polygon = { rings: Ring[]; x0: number; y0: number; x1: number; y1: number };

/** The polygon with its bounding box, in a loop: spread into Math.min, a long coast would overflow the stack. */
function boxed(rings: Ring[]): Polygon {
  const box = { rings, x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const [x, y] of rings[0]) {
    box.x0 = Math.min(box.x0, x);
    box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x);
    box.y1 = Math.max(box.y1, y);
  }
  return box;
}

/** Inside the polygon: its box first, which rules out most points for the cost of four comparisons. */
const contains = ({ rings: [outer, ...holes], x0, y0, x1, y1 }: Polygon, point: Point) =>
  point[0] >= x0 &&
  point[0] <= x1 &&
  point[1] >= y0 &&
  point[1] <= y1 &&
  polygonContains(outer, point) &&
  !holes.some((hole) => polygonContains(hole, point));

/**
 * The dots' centres: for each of `homes` in turn, the place among OFFSETS that covers least of the other dots
 * placed so far and of `data` (the drawn polygons of the regions with data, each region's list).
 */
export function placeDots(homes: Point[], r: number, data: Ring[][][]): Point[] {
  const polygons = data.flat().map(boxed);
  const placed: Point[] = [];
  for (const [hx, hy] of homes) {
    const reach = 2.5 * r;
    const near = polygons.filter(
      (p) => p.x0 <= hx + reach && p.x1 >= hx - reach && p.y0 <= hy + reach && p.y1 >= hy - reach,
    );
    const cost = ([ox, oy]: Point) => {
      const [cx, cy] = [hx + ox * r, hy + oy * r];
      const overlaps = placed.filter(([px, py]) => Math.hypot(px - cx, py - cy) < 2 * r).length;
      const covered = SAMPLES.filter(([sx, sy]) => near.some((p) => contains(p, [cx + sx * r, cy + sy * r]))).length;
      return overlaps * DOT_OVERLAP_COST + covered + MOVE_COST * Math.hypot(ox, oy);
    };
    let best = OFFSETS[0];
    let bestCost = cost(best);
    // a dot that covers nothing at home stays there: no move can do better
    for (const offset of bestCost === 0 ? [] : OFFSETS.slice(1)) {
      const c = cost(offset);
      if (c < bestCost) [best, bestCost] = [offset, c];
    }
    placed.push([hx + best[0] * r, hy + best[1] * r]);
  }
  return placed;
}
