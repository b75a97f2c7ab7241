// Where a box (legend) may sit inside the map frame without covering the regions that carry data.
import { polygonContains } from 'd3';
import type { RenderContext } from '../context.ts';
import type { Box } from './corners.ts';
import { DOT_RADIUS } from '../drawn-regions.ts';

export type Anchor = 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right' | 'bottom-centre';

type Ring = Array<[number, number]>;

/** The projected outlines of every region the request gave something to show, and the square around each
 *  dot drawn for one too small to see. */
function dataRings(ctx: RenderContext): Ring[] {
  const dots = ctx.drawnRegions.flatMap((drawn): Ring[] => {
    if (!('dot' in drawn)) return [];
    const [[x, y], r] = [drawn.dot, DOT_RADIUS];
    return [
      [
        [x - r, y - r],
        [x + r, y - r],
        [x + r, y + r],
        [x - r, y + r],
      ],
    ];
  });
  return [...ctx.spec.regions.flatMap((r) => ctx.frame.regionPolygons(r.id).flat()), ...dots];
}

function origin(ctx: RenderContext, anchor: Anchor, width: number, height: number): [number, number] {
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  const x = anchor.endsWith('left') ? x0 : anchor.endsWith('right') ? x1 - width : (x0 + x1 - width) / 2;
  const y = anchor.startsWith('top') ? y0 : y1 - height;
  return [Math.round(Math.max(0, x)), Math.round(Math.max(0, y))];
}

/** How much data a box would hide: outline vertices inside it, and (weighted) sample points of the box
 *  that fall inside a data region, which catches a box lying wholly within a large country. */
function covered(rings: Ring[], [x, y]: [number, number], width: number, height: number): number {
  let score = 0;
  for (const ring of rings) {
    for (const [px, py] of ring) if (px >= x && px <= x + width && py >= y && py <= y + height) score++;
  }
  for (const fx of [0, 0.5, 1]) {
    for (const fy of [0, 0.5, 1]) {
      const point: [number, number] = [x + fx * width, y + fy * height];
      if (rings.some((ring) => ring.length > 2 && polygonContains(ring, point))) score += 50;
    }
  }
  return score;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Top-left corner for a `width` × `height` box: the first anchor, in order of preference, that covers no
 *  data; when every one does, the one that covers least. It never goes over the furniture. */
export function placeBox(ctx: RenderContext, width: number, height: number, preferences: Anchor[]): [number, number] {
  const rings = dataRings(ctx);
  const furniture = Object.values(ctx.corners);
  let best: { at: [number, number]; score: number } | null = null;
  for (const anchor of preferences) {
    const at = origin(ctx, anchor, width, height);
    const blocked = furniture.some((box) => overlaps(box, { x: at[0], y: at[1], width, height }));
    const score = blocked ? Infinity : covered(rings, at, width, height);
    if (score === 0) return at;
    if (!best || score < best.score) best = { at, score };
  }
  return best?.at ?? origin(ctx, preferences[0], width, height);
}
