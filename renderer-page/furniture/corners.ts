// Where the fixed furniture sits in the map frame: logo top-left, north arrow top-right, scale bar
// bottom-right. Worked out once per render (render-map.ts puts it in the context), so the pieces that draw
// and the legend, which takes a free corner around them (placement.ts), read the same boxes.
import { geoDistance, type GeoProjection } from 'd3';
import type { MapSpec } from '../spec.ts';
import type { Layout } from '../layout.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of the furniture the request turned on; the scale bar's with the distance it shows. */
export interface Corners {
  northArrow?: Box;
  scaleBar?: Box & { km: number; px: number };
  logo?: Box;
  /** set by the legend once placed, so the size key drawn after it keeps clear of it too */
  legend?: Box;
}

const EARTH_RADIUS_KM = 6371;
/** about 140 px on a 1,200 px map, in proportion on larger ones */
const scaleBarTarget = (layout: Layout) => Math.max(140, layout.width * 0.117);

/** Kilometres per pixel across the middle of the map, or null where the projection cannot say. */
function kmPerPixel(layout: Layout, projection: GeoProjection): number | null {
  const [[x0, y0], [x1, y1]] = layout.mapExtent;
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const a = projection.invert?.([cx - 50, cy]);
  const b = projection.invert?.([cx + 50, cy]);
  if (!a || !b) return null;
  const km = geoDistance(a, b) * EARTH_RADIUS_KM;
  return km > 0 ? km / 100 : null;
}

/** The round distance (1, 2 or 5 × 10ⁿ km) whose bar comes nearest its target length, and its length in px. */
function scaleBarLength(layout: Layout, projection: GeoProjection): { km: number; px: number } | null {
  const perPx = kmPerPixel(layout, projection);
  if (!perPx) return null;
  const target = perPx * scaleBarTarget(layout);
  const power = 10 ** Math.floor(Math.log10(target));
  const km = [1, 2, 5, 10]
    .map((m) => m * power)
    .reduce((best, d) => (Math.abs(d - target) < Math.abs(best - target) ? d : best));
  return { km, px: km / perPx };
}

export function furnitureCorners(spec: MapSpec, layout: Layout, projection: GeoProjection): Corners {
  const [[x0, y0], [x1, y1]] = layout.mapExtent;
  const size = Math.round(Math.max(24, layout.width * 0.035));
  const corners: Corners = {};
  if (spec.northArrow) corners.northArrow = { x: x1 - size, y: y0, width: size, height: Math.round(size * 1.5) };
  const bar = spec.scaleBar ? scaleBarLength(layout, projection) : null;
  if (bar) {
    const height = Math.round(layout.legendFontSize * 2.4);
    const width = Math.ceil(bar.px) + 8;
    corners.scaleBar = { x: x1 - width, y: y1 - height, width, height, ...bar };
  }
  if (spec.logo) corners.logo = { x: x0, y: y0, width: size * 3.6, height: size };
  return corners;
}
