// Region labels at each region's visual centre (a dot's centre for a region drawn as one): the id, the name in
// the locale, the value, or the name over the value (`labelContent`). With `ISO`, larger regions come first and
// a label that would overlap one already placed is left out; a listed region is always labelled. A halo in the
// background colour keeps them legible on any fill.
import type { RenderContext } from '../context.ts';
import { textWidth } from '../fonts.ts';
import { el, layerGroup, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

interface Placed {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlaps = (a: Placed, b: Placed) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The lines of a region's label (bold first), or none when it asks for a value the region does not have. */
function labelLines(ctx: RenderContext, id: string, values: ReadonlyMap<string, number | string>): string[] {
  const { spec, text } = ctx;
  const given = values.get(id);
  const value = typeof given === 'number' ? text.value(given) : (given ?? null);
  switch (spec.labelContent) {
    case 'id':
      return [id];
    case 'name':
      return [text.name(id)];
    case 'value':
      return value === null ? [] : [value];
    case 'name-value':
      return value === null ? [text.name(id)] : [text.name(id), value];
  }
}

export function labelsLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, spec, frame } = ctx;
  const { mode, ids, minArea } = spec.labels;
  if (mode === 'none') return null;
  const listed = new Set(ids);
  const size = Math.round(Math.min(13, Math.max(8, spec.width * 0.0085)));
  // the regions drawn: their outlines, and the dots of regions with data that have none to show
  const drawn = new Set([
    ...ctx.geometry.regions.map((f) => f.id),
    ...ctx.drawnRegions.filter((r) => 'dot' in r).map((r) => r.id),
  ]);
  const candidates = [...drawn]
    .filter((id) => (mode === 'all' ? true : listed.has(id)))
    .map((id) => ({ id, area: frame.area(id) }))
    .filter((c) => mode === 'list' || c.area >= minArea)
    .sort((a, b) => b.area - a.area || (a.id < b.id ? -1 : 1));
  // a region's value, else its circle's
  const values = new Map<string, number | string>([
    ...spec.proportional.items.map((p): [string, number] => [p.id, p.value]),
    ...spec.regions.flatMap((r): Array<[string, number | string]> => (r.value === null ? [] : [[r.id, r.value]])),
  ]);
  const placed: Placed[] = [];
  const labels: MapElement[] = [];
  for (const { id } of candidates) {
    const at = ctx.centreOf(id);
    if (!at) continue;
    const lines = labelLines(ctx, id, values);
    if (!lines.length) continue;
    const half = Math.max(...lines.map((line, i) => textWidth(line, size, i === 0 ? 700 : 400))) / 2 + 1;
    // lines of 1.2 em, centred together on the point
    const step = size * 1.2;
    const top = at[1] - ((lines.length - 1) * step) / 2;
    const box = {
      x0: at[0] - half,
      y0: top - size * 0.6,
      x1: at[0] + half,
      y1: top + (lines.length - 1) * step + size * 0.6,
    };
    if (mode === 'all' && placed.some((p) => overlaps(p, box))) continue;
    placed.push(box);
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
  return layerGroup(doc, 'labels', labels);
}
