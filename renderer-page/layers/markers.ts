import ms from 'milsymbol';
import type { RenderContext } from '../context.ts';
import type { MarkerSpec } from '../spec.ts';
import { el, layerGroup, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import { ICON_BOX, ICON_PATHS, iconAnchor } from '../markers/icons.ts';

/** What a marker drew, in px around its anchor (the coordinate): left, top, right, bottom. */
type Bounds = [number, number, number, number];

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** Bounds of the rectangle [x0,x1]×[y0,y1] turned by `degrees` about the origin. */
function rotatedBounds(x0: number, y0: number, x1: number, y1: number, degrees: number): Bounds {
  if (degrees % 360 === 0) return [x0, y0, x1, y1];
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ]) {
    xs.push(x * cos - y * sin);
    ys.push(x * sin + y * cos);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The icon scaled from its 24×24 box to `size` px, turned about its anchor, with a thin outline in the
 *  background colour so it reads on any fill. */
function drawIcon(ctx: RenderContext, marker: MarkerSpec & { icon: NonNullable<MarkerSpec['icon']> }) {
  const scale = marker.size / ICON_BOX;
  const [ax, ay] = iconAnchor(marker.icon);
  const turn = marker.rotation % 360 === 0 ? '' : `rotate(${round(marker.rotation, 2)}) `;
  const node = el(ctx.doc, 'path', {
    transform: `${turn}scale(${round(scale)}) translate(${-ax},${-ay})`,
    fill: marker.color ?? ctx.theme.highlight,
    stroke: ctx.theme.background,
    // about 1.5 px on screen whatever the size; painted under the fill, so half of it shows
    'stroke-width': round(3 / scale, 3),
    'stroke-linejoin': 'round',
    'paint-order': 'stroke',
    d: ICON_PATHS[marker.icon],
  });
  const bounds = rotatedBounds(
    -ax * scale,
    -ay * scale,
    (ICON_BOX - ax) * scale,
    (ICON_BOX - ay) * scale,
    marker.rotation,
  );
  return { node, bounds };
}

/** milsymbol's symbol for the SIDC, its SVG imported node by node (the code is digits the server checked,
 *  no user text goes in), its anchor on the coordinate. A rotation is the direction of movement. */
function drawSymbol(ctx: RenderContext, marker: MarkerSpec & { sidc: string }) {
  const symbol = new ms.Symbol(marker.sidc, {
    size: marker.size,
    ...(marker.rotation % 360 === 0 ? {} : { direction: marker.rotation }),
    ...(marker.color ? { fillColor: marker.color } : {}),
    // a light outline round the black frame reads on dark and light maps alike (milsymbol's default
    // colour); milsymbol draws at size/100 of its own units, so this is about 1 px on screen
    outlineWidth: round(100 / marker.size, 2),
  });
  if (symbol.isValid() !== true) return null;
  const source = ctx.parseSvg(symbol.asSVG());
  if (source.nodeName !== 'svg') return null;
  const anchor = symbol.getAnchor();
  const { width, height } = symbol.getSize();
  const [vx, vy, vw] = (source.getAttribute('viewBox') ?? `0 0 ${width} ${height}`).split(/[\s,]+/).map(Number);
  const node = el(ctx.doc, 'g', {
    'data-sidc': marker.sidc,
    transform: `translate(${round(-anchor.x, 2)},${round(-anchor.y, 2)}) scale(${round(width / vw)}) translate(${-vx},${-vy})`,
  });
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 1) node.appendChild(ctx.doc.importNode(child, true));
  }
  return { node, bounds: [-anchor.x, -anchor.y, width - anchor.x, height - anchor.y] as Bounds };
}

/** The label beside what the marker drew, on the side asked for, with a halo in the background colour. */
function drawLabel(ctx: RenderContext, marker: MarkerSpec, [left, top, right, bottom]: Bounds): MapElement | null {
  if (!marker.label) return null;
  const size = Math.max(10, ctx.layout.legendFontSize);
  const gap = Math.max(2, size * 0.3);
  const middle = (top + bottom) / 2;
  const centre = (left + right) / 2;
  const place = {
    right: { x: right + gap, y: middle + size * 0.35, anchor: 'start' },
    left: { x: left - gap, y: middle + size * 0.35, anchor: 'end' },
    top: { x: centre, y: top - gap - size * 0.22, anchor: 'middle' },
    bottom: { x: centre, y: bottom + gap + size * 0.75, anchor: 'middle' },
  }[marker.labelPosition];
  return el(
    ctx.doc,
    'text',
    {
      x: px(place.x),
      y: px(place.y),
      'text-anchor': place.anchor,
      'font-size': size,
      fill: ctx.theme.text,
      stroke: ctx.theme.background,
      'stroke-width': round(Math.max(2, size * 0.22), 1),
      'stroke-linejoin': 'round',
      'paint-order': 'stroke',
    },
    marker.label,
  );
}

/** The screen point of a marker, or null when the projection cannot place it inside the map's frame. */
function place(ctx: RenderContext, marker: MarkerSpec): [number, number] | null {
  const point = ctx.frame.projection([marker.lon, marker.lat]);
  if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return null;
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  const [x, y] = point;
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 ? [x, y] : null;
}

/** One group per marker, `data-index` its position in the request, at the projected point: an icon from
 *  the set or a military symbol, and its label. Markers off the map are left out. */
export function markersLayer(ctx: RenderContext): MapElement | null {
  const groups: MapElement[] = [];
  ctx.spec.markers.forEach((marker, index) => {
    const at = place(ctx, marker);
    if (!at) return;
    const drawn =
      marker.sidc !== null
        ? drawSymbol(ctx, { ...marker, sidc: marker.sidc })
        : marker.icon !== null
          ? drawIcon(ctx, { ...marker, icon: marker.icon })
          : null;
    if (!drawn) return;
    const group = el(ctx.doc, 'g', { 'data-index': index, transform: `translate(${px(at[0])},${px(at[1])})` });
    group.appendChild(drawn.node);
    const label = drawLabel(ctx, marker, drawn.bounds);
    if (label) group.appendChild(label);
    groups.push(group);
  });
  return layerGroup(ctx.doc, 'markers', groups);
}
