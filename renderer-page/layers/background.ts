import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';

/** Canvas, the globe's water when the projection shows it, and muted neighbouring land. */
export function backgroundLayer(ctx: RenderContext): SVGElement | null {
  const { doc, theme, layout, path } = ctx;
  const parts = [el(doc, 'rect', { width: layout.width, height: layout.height, fill: theme.background })];
  if (ctx.showsGlobe) {
    parts.push(el(doc, 'path', { d: path({ type: 'Sphere' }) ?? '', fill: theme.water }));
  }
  for (const land of ctx.geometry.context) {
    const d = path(land);
    if (d) parts.push(el(doc, 'path', { d, fill: theme.land, stroke: theme.border, 'stroke-width': 0.5 }));
  }
  return layerGroup(doc, 'background', parts);
}
