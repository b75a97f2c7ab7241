import type { RenderContext } from '../context.ts';
import type { LegendEntry } from '../scales/fill-scale.ts';
import { textWidth } from '../fonts.ts';
import { el, layerGroup } from '../svg.ts';

/** The swatches the legend lists: the fill scale's classes or categories, then no data and highlight
 *  when the map shows them. */
function entries(ctx: RenderContext): LegendEntry[] {
  const scale = ctx.scales.fill;
  const list: LegendEntry[] = scale ? [...(scale.kind === 'classes' ? scale.bins : scale.entries)] : [];
  if (ctx.drawn.highlighted) list.push({ color: ctx.theme.highlight, label: 'Highlighted' });
  if (list.length && ctx.drawn.noData) list.push({ color: ctx.theme.noData, label: 'No data' });
  return list;
}

/** Vertical legend: a panel in the map's lower-left corner, over the ocean on world maps. */
export function legendLayer(ctx: RenderContext): SVGElement | null {
  const { doc, spec, theme, layout } = ctx;
  if (!spec.legend) return null;
  const items = entries(ctx);
  if (!items.length) return null;

  const size = layout.legendFontSize;
  const swatch = Math.round(size * 1.15);
  const row = swatch + Math.round(size * 0.45);
  const pad = Math.round(size * 0.7);
  const titleSize = Math.round(size * 1.05);
  const titleHeight = spec.legendTitle ? Math.round(titleSize * 1.6) : 0;
  const labelsWidth = Math.max(...items.map((i) => textWidth(doc, i.label, size)));
  const titleWidth = spec.legendTitle ? textWidth(doc, spec.legendTitle, titleSize, 700) : 0;
  const width = pad * 2 + Math.max(swatch + pad + labelsWidth, titleWidth);
  const height = pad * 2 + titleHeight + items.length * row - (row - swatch);
  const [[x0], [, y1]] = layout.mapExtent;
  const top = Math.max(0, y1 - height);

  const parts = [el(doc, 'rect', {
    x: x0, y: top, width, height, rx: 4, fill: theme.panel, 'fill-opacity': 0.85, stroke: theme.textMuted, 'stroke-opacity': 0.3,
  })];
  if (spec.legendTitle) {
    parts.push(el(doc, 'text', {
      x: x0 + pad, y: top + pad + Math.round(titleSize * 0.95), 'font-size': titleSize, 'font-weight': 700, fill: theme.text,
    }, spec.legendTitle));
  }
  items.forEach((item, i) => {
    const y = top + pad + titleHeight + i * row;
    parts.push(el(doc, 'rect', { x: x0 + pad, y, width: swatch, height: swatch, fill: item.color, 'data-legend': item.label }));
    parts.push(el(doc, 'text', {
      x: x0 + pad + swatch + pad, y: y + swatch / 2, 'font-size': size, 'dominant-baseline': 'central', fill: theme.text,
    }, item.label));
  });
  return layerGroup(doc, 'legend', parts);
}
