import type { RenderContext } from '../context.ts';
import type { RegionSpec } from '../spec.ts';
import { el, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import { PatternDefs, inkFor } from './patterns.ts';
import type { DrawnRegion } from '../drawn-regions.ts';
import { drawsContext } from './background.ts';

/** The colour the region's value gives it, before any override or pattern. */
function baseFill(ctx: RenderContext, region: RegionSpec | undefined): string {
  const scale = ctx.scales.fill;
  if (!region) return ctx.theme.noData;
  if (typeof region.value === 'number' && scale && scale.kind !== 'categories') return scale.color(region.value);
  if (typeof region.value === 'string' && scale?.kind === 'categories') return scale.color(region.value);
  return region.highlight ? ctx.theme.highlight : ctx.theme.noData;
}

/** Fill, and an outline for `solid-outline`. The colour override wins over the scale; with a pattern it
 *  becomes the pattern's foreground over the scale's colour. */
function paint(ctx: RenderContext, patterns: PatternDefs, region: RegionSpec | undefined) {
  const base = baseFill(ctx, region);
  if (!region?.pattern) return { fill: region?.color ?? base, outline: null };
  if (region.pattern === 'solid-outline') return { fill: region.color ?? base, outline: inkFor(region.color ?? base) };
  return { fill: patterns.fill(region.pattern, base, region.color ?? inkFor(base)), outline: null };
}

/** Name, value (whose, where a unit drawn apart shows its country's) and annotation: the region's tooltip. */
function tooltip(ctx: RenderContext, id: string, region: RegionSpec | undefined): string {
  const value = region?.value ?? null;
  const name = ctx.text.name(id);
  const shown = value === null ? name : `${name}: ${typeof value === 'number' ? ctx.text.value(value) : value}`;
  // Somaliland shows Somalia's value, and says so
  const head = region?.partOf && value !== null ? `${shown} (the value of ${ctx.text.name(region.partOf)})` : shown;
  return region?.annotation ? `${head}\n${region.annotation}` : head;
}

/** A dot's ring: the theme's text colour, which every theme keeps apart from its land, its sea and its
 *  classes, so the dot stands out from whatever it sits on; a quarter of its radius, never under 0.75 px. */
function dotRing(ctx: RenderContext, r: number, outline: string | null) {
  return { stroke: outline ?? ctx.theme.text, 'stroke-width': px(Math.max(0.75, r / 4)) };
}

/** The region's outline or dot, painted and titled. */
function regionNode(ctx: RenderContext, patterns: PatternDefs, drawn: DrawnRegion): MapElement {
  const { id, region } = drawn;
  const { fill, outline } = paint(ctx, patterns, region);
  const [stroke, shape] =
    'd' in drawn
      ? [
          drawn.rim
            ? { stroke: outline ?? (fill.startsWith('url(') ? null : fill), 'stroke-width': px(drawn.rim) }
            : { stroke: outline, 'stroke-width': outline ? 1.5 : null },
          { d: drawn.d },
        ]
      : [dotRing(ctx, drawn.r, outline), { cx: px(drawn.dot[0]), cy: px(drawn.dot[1]), r: px(drawn.r) }];
  const node = el(ctx.doc, 'd' in drawn ? 'path' : 'circle', {
    'data-id': id,
    'data-value': region && region.value !== null ? String(region.value) : null,
    fill,
    ...stroke,
    ...shape,
  });
  if (ctx.tooltips) node.appendChild(el(ctx.doc, 'title', {}, tooltip(ctx, id, region)));
  return node;
}

/** The lakes over the regions (and, with the land around, over it too), as water: the sea's colour, no outline,
 *  so the borders Natural Earth runs across them (Lake Geneva's, the Great Lakes') are not drawn. */
function lakeNodes(ctx: RenderContext): MapElement[] {
  const { doc, frame, theme } = ctx;
  const water = frame.showsGlobe ? theme.water : theme.background;
  const paths = [...frame.unnamedPaths('lakes'), ...(drawsContext(ctx) ? frame.unnamedPaths('nearbyLakes') : [])];
  return paths.map((d) => el(doc, 'path', { d, fill: water, stroke: 'none' }));
}

/** One path per region, `data-id` its canonical id, filled from the registered scale; the lakes over them; then a
 *  ringed dot for each region with data too small to see, on top so nothing covers it. */
export function regionsLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme } = ctx;
  const patterns = new PatternDefs(doc);
  const outlines = ctx.drawnRegions.filter((drawn) => 'd' in drawn);
  const dots = ctx.drawnRegions.filter((drawn) => !('d' in drawn));
  const nodes = [
    ...outlines.map((drawn) => regionNode(ctx, patterns, drawn)),
    ...(outlines.length ? lakeNodes(ctx) : []),
    ...dots.map((drawn) => regionNode(ctx, patterns, drawn)),
  ];
  if (!nodes.length) return null;
  const group = el(doc, 'g', {
    'data-layer': 'regions',
    stroke: theme.border,
    'stroke-width': 0.5,
    'stroke-linejoin': 'round',
  });
  const defs = patterns.element();
  if (defs) group.appendChild(defs);
  for (const node of nodes) group.appendChild(node);
  return group;
}
