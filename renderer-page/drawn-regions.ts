// The regions the map draws, worked out once per render for the layers, the legend's scale and its placement
// to read: an outline for each region the frame shows, and a dot for each region with data that the map could
// not otherwise show (no outline at this level, as Singapore at 110m, or an outline too small to read a colour
// on, for the size of the map), so no data is lost silently. Regions without data stay as they are: a missing one is not
// worth the clutter. A region with data that has neither (its place outside the frame) is listed as not drawn.
import type { Extent } from './geometry/projection.ts';
import type { Frame } from './frame.ts';
import type { ScopeGeometry } from './geometry/scope-geometry.ts';
import type { MapSpec, RegionSpec } from './spec.ts';
import { placeDots } from './dot-placement.ts';

/** px: a dot's radius on a map 1000 px wide; it grows with the square root of the width, so a poster's dots
 *  are larger without swamping their neighbours, */
const DOT_RADIUS_AT_1000 = 3.5;
/** and never falls below this, so a thumbnail's dots stay visible. */
const MIN_DOT_RADIUS = 2;

/** The radius of the map's dots, from the width of the map's extent. */
function dotRadius([[x0], [x1]]: Extent): number {
  return Math.max(MIN_DOT_RADIUS, DOT_RADIUS_AT_1000 * Math.sqrt((x1 - x0) / 1000));
}

/** A region whose outline is a scatter of specks: drawn, it covers less than SPECKS dots' squares (r²) and less
 *  than SCATTERED of the box around it. The Marshall Islands' chains are rims of atolls a pixel wide, spread
 *  over a thousand kilometres, Cape Verde and the Comoros islands of a pixel or two on Africa's map: each region
 *  is drawn over by a stroke in its own colour, RIM × r wide, so that each island shows its colour. A region that large in one piece, or compact (Luxembourg on a world map), is
 *  not: a stroke would spill its colour over its neighbours' borders. */
const SPECKS = 16;
const SCATTERED = 0.1;
const RIM = 0.6;
/** Regions without data get a rim too on a scope of at most this many, when they are scattered (two pieces or
 *  more): an island country's atolls are the whole map (the Maldives and the Marshall Islands drew an empty page),
 *  where a lone speck without data (the Vatican) is better left a speck than grown over its neighbour's colour.
 *  On a larger scope, measuring every region would cost a second pass over all its outlines. */
const FEW_REGIONS = 60;
function speckled(frame: Frame, id: string, r: number): boolean {
  const area = frame.area(id);
  if (area >= SPECKS * r * r) return false;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [outer] of frame.regionPolygons(id))
    for (const [x, y] of outer!)
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return area < SCATTERED * (x1 - x0) * (y1 - y0);
}

/** A value, a highlight, a colour or a pattern: something the map shows (an annotation alone is a tooltip). */
const hasData = (r: RegionSpec) => r.value !== null || r.highlight || r.color !== null || r.pattern !== null;

export type DrawnRegion = {
  id: string;
  /** what the request gave the region, if anything */
  region: RegionSpec | undefined;
} & (
  | {
      /** the outline's path data */
      d: string;
      /** px: a stroke in the region's own colour that widens a scatter of specks (speckled), else 0 */
      rim: number;
    }
  | {
      /** the dot's centre, near the region's visual centre (`Frame.centre`) where that would hide a neighbour's
       *  data; the region's label, circle and route ends go there too */
      dot: [number, number];
      /** px */
      r: number;
    }
);

export interface DrawnRegions {
  /** outlines in the geometry's order, then dots in the spec's (by id) */
  drawn: DrawnRegion[];
  /** ids of the regions with data drawn as neither, in the spec's order */
  notDrawn: string[];
}

/** What the map draws of the scope's regions and the request's data. A region with data whose outline covers
 *  less than a square as wide as the dot's radius (r², a quarter of the dot's box) is a dot, over twice as
 *  wide as that, where its colour can be read; an outline that large is seen, and read, as itself. The
 *  threshold follows the dot, so the output's size: 4 px² on a thumbnail, where dots for every region under
 *  the dot's own size made a rash of half the world's countries, 12 at 1000 px, 49 at 4000, where Singapore
 *  and Malta were specks just over a fixed 6 px². */
export function drawnRegions(spec: MapSpec, geometry: ScopeGeometry, frame: Frame, extent: Extent): DrawnRegions {
  const r = dotRadius(extent);
  // a unit drawn apart that shows its country's value (Somaliland) is no data of the request's own: its outline
  // takes the colour where it has one, but it gets no dot, nor is it reported as not drawn
  const withData = spec.regions.filter((region) => hasData(region) && !region.partOf);
  const dotted = withData.filter((region) => frame.area(region.id) < r * r);
  const homes = dotted.flatMap((region) => {
    const at = frame.centre(region.id);
    return at ? [{ region, at }] : [];
  });
  const dottedIds = new Set(dotted.map((region) => region.id));
  const byId = new Map(spec.regions.map((region) => [region.id, region]));
  const withDataIds = new Set(withData.map((region) => region.id));
  const everyRegion = geometry.regions.length <= FEW_REGIONS;
  const outlines = geometry.regions.flatMap((feature): DrawnRegion[] => {
    const d = dottedIds.has(feature.id) ? null : frame.regionPath(feature.id);
    const rimmed = withDataIds.has(feature.id)
      ? speckled(frame, feature.id, r)
      : everyRegion && speckled(frame, feature.id, r) && frame.regionPolygons(feature.id).length > 1;
    const rim = rimmed ? r * RIM : 0;
    return d ? [{ id: feature.id, region: byId.get(feature.id), d, rim }] : [];
  });
  const outlined = new Set(outlines.map((o) => o.id));
  // the outlines a dot might hide, projected only when there are dots to place
  const data = homes.length
    ? withData.filter((region) => outlined.has(region.id)).map((region) => frame.regionPolygons(region.id))
    : [];
  const places = placeDots(
    homes.map((h) => h.at),
    r,
    data,
  );
  const dots = homes.map(({ region }, i): DrawnRegion => ({ id: region.id, region, dot: places[i]!, r }));
  const drawn = new Set([...outlined, ...dots.map((dot) => dot.id)]);
  return {
    drawn: [...outlines, ...dots],
    notDrawn: withData.filter((region) => !drawn.has(region.id)).map((region) => region.id),
  };
}
