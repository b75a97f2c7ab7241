import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** Parallels and meridians every 10°, faint, under the regions. */
export function graticuleLayer(ctx: RenderContext): MapElement | null {
  if (!ctx.spec.graticule) return null;
  const d = ctx.frame.graticule();
  if (!d) return null;
  return layerGroup(ctx.doc, 'graticule', [
    el(ctx.doc, 'path', { d, fill: 'none', stroke: ctx.theme.textMuted, 'stroke-opacity': 0.35, 'stroke-width': 0.5 }),
  ]);
}
