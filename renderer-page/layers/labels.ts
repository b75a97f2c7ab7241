// Region labels: the id (without the scope's country prefix: `CA`, not `US-CA`), the name in the locale, the
// value, or the name over the value (`labelContent`). With `ISO`, regions with data come first, then larger ones;
// a label goes only where its text lies wholly inside the region and clear of the labels already placed and of
// the markers (their symbols and labels), and is left out otherwise (DECISIONS §11). A region without data is
// tried at its visual centre and a little off it, at the label size, on one line. A region with data is tried
// harder, since a desk never prints a map whose data go unnamed while the regions around them are named: at the
// visual centre of each of its sizeable parts, its name on one line then wrapped onto two, at the label size then
// a step smaller; one drawn in an inset's panel and too small to hold its label anywhere (the Canaries, Hawaii)
// is labelled beside its islands, inside the panel, over no land. A small region drawn as a dot is labelled
// beside its dot, never over it, with a leader line when the label had to stand farther off; a listed region is
// always labelled: inside where it fits, else beside it, else on its centre. A halo in the background colour
// keeps the text legible on any fill.
import type { RenderContext } from '../context.ts';
import { boxInside, boxTouches, shapeOf, type Box, type Shape } from '../geometry/box-inside.ts';
import type { Panel } from '../geometry/inset-panels.ts';
import type { Ring } from '../geometry/visual-centre.ts';
import { el, layerGroup, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import { beside, besideBounds, DataLand, partsOf, Placed, positions, reachOf, type Part } from './label-places.ts';
import { labelLines, LEADING, setLabel, wrapped, type Line, type SetLabel } from './label-text.ts';

/** px: a label's size on a small map, where it would be less in proportion to the map: the size text on a
 *  screen is read at. In proportion, a map 640 px wide had its labels at 8 px, on regions a hundred times larger. */
const SMALLEST_LABEL = 10;
/** px: no label is set smaller, a data region's stepping down included. */
const MIN_READABLE = 8;
/** The smaller size a data region's label may step down to, as a share of the label size: smaller would read
 *  as another kind of text than its neighbours' labels. A small map's labels step from 10 to 8 px, where a small
 *  state's two letters fit (Connecticut on a map of the US 640 px wide). */
const FLOOR = 0.8;
/** A data region's last try, as a share of the label size, where neither of the two fits: a poster's city-state
 *  (Bremen on a map of Germany 4000 px wide, 170 px across) had no name where the map named every other state.
 *  Never under MIN_READABLE. */
const LAST_TRY = 0.6;
/** How many of a data region's parts are tried, largest first. */
const PARTS = 3;
/** How far off an island's coast a label beside it stands, in em: near enough to read as its name. */
const GAP = 0.3;
/** How far inside its panel's frame a label beside a panel's islands keeps, in em: its halo clear of the frame's
 *  line, so that the label reads as the panel's and not as the next one's (Martinique above French Guiana). */
const PANEL_MARGIN = 0.25;

/** A label placed: how it is set, where, and whether a leader line ties it to its dot or region. */
interface Placement {
  label: SetLabel;
  at: [number, number];
  leader: boolean;
}

/** The settings a label is tried in, preferred first: `rich` (a region with data, or listed) adds the name
 *  wrapped onto two lines, then both a step smaller, then at its last try; otherwise the label size, on one line. */
function settings(lines: Line[], size: number, rich: boolean): SetLabel[] {
  const smaller = (share: number) => Math.max(MIN_READABLE, Math.round(size * share));
  const sizes = rich ? [...new Set([size, smaller(FLOOR), smaller(LAST_TRY)])] : [size];
  return sizes.flatMap((s) => {
    const wrap = rich ? wrapped(lines, s) : null;
    return [setLabel(lines, s), ...(wrap ? [setLabel(wrap, s)] : [])];
  });
}

const halfSize = (label: SetLabel): [number, number] => {
  const box = label.ink([0, 0], 0);
  return [(box.x1 - box.x0) / 2, (box.y1 - box.y0) / 2];
};

function inPanel([[x0, y0], [x1, y1]]: Panel, box: Box, size: number): boolean {
  const m = size * PANEL_MARGIN;
  return box.x0 >= x0 + m && box.y0 >= y0 + m && box.x1 <= x1 - m && box.y1 <= y1 - m;
}

export function labelsLayer(ctx: RenderContext): MapElement | null {
  const { doc, spec, frame } = ctx;
  const { mode, ids, minArea } = spec.labels;
  if (mode === 'none') return null;
  const listed = new Set(ids);
  // in proportion to the map, as the rest of its text (layout.ts): a poster's labels were capped at 13 px
  const size = Math.round(Math.max(SMALLEST_LABEL, ctx.layout.legendFontSize * 0.85));
  // a region's value, else its circle's
  const values = new Map<string, number | string>([
    ...spec.proportional.items.map((p): [string, number] => [p.id, p.value]),
    ...spec.regions.flatMap((r): Array<[string, number | string]> => (r.value === null ? [] : [[r.id, r.value]])),
  ]);
  const dots = new Map(ctx.drawnRegions.flatMap((r) => ('dot' in r ? [[r.id, r] as const] : [])));
  // the regions drawn: their outlines, and the dots of regions with data that have none to show
  const drawn = new Set([...ctx.geometry.regions.map((f) => f.id), ...dots.keys()]);
  const candidates = [...drawn]
    .filter((id) => (mode === 'all' ? true : listed.has(id)))
    .map((id) => ({ id, area: frame.area(id), data: values.has(id) }))
    // a region with data is labelled wherever its label fits (Connecticut at 640 px), whatever its area
    .filter((c) => mode === 'list' || c.data || c.area >= minArea)
    .sort((a, b) => Number(b.data) - Number(a.data) || b.area - a.area || (a.id < b.id ? -1 : 1));
  const placed = new Placed();
  // the markers' symbols and labels, and the dots of small regions, which a region label drawn over them would hide
  for (const box of ctx.symbolBoxes) placed.add(box);
  for (const { dot, r } of dots.values())
    placed.add({ x0: dot[0] - r, y0: dot[1] - r, x1: dot[0] + r, y1: dot[1] + r });
  const [[mapLeft, mapTop], [mapRight, mapBottom]] = ctx.layout.mapExtent;
  const onMap = (box: Box) => box.x0 >= mapLeft && box.y0 >= mapTop && box.x1 <= mapRight && box.y1 <= mapBottom;
  let land: DataLand | undefined;
  const dataLand = () =>
    (land ??= new DataLand(
      [...values.keys()].map((id) => ({ polygons: frame.regionPolygons(id), area: frame.area(id) })),
    ));
  const free = (label: SetLabel, at: [number, number]) => !placed.hits(label.ink(at, 1));
  const labels: MapElement[] = [];
  const leaders: MapElement[] = [];
  for (const { id, data } of candidates) {
    const centre = ctx.centreOf(id);
    if (!centre) continue;
    const lines = labelLines(ctx, id, values);
    if (!lines.length) continue;
    const tried = settings(lines, size, data || mode === 'list');
    const polygons = frame.regionPolygons(id);
    const dot = dots.get(id);
    const parts = data && !dot ? partsOf(polygons, PARTS, centre) : [];
    // beside a dot, or a listed region too small to hold its label: on the map, clear of the rest, and over
    // no large share of another region's data where such a place is free (Andorra's name beside its dot)
    const besideIt = (): Placement | undefined => {
      const reach = dot?.r ?? reachOf(polygons, centre);
      const find = (spare: boolean) =>
        firstOf(tried, (label) => {
          const [hw, hh] = halfSize(label);
          const place = beside(centre, reach, hw, hh).find(
            ({ at }) =>
              free(label, at) && onMap(label.ink(at, 0)) && !(spare && dataLand().hides(label.ink(at, 1), polygons)),
          );
          return place && { label, ...place };
        });
      return find(true) ?? find(false);
    };
    const placement: Placement | undefined = dot
      ? besideIt()
      : (insideOf(tried, polygons, centre, parts, (label, at) => mode === 'list' || free(label, at)) ??
        (data ? besidePanelIslands(ctx, tried, centre, parts, free) : undefined) ??
        (mode === 'list' ? (besideIt() ?? { label: tried[0], at: centre, leader: false }) : undefined));
    if (!placement) continue;
    const { label, at, leader: leads } = placement;
    placed.add(label.ink(at, 1));
    if (leads) leaders.push(leader(ctx, centre, dot?.r ?? 0, label.ink(at, 1)));
    labels.push(labelText(ctx, id, label, at));
  }
  return layerGroup(doc, 'labels', [...leaders, ...labels]);
}

/** The first setting `place` finds room for. */
function firstOf(tried: SetLabel[], place: (label: SetLabel) => Placement | undefined): Placement | undefined {
  for (const label of tried) {
    const placement = place(label);
    if (placement) return placement;
  }
  return undefined;
}

/** Where a label lies wholly inside the region, clear of the rest: at its centre and around it, or, for a region
 *  with data, also at the centres of its next largest parts that could hold the label. */
function insideOf(
  tried: SetLabel[],
  polygons: Ring[][],
  centre: [number, number],
  parts: Part[],
  clear: (label: SetLabel, at: [number, number]) => boolean,
): Placement | undefined {
  const shape = shapeOf(polygons);
  return firstOf(tried, (label) => {
    const [hw, hh] = halfSize(label);
    // a part smaller than the label's box cannot hold it (a county far smaller than its label is not tried)
    const points = parts.length
      ? parts.flatMap((part) => {
          const middle = part.area >= hw * hh * 4 ? part.centre() : null;
          return middle ? [middle] : [];
        })
      : [centre];
    for (const point of points) {
      const at = positions(point, hw, label.size).find((p) => clear(label, p) && boxInside(label.ink(p, 0), shape));
      if (at) return { label, at, leader: false };
    }
    return undefined;
  });
}

/** For a region drawn in an inset's panel whose islands are all too small for its label: a place beside one of
 *  its largest islands, inside the panel, over none of the land the panel shows and clear of the rest. The panel
 *  frames the region, so the label reads as its name as the name of an archipelago set in the sea beside it does. */
function besidePanelIslands(
  ctx: RenderContext,
  tried: SetLabel[],
  centre: [number, number],
  parts: Part[],
  free: (label: SetLabel, at: [number, number]) => boolean,
): Placement | undefined {
  const { frame } = ctx;
  const within = (panel: Panel, [x, y]: [number, number]) =>
    x >= panel[0][0] && x <= panel[1][0] && y >= panel[0][1] && y <= panel[1][1];
  const panel = frame.panels.find((p) => within(p, centre));
  if (!panel) return undefined;
  const land: Shape = shapeOf(
    ctx.geometry.regions.flatMap((r) => {
      const c = frame.centre(r.id);
      return c && within(panel, c) ? frame.regionPolygons(r.id) : [];
    }),
  );
  return firstOf(tried, (label) => {
    const [hw, hh] = halfSize(label);
    for (const part of parts) {
      const [bounds] = shapeOf([part.polygon]).bounds;
      const middle = part.centre();
      if (!middle) continue;
      const at = besideBounds(bounds, middle, hw, hh, label.size * GAP).find(
        (p) => inPanel(panel, label.ink(p, 0), label.size) && free(label, p) && !boxTouches(label.ink(p, 1), land),
      );
      if (at) return { label, at, leader: false };
    }
    return undefined;
  });
}

/** The label's text: one line as the text's content, several as tspans of 1.2 em centred together on `at`. */
function labelText(ctx: RenderContext, id: string, { lines, size }: SetLabel, at: [number, number]): MapElement {
  const { theme } = ctx;
  const top = at[1] - ((lines.length - 1) * size * LEADING) / 2;
  const oneLine = lines.length === 1 ? lines[0].text : undefined;
  const text = el(
    ctx.doc,
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
      text.appendChild(
        el(
          ctx.doc,
          'tspan',
          { x: px(at[0]), y: px(top + i * size * LEADING), 'font-weight': line.bold ? null : 400 },
          line.text,
        ),
      ),
    );
  return text;
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
