import type { RenderContext } from '../context.ts';
import { el, layerGroup } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import { insetCaptions } from '../furniture/inset-captions.ts';

/** Canvas (none when `transparent`, so the map sits on whatever is behind it), the globe's water when the
 *  projection shows it, muted neighbouring land (`context`; by default none where a composite's mainland ends
 *  short of the picture's edge), and the insets' panels: a thin frame each, over
 *  empty page, so that far-away parts never sit on a neighbour's land, captioned where they show part of a region
 *  whose main part is elsewhere (inset-captions.ts). */
export function backgroundLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, layout, spec, frame } = ctx;
  const parts = spec.transparent
    ? []
    : [el(doc, 'rect', { width: layout.width, height: layout.height, fill: theme.background })];
  const sphere = frame.sphere();
  if (sphere) parts.push(el(doc, 'path', { d: sphere, fill: theme.water }));
  if (drawsContext(ctx))
    for (const d of frame.unnamedPaths('context'))
      parts.push(el(doc, 'path', { d, fill: theme.land, stroke: theme.border, 'stroke-width': 0.5 }));
  for (const [[x0, y0], [x1, y1]] of frame.panels) {
    parts.push(
      el(doc, 'rect', {
        x: round(x0),
        y: round(y0),
        width: round(x1 - x0),
        height: round(y1 - y0),
        fill: spec.transparent ? 'none' : theme.background,
        stroke: theme.textMuted,
        'stroke-opacity': 0.6,
        'stroke-width': 0.75,
      }),
    );
  }
  parts.push(...insetCaptions(ctx));
  return layerGroup(doc, 'background', parts);
}

const round = (v: number) => Math.round(v * 10) / 10;

/** Whether the map draws the land around its scope. */
export const drawsContext = ({ spec, frame }: RenderContext): boolean => spec.context ?? frame.showsNeighbours;
