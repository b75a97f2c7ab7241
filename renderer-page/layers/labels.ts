// Region labels: the id (without the scope's country prefix: `CA`, not `US-CA`), the name in the locale, the
// value, or the name over the value (`labelContent`). With `ISO`, regions with data come first, then larger ones;
// a label goes at its region's visual centre, else a little off it, only where its text lies wholly inside the
// region and clear of the labels already placed and of the markers (their symbols and labels), and is left out
// otherwise (DECISIONS §11). A small region drawn as a dot is labelled beside its dot, never over it, with a
// leader line when the label had to stand farther off; a listed region is always labelled: inside where it fits,
// else beside it, else on its centre. A halo in the background colour keeps the text legible on any fill.
import type { RenderContext } from '../context.ts';
import { textWidth } from '../fonts.ts';
import { boxInside, shapeOf, type Box } from '../geometry/box-inside.ts';
import { el, layerGroup, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

// Where Noto Sans's ink lies about a line's middle, in em: the middle (`central`) is halfway between its
// ascent (1.069) and descent (0.293), 0.388 above the baseline; capitals and ascenders reach 0.714 to 0.76 above
// the baseline, the baseline is 0.388 below the middle, descenders (g, p, y) reach 0.24 below the baseline.
const ABOVE_MIDDLE = 0.38;
const BELOW_MIDDLE = 0.4;
const BELOW_MIDDLE_DESCENDING = 0.63;
/** Letters that reach below the baseline. */
const DESCENDERS = /[gjpqyçŋ,;]/;

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The boxes of the labels placed, filed by the 32 px cells they touch: a map of 3,000 counties tries each label
 *  in up to 25 places, against its neighbours rather than against every label placed. */
class Placed {
  private readonly cells = new Map<string, Box[]>();
  private keys({ x0, y0, x1, y1 }: Box): string[] {
    const keys: string[] = [];
    for (let x = Math.floor(x0 / 32); x <= Math.floor(x1 / 32); x++)
      for (let y = Math.floor(y0 / 32); y <= Math.floor(y1 / 32); y++) keys.push(`${x},${y}`);
    return keys;
  }
  add(box: Box): void {
    for (const key of this.keys(box)) this.cells.set(key, [...(this.cells.get(key) ?? []), box]);
  }
  hits(box: Box): boolean {
    return this.keys(box).some((key) => this.cells.get(key)?.some((other) => overlaps(other, box)));
  }
}

/** The label of an id: without the prefix of the country whose scope the map is (`US-CA` on `US` is `CA`). */
const shortId = (id: string, scope: string) => (id.startsWith(`${scope}-`) ? id.slice(scope.length + 1) : id);

/** The lines of a region's label (bold first), or none when it asks for a value the region does not have. */
function labelLines(ctx: RenderContext, id: string, values: ReadonlyMap<string, number | string>): string[] {
  const { spec, text } = ctx;
  const given = values.get(id);
  const value = typeof given === 'number' ? text.value(given) : (given ?? null);
  switch (spec.labelContent) {
    case 'id':
      return [shortId(id, spec.scope)];
    case 'name':
      return [text.name(id)];
    case 'value':
      return value === null ? [] : [value];
    case 'name-value':
      return value === null ? [text.name(id)] : [text.name(id), value];
  }
}

/** Where a label may go, nearest first: the visual centre, then points up to half the text's width and a line
 *  off it each way, which keeps a label inside a region whose centre lies near a narrow neck or a coast. */
function positions([x, y]: [number, number], halfWidth: number, size: number): Array<[number, number]> {
  const steps = [0, -1, 1, -2, 2];
  const dx = halfWidth / 4;
  const dy = size / 2;
  return steps
    .flatMap((i) => steps.map((j): [number, number] => [i * dx, j * dy]))
    .sort((a, b) => Math.hypot(...a) - Math.hypot(...b))
    .map(([ox, oy]) => [x + ox, y + oy]);
}

/** Where a label may go beside a small region (a dot of radius `r`, or an outline too small to hold its label),
 *  nearest first: right of it, left, above, below, then one and two gaps farther out; `leader` when the label
 *  stands off the point, so that a line tells whose it is. */
function beside(
  [x, y]: [number, number],
  r: number,
  halfWidth: number,
  halfHeight: number,
): Array<{ at: [number, number]; leader: boolean }> {
  const gap = Math.max(3, r / 2);
  return [0, 1, 2].flatMap((far) => {
    const off = r + gap + far * (gap + halfHeight * 2);
    return [
      [x + off + halfWidth, y],
      [x - off - halfWidth, y],
      [x, y - off - halfHeight],
      [x, y + off + halfHeight],
    ].map((at) => ({ at: at as [number, number], leader: far > 0 }));
  });
}

/** How far a small region's outline reaches from its centre, at most (the box around its polygons): a label set
 *  beside it starts beyond, off the region (Luxembourg's name covered half of Luxembourg). */
function reachOf(polygons: Array<Array<Array<[number, number]>>>, [x, y]: [number, number]): number {
  let reach = 0;
  for (const polygon of polygons)
    for (const [px, py] of polygon[0] ?? []) reach = Math.max(reach, Math.abs(px - x), Math.abs(py - y));
  return reach;
}

export function labelsLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, spec, frame } = ctx;
  const { mode, ids, minArea } = spec.labels;
  if (mode === 'none') return null;
  const listed = new Set(ids);
  // in proportion to the map, as the rest of its text (layout.ts): a poster's labels were capped at 13 px
  const size = Math.round(Math.max(8, ctx.layout.legendFontSize * 0.8));
  // a region's value, else its circle's
  const values = new Map<string, number | string>([
    ...spec.proportional.items.map((p): [string, number] => [p.id, p.value]),
    ...spec.regions.flatMap((r): Array<[string, number | string]> => (r.value === null ? [] : [[r.id, r.value]])),
  ]);
  // the regions drawn: their outlines, and the dots of regions with data that have none to show
  const drawn = new Set([
    ...ctx.geometry.regions.map((f) => f.id),
    ...ctx.drawnRegions.filter((r) => 'dot' in r).map((r) => r.id),
  ]);
  const candidates = [...drawn]
    .filter((id) => (mode === 'all' ? true : listed.has(id)))
    .map((id) => ({ id, area: frame.area(id), data: values.has(id) }))
    .filter((c) => mode === 'list' || c.area >= minArea)
    .sort((a, b) => Number(b.data) - Number(a.data) || b.area - a.area || (a.id < b.id ? -1 : 1));
  const placed = new Placed();
  // the markers' symbols and labels, and the dots of small regions, which a region label drawn over them would hide
  for (const box of ctx.markerBoxes) placed.add(box);
  const dots = new Map(ctx.drawnRegions.flatMap((r) => ('dot' in r ? [[r.id, r] as const] : [])));
  for (const { dot, r } of dots.values())
    placed.add({ x0: dot[0] - r, y0: dot[1] - r, x1: dot[0] + r, y1: dot[1] + r });
  const [[mapLeft, mapTop], [mapRight, mapBottom]] = ctx.layout.mapExtent;
  const onMap = (box: Box) => box.x0 >= mapLeft && box.y0 >= mapTop && box.x1 <= mapRight && box.y1 <= mapBottom;
  const labels: MapElement[] = [];
  const leaders: MapElement[] = [];
  for (const { id } of candidates) {
    const centre = ctx.centreOf(id);
    if (!centre) continue;
    const lines = labelLines(ctx, id, values);
    if (!lines.length) continue;
    const half = Math.max(...lines.map((line, i) => textWidth(line, size, i === 0 ? 700 : 400))) / 2;
    // lines of 1.2 em, centred together on the point; each on its middle (`dominant-baseline: central`)
    const step = size * 1.2;
    const extent = ((lines.length - 1) * step) / 2;
    const below = size * (DESCENDERS.test(lines[lines.length - 1]) ? BELOW_MIDDLE_DESCENDING : BELOW_MIDDLE);
    const ink = ([x, y]: [number, number], pad: number): Box => ({
      x0: x - half - pad,
      y0: y - extent - size * ABOVE_MIDDLE - pad,
      x1: x + half + pad,
      y1: y + extent + below + pad,
    });
    const shape = shapeOf(frame.regionPolygons(id));
    const clear = (at: [number, number]) => mode === 'list' || !placed.hits(ink(at, 1));
    const dot = dots.get(id);
    const inside = dot ? undefined : positions(centre, half, size).find((p) => clear(p) && boxInside(ink(p, 0), shape));
    // a dot, or a listed region too small to hold its label: beside it, on the map, clear of the rest
    const callout =
      inside || !(dot || mode === 'list')
        ? undefined
        : beside(centre, dot?.r ?? reachOf(frame.regionPolygons(id), centre), half, extent + size * 0.6).find(
            ({ at }) => !placed.hits(ink(at, 1)) && onMap(ink(at, 0)),
          );
    const at = inside ?? callout?.at ?? (mode === 'list' ? centre : null);
    if (!at) continue;
    placed.add(ink(at, 1));
    if (callout?.leader) leaders.push(leader(ctx, centre, dot?.r ?? 0, ink(at, 1)));
    const top = at[1] - extent;
    const oneLine = lines.length === 1 ? lines[0] : undefined;
    const label = el(
      doc,
      'text',
      {
        'data-id': id,
        x: px(at[0]),
        y: px(top),
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        'font-size': size,
        'font-weight': 700,
        fill: theme.text,
        stroke: theme.background,
        'stroke-width': Math.max(2, size * 0.3),
        'stroke-linejoin': 'round',
        'paint-order': 'stroke',
      },
      oneLine,
    );
    if (oneLine === undefined)
      lines.forEach((line, i) =>
        label.appendChild(
          el(doc, 'tspan', { x: px(at[0]), y: px(top + i * step), 'font-weight': i === 0 ? null : 400 }, line),
        ),
      );
    labels.push(label);
  }
  return layerGroup(doc, 'labels', [...leaders, ...labels]);
}

/** A thin line from the edge of a small region's dot (or its centre) to the nearest point of its label's box. */
function leader(ctx: RenderContext, [x, y]: [number, number], r: number, box: Box): MapElement {
  const tx = Math.min(Math.max(x, box.x0), box.x1);
  const ty = Math.min(Math.max(y, box.y0), box.y1);
  const length = Math.hypot(tx - x, ty - y);
  const [sx, sy] = [x + ((tx - x) * r) / length, y + ((ty - y) * r) / length];
  return el(ctx.doc, 'path', {
    d: `M${px(sx)},${px(sy)}L${px(tx)},${px(ty)}`,
    stroke: ctx.theme.text,
    'stroke-width': 0.75,
    'stroke-opacity': 0.8,
    fill: 'none',
  });
}
