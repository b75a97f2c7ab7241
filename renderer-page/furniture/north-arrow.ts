import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** A north arrow in the frame's top-right corner: a split arrowhead over an N. */
export function northArrowLayer(ctx: RenderContext): MapElement | null {
  const box = ctx.corners.northArrow;
  if (!box) return null;
  const { doc, theme } = ctx;
  const w = box.width;
  const cx = box.x + w / 2;
  const top = box.y + w * 0.1;
  const base = box.y + w * 0.9;
  const half = w * 0.28;
  const group = layerGroup(doc, 'north-arrow', [
    el(doc, 'path', { d: `M${cx},${top}L${cx - half},${base}L${cx},${base - w * 0.2}Z`, fill: theme.text }),
    el(doc, 'path', {
      d: `M${cx},${top}L${cx + half},${base}L${cx},${base - w * 0.2}Z`,
      fill: theme.background,
      stroke: theme.text,
      'stroke-width': 1,
    }),
    el(
      doc,
      'text',
      {
        x: cx,
        y: box.y + box.height,
        'text-anchor': 'middle',
        'font-size': Math.round(w * 0.42),
        'font-weight': 700,
        fill: theme.text,
        stroke: theme.background,
        'stroke-width': 3,
        'paint-order': 'stroke',
      },
      'N',
    ),
  ]);
  return group;
}
