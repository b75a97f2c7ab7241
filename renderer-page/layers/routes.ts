import { geoDistance, geoInterpolate } from 'd3';
import type { RenderContext } from '../context.ts';
import type { LonLat, RouteEnd, RouteSpec } from '../spec.ts';
import { seaPath } from '../sea-routing/sea-route.ts';
import { el, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import type { Box } from '../geometry/box-inside.ts';

/** How an end is written in `unknown-routes`: the region id, or `lat,lon` as the user writes it. The same
 *  text as the server's routeEndText (server/request/route-text.ts), which a bundle cannot import;
 *  tests/unit/route-text.test.ts holds them equal. */
function endName(end: RouteEnd): string {
  return 'region' in end ? end.region : `${end.lonLat[1]},${end.lonLat[0]}`;
}

/** Geographic position of an end: given coordinates, or the region's visual centre; null when the region
 *  is not drawn on this map. */
function locate(ctx: RenderContext, end: RouteEnd): LonLat | null {
  if ('lonLat' in end) return end.lonLat;
  const centre = ctx.centreOf(end.region);
  const lonLat = centre && ctx.frame.projection.invert?.(centre);
  return lonLat ? [lonLat[0], lonLat[1]] : null;
}

/** The route's geographic line. Consecutive points are joined by great-circle arcs, which d3-geo draws
 *  as arcs and cuts where they cross the antimeridian: two points suffice for a great-circle route. */
function line(ctx: RenderContext, route: RouteSpec, from: LonLat, to: LonLat): LonLat[] {
  return route.mode === 'sea' && ctx.seaNetwork ? seaPath(ctx.seaNetwork, from, to) : [from, to];
}

/** Dashes and dots scale with the width; with round caps a zero-length dash is a dot. */
function dashArray(route: RouteSpec): string | null {
  const w = route.width;
  if (route.style === 'dashed') return `${px(3 * w)} ${px(3 * w)}`;
  if (route.style === 'dotted') return `0 ${px(2 * w)}`;
  return null;
}

/** Screen direction (degrees, SVG's clockwise from +x) in which the line arrives under an arrowhead `reach`
 *  px long, or null when the end is not on the map. Walked back along the geography, so it follows what
 *  the head covers rather than the last few metres, and stops where the line is cut at the antimeridian. */
function arrivalAngle(ctx: RenderContext, points: LonLat[], reach: number): number | null {
  const tip = ctx.frame.projection(points[points.length - 1]);
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  if (!tip || !(tip[0] >= x0 && tip[0] <= x1 && tip[1] >= y0 && tip[1] <= y1)) return null;
  let back: [number, number] = tip;
  walk: for (let i = points.length - 2; i >= 0; i--) {
    const along = geoInterpolate(points[i], points[i + 1]);
    const steps = Math.max(1, Math.ceil(geoDistance(points[i], points[i + 1]) / 0.002)); // ~13 km
    for (let k = steps - 1; k >= 0; k--) {
      const p = ctx.frame.projection(along(k / steps));
      if (!p || Math.hypot(p[0] - back[0], p[1] - back[1]) > ctx.layout.width / 4) break walk;
      back = p;
      if (Math.hypot(tip[0] - p[0], tip[1] - p[1]) >= reach) break walk;
    }
  }
  const [dx, dy] = [tip[0] - back[0], tip[1] - back[1]];
  if (Math.hypot(dx, dy) < 1e-6) return null;
  return Math.round(((Math.atan2(dy, dx) * 180) / Math.PI) * 10) / 10;
}

const arrowSize = (route: RouteSpec) => 3 * route.width + 6;

/** An arrowhead for one route, its tip a little past the end so it covers the line's round cap. */
function arrowMarker(ctx: RenderContext, id: string, route: RouteSpec, color: string, angle: number): MapElement {
  const size = arrowSize(route);
  // the line ends 1.2 widths behind the tip: there the head is wide enough to hide the cap
  const refX = px(10 - ((1.2 * route.width) / size) * 10);
  const marker = el(ctx.doc, 'marker', {
    id,
    viewBox: '0 0 10 10',
    refX,
    refY: 5,
    markerWidth: px(size),
    markerHeight: px(size),
    markerUnits: 'userSpaceOnUse',
    orient: angle,
  });
  marker.appendChild(el(ctx.doc, 'path', { d: 'M0,0L10,5L0,10Z', fill: color }));
  return marker;
}

/** The box an arrowhead `size` px long covers, its tip at `[x, y]`: a region label drawn over it hid the
 *  head that said where the route goes (the route's end is a region's centre, where its label stands). */
function headBox([x, y]: [number, number], size: number, angle: number): Box {
  const radians = (angle * Math.PI) / 180;
  const [cx, cy] = [x - (Math.cos(radians) * size) / 2, y - (Math.sin(radians) * size) / 2];
  return { x0: cx - size / 2, y0: cy - size / 2, x1: cx + size / 2, y1: cy + size / 2 };
}

/** One path per route, `data-index` its place in the request (`route.index`); ends that are not on this map are reported
 *  in `unknown-routes` and the route skipped. */
export function routesLayer(ctx: RenderContext): MapElement | null {
  const { doc, spec, theme } = ctx;
  const markers: MapElement[] = [];
  const paths: MapElement[] = [];
  for (const route of spec.routes) {
    const from = locate(ctx, route.from);
    const to = locate(ctx, route.to);
    if (!from || !to) {
      ctx.warnings.unknownRoutes.push(`${endName(route.from)}>${endName(route.to)}`);
      continue;
    }
    const points = line(ctx, route, from, to);
    const d = ctx.path({ type: 'LineString', coordinates: points });
    if (!d) continue;
    const color = route.color ?? theme.text;
    const angle = route.arrow ? arrivalAngle(ctx, points, arrowSize(route)) : null;
    const markerId = angle === null ? null : `route-arrow-${route.index}`;
    if (markerId !== null && angle !== null) {
      markers.push(arrowMarker(ctx, markerId, route, color, angle));
      const tip = ctx.frame.projection(points[points.length - 1]);
      if (tip) ctx.symbolBoxes.push(headBox(tip, arrowSize(route), angle));
    }
    paths.push(
      el(doc, 'path', {
        'data-index': route.index,
        fill: 'none',
        stroke: color,
        'stroke-width': route.width,
        'stroke-dasharray': dashArray(route),
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
        'marker-end': markerId && `url(#${markerId})`,
        d,
      }),
    );
  }
  if (!paths.length) return null;
  const group = el(doc, 'g', { 'data-layer': 'routes' });
  if (markers.length) {
    const defs = el(doc, 'defs');
    for (const marker of markers) defs.appendChild(marker);
    group.appendChild(defs);
  }
  for (const path of paths) group.appendChild(path);
  return group;
}
