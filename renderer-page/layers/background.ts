import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** Canvas (none when `transparent`, so the map sits on whatever is behind it), the globe's water when the
 *  projection shows it, and muted neighbouring land. */
export function backgroundLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, layout, spec } = ctx;
  const { sphere, context } = ctx.frame.fixed();
  const parts = spec.transparent
    ? []
    : [el(doc, 'rect', { width: layout.width, height: layout.height, fill: theme.background })];
  if (sphere) parts.push(el(doc, 'path', { d: sphere, fill: theme.water }));
  for (const d of context)
    parts.push(el(doc, 'path', { d, fill: theme.land, stroke: theme.border, 'stroke-width': 0.5 }));
  return layerGroup(doc, 'background', parts);
}
