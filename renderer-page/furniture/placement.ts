// Where a box (the legend, the size key) may sit inside the map frame without covering the data or the
// furniture.
import { polygonContains } from 'd3';
import type { RenderContext } from '../context.ts';
import type { Box } from './corners.ts';
import { circleRadius } from '../scales/circle-radius.ts';

export type Anchor = 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right' | 'bottom-centre';

type Ring = Array<[number, number]>;

/** A ring with its bounds, so that a box clear of the bounds skips the ring's vertices. */
interface Outline {
  ring: Ring;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function outline(ring: Ring): Outline {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < ring.length; i++) {
    const x = ring[i][0];
    const y = ring[i][1];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { ring, x0, y0, x1, y1 };
}

const square = ([x, y]: [number, number], r: number): Ring => [
  [x - r, y - r],
  [x + r, y - r],
  [x + r, y + r],
  [x - r, y + r],
];

/** The projected outlines of every region the request gave something to show, the square around each dot
 *  drawn for one too small to see, and around each proportional circle, and the insets' panels, whose frames
 *  a box would cut. */
function dataOutlines(ctx: RenderContext): Outline[] {
  const dots = ctx.drawnRegions.flatMap((drawn) => ('dot' in drawn ? [square(drawn.dot, drawn.r)] : []));
  const radius = circleRadius(ctx.spec.proportional);
  const circles = ctx.spec.proportional.items.flatMap((item) => {
    const at = ctx.centreOf(item.id);
    return at ? [square(at, radius(item.value))] : [];
  });
  const panels = ctx.frame.panels.map(([[x0, y0], [x1, y1]]): Ring => [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ]);
  return [
    ...ctx.spec.regions.flatMap((r) => ctx.frame.regionPolygons(r.id).flat()),
    ...dots,
    ...circles,
    ...panels,
  ].map(outline);
}

/** A scope of at most this many regions has its regions without data looked at too (memberOutlines). */
const MEMBERS_LOOKED_AT = 300;

/** The projected outlines of the scope's regions that have nothing to show: a box should not hide them either
 *  (Cyprus, an EU member, sat under the legend when it had no data), though it may when every corner holds data.
 *  None on a larger scope (3,220 counties), where projecting them all for this would cost as much as the map. */
function memberOutlines(ctx: RenderContext): Outline[] {
  if (ctx.geometry.regions.length > MEMBERS_LOOKED_AT) return [];
  const given = new Set(ctx.spec.regions.map((r) => r.id));
  return ctx.geometry.regions
    .filter((region) => !given.has(region.id))
    .flatMap((region) => ctx.frame.regionPolygons(region.id).flat())
    .map(outline);
}

function origin(ctx: RenderContext, anchor: Anchor, width: number, height: number): [number, number] {
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  const x = anchor.endsWith('left') ? x0 : anchor.endsWith('right') ? x1 - width : (x0 + x1 - width) / 2;
  const y = anchor.startsWith('top') ? y0 : y1 - height;
  return [Math.round(Math.max(0, x)), Math.round(Math.max(0, y))];
}

/** How much data a box would hide: outline vertices inside it, and (weighted) sample points of the box
 *  that fall inside a data region, which catches a box lying wholly within a large country. */
function covered(outlines: Outline[], [x, y]: [number, number], width: number, height: number): number {
  let score = 0;
  const near = outlines.filter((o) => o.x0 <= x + width && o.x1 >= x && o.y0 <= y + height && o.y1 >= y);
  for (const { ring } of near) {
    for (const [px, py] of ring) if (px >= x && px <= x + width && py >= y && py <= y + height) score++;
  }
  for (const fx of [0, 0.5, 1]) {
    for (const fy of [0, 0.5, 1]) {
      const point: [number, number] = [x + fx * width, y + fy * height];
      if (near.some(({ ring }) => ring.length > 2 && polygonContains(ring, point))) score += 50;
    }
  }
  return score;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where a box at `anchor` goes when furniture holds that corner: moved up (bottom anchors) or down (top
 *  anchors) past whatever it overlaps, until it is clear; null when it would leave the map. */
function stacked(ctx: RenderContext, anchor: Anchor, width: number, height: number): [number, number] | null {
  const [[, y0], [, y1]] = ctx.layout.mapExtent;
  const gap = Math.round(ctx.layout.legendFontSize / 2);
  const [x, start] = origin(ctx, anchor, width, height);
  let y = start;
  for (;;) {
    const box = { x, y, width, height };
    const blocking = Object.values(ctx.corners).filter((f) => overlaps(f, box));
    if (!blocking.length) return [x, y];
    y = Math.round(
      anchor.startsWith('top')
        ? Math.max(...blocking.map((f) => f.y + f.height)) + gap
        : Math.min(...blocking.map((f) => f.y)) - gap - height,
    );
    if (y < y0 || y + height > y1) return null;
  }
}

/** The best of `places` for a `width` × `height` box: the first that covers neither data nor the scope's other
 *  regions, else the first that covers no data, else the one that covers least data; `score` is the data covered
 *  (Infinity for a place over the furniture). */
function best(ctx: RenderContext, places: Array<[number, number]>, width: number, height: number) {
  const outlines = dataOutlines(ctx);
  let members: Outline[] | undefined;
  const furniture = Object.values(ctx.corners);
  let found = { at: places[0], score: Infinity };
  let clearOfData: [number, number] | undefined;
  for (const at of places) {
    const blocked = furniture.some((box) => overlaps(box, { x: at[0], y: at[1], width, height }));
    const score = blocked ? Infinity : covered(outlines, at, width, height);
    if (score === 0 && covered((members ??= memberOutlines(ctx)), at, width, height) === 0) return { at, score };
    if (score === 0) clearOfData ??= at;
    if (score < found.score) found = { at, score };
  }
  return clearOfData ? { at: clearOfData, score: 0 } : found;
}

/** Top-left corner for a `width` × `height` box: the first anchor, in order of preference, that covers no
 *  data; when every one does, the one that covers least. When furniture holds every corner, the same anchors
 *  moved past it. `clear` is false when no place keeps clear of the furniture (the map is too small), `covers`
 *  true when the place found covers data. */
export function placeBox(
  ctx: RenderContext,
  width: number,
  height: number,
  preferences: Anchor[],
): { at: [number, number]; clear: boolean; covers: boolean } {
  const corner = best(
    ctx,
    preferences.map((anchor) => origin(ctx, anchor, width, height)),
    width,
    height,
  );
  if (corner.score < Infinity) return { at: corner.at, clear: true, covers: corner.score > 0 };
  const moved = preferences.flatMap((anchor) => {
    const at = stacked(ctx, anchor, width, height);
    return at ? [at] : [];
  });
  const place = moved.length ? best(ctx, moved, width, height) : corner;
  return { at: place.at, clear: place.score < Infinity, covers: place.score > 0 };
}
