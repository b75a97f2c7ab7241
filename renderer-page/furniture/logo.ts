import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** The service's mark in the frame's top-left corner: a small globe and the name. */
export function logoLayer(ctx: RenderContext): MapElement | null {
  const box = ctx.corners.logo;
  if (!box) return null;
  const { doc, theme } = ctx;
  const r = box.height * 0.38;
  const cx = box.x + box.height / 2;
  const cy = box.y + box.height / 2;
  const line = { fill: 'none', stroke: theme.text, 'stroke-width': 1.2 };
  return layerGroup(doc, 'logo', [
    el(doc, 'circle', { cx, cy, r, ...line, fill: theme.highlight, 'fill-opacity': 0.25 }),
    el(doc, 'ellipse', { cx, cy, rx: r * 0.45, ry: r, ...line }),
    el(doc, 'path', { d: `M${cx - r},${cy}H${cx + r}`, ...line }),
    el(
      doc,
      'text',
      {
        x: box.x + box.height,
        y: cy,
        'dominant-baseline': 'central',
        'font-size': Math.round(box.height * 0.45),
        'font-weight': 700,
        fill: theme.text,
      },
      'maprender',
    ),
  ]);
}
