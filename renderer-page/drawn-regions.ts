// The regions the map draws, worked out once per render for the layers, the legend's scale and its placement
// to read: an outline for each region the frame shows, and a dot at its centre for each region with data that
// the map could not otherwise show (no outline at this level, as Singapore at 110m, or an outline too small to
// see at this size), so no data is lost silently. Regions without data stay as they are: a missing one is not
// worth the clutter.
import type { Frame } from './frame.ts';
import type { ScopeGeometry } from './geometry/scope-geometry.ts';
import type { MapSpec, RegionSpec } from './spec.ts';

/** px: big enough to see and to hit with a pointer, small enough not to hide neighbours */
export const DOT_RADIUS = 3.5;

/** A value, a highlight, a colour or a pattern: something the map shows (an annotation alone is a tooltip). */
const hasData = (r: RegionSpec) => r.value !== null || r.highlight || r.color !== null || r.pattern !== null;

export type DrawnRegion = {
  id: string;
  /** what the request gave the region, if anything */
  region: RegionSpec | undefined;
} & (
  | { /** the outline's path data */ d: string }
  | {
      /** the dot's centre (`Frame.centre`), where the region's label, circle and route ends go too */ dot: [
        number,
        number,
      ];
    }
);

/** Outlines in the geometry's order, then dots in the spec's (by id); a region outside the frame has neither. */
export function drawnRegions(spec: MapSpec, geometry: ScopeGeometry, frame: Frame): DrawnRegion[] {
  const dots = spec.regions.flatMap((region): DrawnRegion[] => {
    if (!hasData(region) || !frame.tooSmall(region.id)) return [];
    const dot = frame.centre(region.id);
    return dot ? [{ id: region.id, region, dot }] : [];
  });
  const dotted = new Set(dots.map((r) => r.id));
  const byId = new Map(spec.regions.map((r) => [r.id, r]));
  const outlines = geometry.regions.flatMap((feature): DrawnRegion[] => {
    const d = frame.regionPath(feature.id);
    return d && !dotted.has(feature.id) ? [{ id: feature.id, region: byId.get(feature.id), d }] : [];
  });
  return [...outlines, ...dots];
}
