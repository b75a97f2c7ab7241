import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** The data credit, right-aligned in the strip below the map. */
export function attributionLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, layout } = ctx;
  const credit = layout.attribution;
  if (!credit) return null;
  const text = el(
    doc,
    'text',
    {
      x: layout.width - layout.margin,
      y: credit.y,
      'font-size': credit.size,
      'text-anchor': 'end',
      fill: theme.textMuted,
    },
    credit.text,
  );
  return layerGroup(doc, 'attribution', [text]);
}
