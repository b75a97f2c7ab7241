import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import type { TextLine } from '../layout.ts';

/** The strip below the map: the data's source at the left, then the geometry's credit at the right. */
export function attributionLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, layout } = ctx;
  const line = (text: TextLine | null, x: number, anchor: string) =>
    text
      ? [
          el(
            doc,
            'text',
            { x, y: text.y, 'font-size': text.size, 'text-anchor': anchor, fill: theme.textMuted },
            text.text,
          ),
        ]
      : [];
  return layerGroup(doc, 'attribution', [
    ...line(layout.source, layout.margin, 'start'),
    ...line(layout.attribution, layout.width - layout.margin, 'end'),
  ]);
}
