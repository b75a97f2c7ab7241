// Region labels (canonical ids) at each region's visual centre (a dot's centre for a region drawn as one).
// With `ISO`, larger regions come first and a label that would overlap one already placed is left out; a
// listed region is always labelled. A halo in the background colour keeps them legible on any fill.
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
  const placed: Placed[] = [];
  const labels: MapElement[] = [];
  for (const { id } of candidates) {
    const at = ctx.centreOf(id);
    if (!at) continue;
    const half = textWidth(id, size, 700) / 2 + 1;
    const box = { x0: at[0] - half, y0: at[1] - size * 0.6, x1: at[0] + half, y1: at[1] + size * 0.6 };
    if (mode === 'all' && placed.some((p) => overlaps(p, box))) continue;
    placed.push(box);
    labels.push(
      el(
        doc,
        'text',
        {
          'data-id': id,
          x: px(at[0]),
          y: px(at[1]),
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
        id,
      ),
    );
  }
  return layerGroup(doc, 'labels', labels);
}
