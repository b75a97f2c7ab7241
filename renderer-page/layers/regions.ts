import type { RenderContext } from '../context.ts';
import type { RegionSpec } from '../spec.ts';
import { formatNumber } from '../scales/format-number.ts';
import { el, layerGroup } from '../svg.ts';

function fillOf(ctx: RenderContext, region: RegionSpec | undefined): string {
  const scale = ctx.scales.fill;
  if (!region) return ctx.theme.noData;
  if (region.color) return region.color;
  if (region.value === null) return ctx.theme.highlight;
  if (typeof region.value === 'number' && scale?.kind === 'classes') return scale.color(region.value);
  if (typeof region.value === 'string' && scale?.kind === 'categories') return scale.color(region.value);
  return ctx.theme.noData;
}

function tooltip(name: string, region: RegionSpec | undefined): string {
  if (!region || region.value === null) return name;
  const value = typeof region.value === 'number' ? formatNumber(region.value) : region.value;
  return `${name}: ${value}`;
}

/** One path per region, `data-id` its canonical id, filled from the registered scale. */
export function regionsLayer(ctx: RenderContext): SVGElement | null {
  const { doc, spec, path } = ctx;
  const byId = new Map(spec.regions.map((r) => [r.id, r]));
  const paths: SVGElement[] = [];
  for (const feature of ctx.geometry.regions) {
    const d = path(feature);
    if (!d) continue;
    const region = byId.get(feature.id);
    if (!region) ctx.drawn.noData++;
    else if (region.value === null && !region.color) ctx.drawn.highlighted++;
    const node = el(doc, 'path', {
      'data-id': feature.id,
      'data-value': region && region.value !== null ? String(region.value) : null,
      fill: fillOf(ctx, region),
      d,
    });
    node.appendChild(el(doc, 'title', {}, tooltip(feature.properties.name, region)));
    paths.push(node);
  }
  const group = layerGroup(doc, 'regions', paths);
  group?.setAttribute('stroke', ctx.theme.border);
  group?.setAttribute('stroke-width', '0.5');
  group?.setAttribute('stroke-linejoin', 'round');
  return group;
}
