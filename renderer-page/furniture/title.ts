import type { RenderContext } from '../context.ts';
import type { TextLine } from '../layout.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** Title and subtitle, each in up to three lines, in the band the layout reserved above the map. */
export function titleLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, layout } = ctx;
  const line = (lines: TextLine[], weight: number, fill: string) =>
    lines.map((text) =>
      el(doc, 'text', { x: layout.margin, y: text.y, 'font-size': text.size, 'font-weight': weight, fill }, text.text),
    );
  return layerGroup(doc, 'title', [
    ...line(layout.title, 700, theme.text),
    ...line(layout.subtitle, 400, theme.textMuted),
  ]);
}
