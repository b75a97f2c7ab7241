// Regions with data that the map could not otherwise show (no outline at this level, as Singapore at 110m,
// or an outline too small to see at this size) are drawn as dots at their centre, so no data is lost
// silently. Regions without data stay as they are: a missing one is not worth the clutter.
import type { RenderContext } from '../context.ts';
import type { RegionSpec } from '../spec.ts';

/** px: big enough to see and to hit with a pointer, small enough not to hide neighbours */
export const DOT_RADIUS = 3.5;

/** A value, a highlight, a colour or a pattern: something the map shows (an annotation alone is a tooltip). */
const hasData = (r: RegionSpec) => r.value !== null || r.highlight || r.color !== null || r.pattern !== null;

export interface Dot {
  region: RegionSpec;
  /** the region's centre (`Frame.centre`), where its label, proportional circle and route ends go too */
  at: [number, number];
}

/** The regions drawn as dots, in the spec's order (by id); one outside the frame has none. */
export function regionDots(ctx: RenderContext): Dot[] {
  return ctx.spec.regions.flatMap((region) => {
    if (!hasData(region) || !ctx.frame.tooSmall(region.id)) return [];
    const at = ctx.centreOf(region.id);
    return at ? [{ region, at }] : [];
  });
}
