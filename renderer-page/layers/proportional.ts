// Circles sized by value at each region's visual centre: area grows with the value (radius with its
// square root), largest drawn first so the small ones stay on top and visible.
import type { RenderContext } from '../context.ts';
import { circleRadius } from '../scales/circle-radius.ts';
import { el, layerGroup, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import type { Theme } from '../themes/theme.ts';

/** How a circle is painted, here and in its key (furniture/size-key.ts): nearly opaque, so that it keeps its
 *  colour over any class (at 0.7 the highlight's orange turned brown over dark blue), with an edge of the
 *  background's colour between overlapping circles. */
export function circlePaint(theme: Theme, color: string | null) {
  return { fill: color ?? theme.highlight, 'fill-opacity': 0.9, stroke: theme.background, 'stroke-width': 1 };
}

export function proportionalLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, spec } = ctx;
  const { items } = spec.proportional;
  if (!items.length) return null;
  const radius = circleRadius(spec.proportional);
  const circles = items
    .map((item) => ({
      item,
      at: ctx.centreOf(item.id),
      r: radius(item.value),
    }))
    .filter((c): c is typeof c & { at: [number, number] } => c.at !== null)
    .sort((a, b) => b.r - a.r || (a.item.id < b.item.id ? -1 : 1))
    .map(({ item, at, r }) => {
      const circle = el(doc, 'circle', {
        'data-id': item.id,
        'data-value': item.value,
        cx: px(at[0]),
        cy: px(at[1]),
        r: px(r),
        ...circlePaint(theme, item.color),
      });
      if (ctx.tooltips) {
        circle.appendChild(el(doc, 'title', {}, `${ctx.text.name(item.id)}: ${ctx.text.value(item.value)}`));
      }
      return circle;
    });
  return layerGroup(doc, 'proportional', circles);
}
