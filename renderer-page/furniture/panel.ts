import type { RenderContext } from '../context.ts';
import { el } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import type { Box } from './corners.ts';

/** A layer's group placed at `box`, on the translucent panel the legend and the size key share, so a key
 *  reads over any map and the two look like one set of furniture. */
export function panel(ctx: RenderContext, layer: string, box: Box, parts: MapElement[]): MapElement {
  const { doc, theme } = ctx;
  const group = el(doc, 'g', { 'data-layer': layer, transform: `translate(${box.x},${box.y})` });
  group.appendChild(
    el(doc, 'rect', {
      width: box.width,
      height: box.height,
      rx: 4,
      fill: theme.panel,
      'fill-opacity': 0.85,
      stroke: theme.textMuted,
      'stroke-opacity': 0.3,
    }),
  );
  for (const part of parts) group.appendChild(part);
  return group;
}
