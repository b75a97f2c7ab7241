import ms from 'milsymbol';
import type { RenderContext } from '../context.ts';
import type { MarkerSpec } from '../spec.ts';
import { textWidth } from '../fonts.ts';
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

const SIDES = ['right', 'left', 'top', 'bottom'] as const;
type Side = (typeof SIDES)[number];

/** A label on one side of what the marker drew, relative to its anchor: where its text starts and how, and the
 *  box its ink takes (Noto Sans's ascent and descent about the baseline). */
function labelPlace(ctx: RenderContext, text: string, side: Side, [left, top, right, bottom]: Bounds) {
  const size = Math.max(10, ctx.layout.legendFontSize);
  const gap = Math.max(2, size * 0.3);
  const middle = (top + bottom) / 2;
  const centre = (left + right) / 2;
  const place = {
    right: { x: right + gap, y: middle + size * 0.35, anchor: 'start' },
    left: { x: left - gap, y: middle + size * 0.35, anchor: 'end' },
    top: { x: centre, y: top - gap - size * 0.22, anchor: 'middle' },
    bottom: { x: centre, y: bottom + gap + size * 0.75, anchor: 'middle' },
  }[side];
  const width = textWidth(text, size);
  const x0 = place.anchor === 'start' ? place.x : place.anchor === 'end' ? place.x - width : place.x - width / 2;
  const box: Bounds = [x0, place.y - size * 0.78, x0 + width, place.y + size * 0.24];
  return { ...place, size, box };
}

/** The label's text element, with a halo in the background colour. */
function drawLabel(ctx: RenderContext, text: string, place: ReturnType<typeof labelPlace>): MapElement {
  return el(
    ctx.doc,
    'text',
    {
      x: px(place.x),
      y: px(place.y),
      'text-anchor': place.anchor,
      'font-size': place.size,
      fill: ctx.theme.text,
      stroke: ctx.theme.background,
      'stroke-width': round(Math.max(2, place.size * 0.22), 1),
      'stroke-linejoin': 'round',
      'paint-order': 'stroke',
    },
    text,
  );
}

const shift = ([x0, y0, x1, y1]: Bounds, [x, y]: [number, number]): Bounds => [x0 + x, y0 + y, x1 + x, y1 + y];
const overlaps = (a: Bounds, b: Bounds) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** The screen point of a marker, or null when the projection cannot place it inside the map's frame. */
function place(ctx: RenderContext, marker: MarkerSpec): [number, number] | null {
  const point = ctx.frame.projection([marker.lon, marker.lat]);
  if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return null;
  const [[x0, y0], [x1, y1]] = ctx.layout.mapExtent;
  const [x, y] = point;
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 ? [x, y] : null;
}

/** One group per marker, `data-index` its position in the request, at the projected point: an icon from
 *  the set or a military symbol, and its label. Markers off the map are left out. A label goes on the side asked
 *  for, else on the first other side where it covers no marker's symbol, no label placed before it and nothing
 *  outside the map; where there is none it is left out and named in the warnings (`hidden-labels`). What the
 *  markers drew goes into `ctx.symbolBoxes`, which the region labels keep clear of. */
export function markersLayer(ctx: RenderContext): MapElement | null {
  const shown = ctx.spec.markers.flatMap((marker, index) => {
    const at = place(ctx, marker);
    if (!at) return [];
    const drawn =
      marker.sidc !== null
        ? drawSymbol(ctx, { ...marker, sidc: marker.sidc })
        : marker.icon !== null
          ? drawIcon(ctx, { ...marker, icon: marker.icon })
          : null;
    return drawn ? [{ marker, index, at, drawn }] : [];
  });
  // every symbol first, so that no label goes under a symbol drawn after it
  const taken = shown.map(({ at, drawn }) => shift(drawn.bounds, at));
  const [[mx0, my0], [mx1, my1]] = ctx.layout.mapExtent;
  const onMap = ([x0, y0, x1, y1]: Bounds) => x0 >= mx0 && y0 >= my0 && x1 <= mx1 && y1 <= my1;
  const layer = layerGroup(
    ctx.doc,
    'markers',
    shown.map(({ marker, index, at, drawn }) => {
      const group = el(ctx.doc, 'g', { 'data-index': index, transform: `translate(${px(at[0])},${px(at[1])})` });
      group.appendChild(drawn.node);
      if (!marker.label) return group;
      const text = marker.label;
      const sides = [marker.labelPosition, ...SIDES.filter((s) => s !== marker.labelPosition)];
      const fit = sides
        .map((side) => labelPlace(ctx, text, side, drawn.bounds))
        .find(({ box }) => {
          const onScreen = shift(box, at);
          return onMap(onScreen) && !taken.some((other) => overlaps(onScreen, other));
        });
      if (fit) {
        group.appendChild(drawLabel(ctx, text, fit));
        taken.push(shift(fit.box, at));
      } else ctx.warnings.hiddenLabels.push(text);
      return group;
    }),
  );
  ctx.symbolBoxes.push(...taken.map(([x0, y0, x1, y1]) => ({ x0, y0, x1, y1 })));
  return layer;
}
