// Where the fixed furniture sits in the map frame: logo top-left, north arrow top-right, scale bar
// bottom-right. The legend takes a free corner around them (placement.ts).
import { geoDistance } from 'd3';
import type { RenderContext } from '../context.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const EARTH_RADIUS_KM = 6371;
const SCALE_BAR_TARGET_PX = 140;

/** Kilometres per pixel across the middle of the map, or null where the projection cannot say. */
function kmPerPixel(ctx: RenderContext): number | null {
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const a = ctx.frame.projection.invert?.([cx - 50, cy]);
  const b = ctx.frame.projection.invert?.([cx + 50, cy]);
  if (!a || !b) return null;
  const km = geoDistance(a, b) * EARTH_RADIUS_KM;
  return km > 0 ? km / 100 : null;
}

/** The round distance (1, 2 or 5 × 10ⁿ km) whose bar comes nearest 140 px, and its length in px. */
export function scaleBarLength(ctx: RenderContext): { km: number; px: number } | null {
  const perPx = kmPerPixel(ctx);
  if (!perPx) return null;
  const target = perPx * SCALE_BAR_TARGET_PX;
  const power = 10 ** Math.floor(Math.log10(target));
  const km = [1, 2, 5, 10].map((m) => m * power).reduce((best, d) => (Math.abs(d - target) < Math.abs(best - target) ? d : best));
  return { km, px: km / perPx };
}

function furnitureSize(ctx: RenderContext): number {
  return Math.round(Math.min(48, Math.max(24, ctx.layout.width * 0.035)));
}

/** Boxes of the furniture the request turned on, by name. */
export function furnitureBoxes(ctx: RenderContext): { northArrow?: Box; scaleBar?: Box; logo?: Box } {
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  const size = furnitureSize(ctx);
  const boxes: { northArrow?: Box; scaleBar?: Box; logo?: Box } = {};
  if (ctx.spec.northArrow) boxes.northArrow = { x: x1 - size, y: y0, width: size, height: Math.round(size * 1.5) };
  const bar = ctx.spec.scaleBar ? scaleBarLength(ctx) : null;
  if (bar) {
    const height = Math.round(ctx.layout.legendFontSize * 2.4);
    const width = Math.ceil(bar.px) + 8;
    boxes.scaleBar = { x: x1 - width, y: y1 - height, width, height };
  }
  if (ctx.spec.logo) boxes.logo = { x: x0, y: y0, width: size * 3.6, height: size };
  return boxes;
}
