import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** A scale bar of a round distance near 140 px, measured across the middle of the map, bottom-right. */
export function scaleBarLayer(ctx: RenderContext): MapElement | null {
  const bar = ctx.corners.scaleBar;
  if (!bar) return null;
  const { doc, theme, layout } = ctx;
  const x = bar.x + bar.width - 4 - bar.px;
  const thick = Math.max(3, Math.round(layout.legendFontSize * 0.4));
  const y = bar.y + bar.height - thick - 2;
  const half = bar.px / 2;
  return layerGroup(doc, 'scale-bar', [
    el(doc, 'rect', { x, y, width: half, height: thick, fill: theme.text, stroke: theme.text, 'stroke-width': 1 }),
    el(doc, 'rect', {
      x: x + half,
      y,
      width: half,
      height: thick,
      fill: theme.background,
      stroke: theme.text,
      'stroke-width': 1,
      'data-km': bar.km,
    }),
    el(
      doc,
      'text',
      {
        x: x + bar.px,
        y: y - 4,
        'text-anchor': 'end',
        'font-size': layout.legendFontSize,
        fill: theme.text,
        stroke: theme.background,
        'stroke-width': 3,
        'paint-order': 'stroke',
      },
      `${ctx.text.plain(bar.km)} km`,
    ),
  ]);
}
