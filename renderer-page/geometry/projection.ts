import {
  geoAlbersUsa,
  geoBounds,
  geoConicConformal,
  geoEqualEarth,
  geoMercator,
  geoNaturalEarth1,
  geoPath,
  type GeoPermissibleObjects,
  type GeoProjection,
} from 'd3';
// its ES module by path: the package's main is a UMD build that lacks some of them, which Node would load
import {
  geoAlbersUsaTerritories,
  geoConicConformalFrance,
  geoConicConformalNetherlands,
  geoConicConformalSpain,
} from 'd3-composite-projections/index.js';
import type { MapSpec, ProjectionName } from '../spec.ts';
import type { ScopeGeometry, ScopeRegion } from './scope-geometry.ts';
import { outerRingSpans, outlineBounds, outlineFeature, streamOutline } from './outline.ts';
import { insetPanels, type Panel } from './inset-panels.ts';
import { remoteInsets } from './remote-insets.ts';
import { euInsets } from './eu-insets.ts';
import { union } from './composite-projection.ts';

export type Extent = [[number, number], [number, number]];
type Framing = Pick<MapSpec, 'scope' | 'projection' | 'bbox' | 'level'>;

/** Scopes whose far-away parts would shrink the mainland to a corner: their conic conformal projection draws
 *  them in insets (d3-composite-projections), and the United States' albersUsa adds Puerto Rico. */
const WITH_INSETS: Readonly<Record<string, Partial<Record<ProjectionName, () => GeoProjection>>>> = {
  FR: { conicConformal: () => geoConicConformalFrance() as unknown as GeoProjection },
  ES: { conicConformal: () => geoConicConformalSpain() as unknown as GeoProjection },
  NL: { conicConformal: () => geoConicConformalNetherlands() as unknown as GeoProjection },
  US: { albersUsa: () => geoAlbersUsaTerritories() as unknown as GeoProjection },
};
const insets = ({ scope, projection, bbox }: Framing) => (bbox ? undefined : WITH_INSETS[scope]?.[projection]);
/** The composites whose mainland reaches the picture's edges, so that neighbouring land around it ends only
 *  there: the rest (France's, Spain's, albersUsa, and remote-insets.ts's) clip it short of them, and draw no
 *  neighbours unless asked (`context`), as Datawrapper's composites. */
const MAINLAND_TO_THE_EDGES = new Set(['EU', 'NL']);

/** Projections that show the whole globe outline when the scope is the world. */
const GLOBAL = new Set<ProjectionName>(['naturalEarth1', 'equalEarth']);

/** The edge of a bbox, a point every degree, so that projections which bend parallels fit all of it. */
function boxOutline([west, south, east, north]: [number, number, number, number]): GeoPermissibleObjects {
  const points: Array<[number, number]> = [];
  const steps = (a: number, b: number) => Math.max(1, Math.ceil(Math.abs(b - a)));
  for (let i = 0, n = steps(west, east); i <= n; i++) {
    const lon = west + ((east - west) * i) / n;
    points.push([lon, south], [lon, north]);
  }
  for (let i = 0, n = steps(south, north); i <= n; i++) {
    const lat = south + ((north - south) * i) / n;
    points.push([west, lat], [east, lat]);
  }
  return { type: 'MultiPoint', coordinates: points };
}

/** The corners of each region's bounds. A projection with insets sends every vertex through each of its
 *  parts (France has a dozen), so fitting one to the outlines took longer than drawing them; the corners
 *  enclose the outlines, for a fraction of the cost, and the insets' panels, fitted too, hold what the corners
 *  miss (the corners of the Canaries' box fall outside their inset). */
const cornersOf = new WeakMap<ScopeGeometry, GeoPermissibleObjects>();
function regionCorners(geometry: ScopeGeometry): GeoPermissibleObjects {
  let corners = cornersOf.get(geometry);
  if (!corners) {
    const points = geometry.regions.flatMap((f) => {
      const [[west, south], [east, north]] = outlineBounds(f.outline);
      return [
        [west, south],
        [west, north],
        [east, south],
        [east, north],
      ];
    });
    corners = { type: 'MultiPoint', coordinates: points };
    cornersOf.set(geometry, corners);
  }
  return corners;
}

/** A shape in GeoJSON, or regions of the scope. */
type FitTarget = GeoPermissibleObjects | ScopeRegion[];

/** What the projection is fitted to: the bbox asked for, the globe, or the scope's land (Antarctica left
 *  out of world maps whose projection would blow it up; the corners of its regions with insets). */
function fitTarget(framing: Framing, geometry: ScopeGeometry, composite: boolean): FitTarget {
  const { scope, projection, bbox } = framing;
  if (bbox) return boxOutline(bbox);
  if (composite) return regionCorners(geometry);
  if (scope === 'world') {
    if (GLOBAL.has(projection)) return { type: 'Sphere' };
    const keep = projection === 'albersUsa' ? (id: string) => id === 'US' : (id: string) => id !== 'AQ';
    return geometry.regions.filter((f) => keep(f.id));
  }
  return geometry.regions;
}

/** The target's bounds on the sphere, as d3's geoBounds gives them, measured once per target: a country's
 *  regions are measured for the far parts' test (compositeFor) and again for its conic, every vertex through
 *  the sphere's trigonometry each time. */
const measured = new WeakMap<object, Bounds>();
function sphericalBounds(target: FitTarget): Bounds {
  let bounds = measured.get(target);
  if (!bounds) {
    bounds = Array.isArray(target)
      ? geoBounds({ type: 'FeatureCollection', features: target.map((f) => outlineFeature(f.outline)) })
      : geoBounds(target);
    measured.set(target, bounds);
  }
  return bounds;
}

/** The target's bounds through `projection`, as d3's geoPath(projection).bounds gives them: the same stream
 *  into the same comparisons. */
function projectedBounds(projection: GeoProjection, target: FitTarget): Bounds {
  if (!Array.isArray(target)) return geoPath(projection).bounds(target);
  const bounds: Bounds = [
    [Infinity, Infinity],
    [-Infinity, -Infinity],
  ];
  const [min, max] = bounds;
  const noop = () => {};
  const stream = projection.stream({
    point(x, y) {
      if (x < min[0]) min[0] = x;
      if (x > max[0]) max[0] = x;
      if (y < min[1]) min[1] = y;
      if (y > max[1]) max[1] = y;
    },
    lineStart: noop,
    lineEnd: noop,
    polygonStart: noop,
    polygonEnd: noop,
  });
  for (const region of target) streamOutline(region.outline, stream);
  return bounds;
}

/** How to make the framing's projection, unfitted. What it needs of the geometry (a conic's parallels) is
 *  worked out here, once, not for every projection made. */
function maker(framing: Framing, target: FitTarget): () => GeoProjection {
  const { scope, projection, bbox } = framing;
  switch (projection) {
    case 'naturalEarth1':
      return geoNaturalEarth1;
    case 'equalEarth':
      return geoEqualEarth;
    case 'mercator':
      return geoMercator;
    case 'albersUsa':
      return geoAlbersUsa as unknown as () => GeoProjection;
    case 'conicConformal':
      // the world's land reaches all the way round, where geoBounds' longitudes say little: Greenwich
      return conicFor(sphericalBounds(target), scope === 'world' && !bbox);
  }
}

/** A conformal conic for `bounds`: standard parallels at one sixth in from each edge (Kavrayskiy's rule), centred
 *  on it (on Greenwich for the world). */
function conicFor([[west, south], [east, north]]: Bounds, world = false): () => GeoProjection {
  const centre = world ? 0 : east >= west ? (west + east) / 2 : (west + east + 360) / 2;
  const span = north - south;
  const parallels: [number, number] = [south + span / 6, north - span / 6];
  return () => geoConicConformal().rotate([-centre, 0]).parallels(parallels);
}

/** The composite a framing is drawn with: d3-composite-projections' for the scopes it has, the EU's own
 *  (eu-insets.ts), else for a country whose far parts would shrink its mainland (remote-insets.ts), in the conic
 *  fitted to each country. Group scopes frame their members as they are. */
function compositeFor(framing: Framing, geometry: ScopeGeometry): (() => GeoProjection) | undefined {
  const known = insets(framing);
  if (known || framing.bbox || framing.projection !== 'conicConformal' || !/^[A-Z]{2}$/.test(framing.scope))
    return known;
  const provisional = conicFor(sphericalBounds(geometry.regions))();
  const mainland = (bounds: Bounds) => conicFor(bounds);
  const composite =
    framing.scope === 'EU'
      ? euInsets(geometry, provisional, mainland)
      : remoteInsets(geometry, provisional, mainland, framing.level);
  return composite ?? undefined;
}

/** Maps that do not show the whole globe are clipped to their frame, and keep a little of their
 *  surroundings in view so the scope does not touch it. Projections with insets clip each part themselves. */
const isClipped = (framing: Framing, composite: boolean) => {
  const { scope, projection, bbox } = framing;
  if (projection === 'albersUsa' || composite) return false;
  return bbox !== null || !(scope === 'world' && GLOBAL.has(projection));
};
const insetFor = (width: number, height: number) => Math.min(width, height) * 0.03;

type Bounds = [[number, number], [number, number]];

/** What fitting the framing's projection to any extent needs, worked out once per framing: d3's fitExtent
 *  measures the target at scale 150 and translate 0, and only then scales and moves the projection to the
 *  extent. Measuring it is the costly part (every vertex of the world's land), and it is the same at every
 *  size, so fitting to a new size costs next to nothing. */
export interface ProjectionBasis {
  /** a new, unfitted projection of the framing */
  make: () => GeoProjection;
  /** the fit target's bounds at scale 150 and translate 0 */
  bounds: Bounds;
  /** clipped to its frame and fitted inside a margin (isClipped) */
  clipped: boolean;
  /** a bbox, fitted exactly: the user chose its edges */
  exact: boolean;
  showsGlobe: boolean;
  /** a composite with insets, whose regions are drawn through its point routing (inset-routing.ts) */
  hasInsets: boolean;
  /** neighbouring land is drawn unless the request says not: no composite, or one whose mainland reaches the
   *  picture's edges */
  showsNeighbours: boolean;
  /** the panels of its insets that show a region, at scale 150 and translate 0, inside `bounds` */
  panels: Panel[];
}

export function projectionBasis(framing: Framing, geometry: ScopeGeometry): ProjectionBasis {
  const composite = compositeFor(framing, geometry);
  const target = fitTarget(framing, geometry, composite !== undefined);
  const make = composite ?? maker(framing, target);
  const unfitted = make().scale(150).translate([0, 0]);
  const panels = composite
    ? insetPanels(
        unfitted,
        geometry.regions.flatMap(({ outline }) =>
          outerRingSpans(outline).map(([start]): [number, number] => [
            outline.points[2 * start],
            outline.points[2 * start + 1],
          ]),
        ),
      )
    : [];
  // our composites (remote-insets.ts) know their frame, which the corners need not reach
  const frame = (unfitted as GeoProjection & { getFrame?: () => Bounds }).getFrame?.();
  return {
    make,
    bounds: panels.reduce(union, frame ?? projectedBounds(unfitted, target)),
    panels,
    clipped: isClipped(framing, composite !== undefined),
    exact: framing.bbox !== null,
    showsGlobe: framing.scope === 'world' && GLOBAL.has(framing.projection) && !framing.bbox,
    hasInsets: composite !== undefined,
    showsNeighbours: composite === undefined || MAINLAND_TO_THE_EDGES.has(framing.scope),
  };
}

export interface FittedProjection {
  projection: GeoProjection;
  /** the projection's scale over 150: a point's place is `k` × its place at scale 150, plus the translate */
  k: number;
  translate: [number, number];
}

/** A projection fitted to `extent` as d3's fitExtent fits it, with the same numbers; areas outside it are
 *  clipped so nothing spills over furniture. */
export function fitProjection(basis: ProjectionBasis, extent: Extent): FittedProjection {
  const [[x0, y0], [x1, y1]] = extent;
  const inset = basis.clipped && !basis.exact ? insetFor(x1 - x0, y1 - y0) : 0;
  const [left, top, right, bottom] = [x0 + inset, y0 + inset, x1 - inset, y1 - inset];
  // d3's fitExtent, step by step, so that the floats come out the same
  const [[bx0, by0], [bx1, by1]] = basis.bounds;
  const [w, h] = [right - left, bottom - top];
  const k = Math.min(w / (bx1 - bx0), h / (by1 - by0));
  const translate: [number, number] = [left + (w - k * (bx1 + bx0)) / 2, top + (h - k * (by1 + by0)) / 2];
  const projection = basis
    .make()
    .scale(150 * k)
    .translate(translate);
  if (basis.clipped) projection.clipExtent(extent);
  return { projection, k, translate };
}

/** Height in px the map needs at `width` to keep the projection's aspect ratio. */
export function naturalHeight(basis: ProjectionBasis, width: number): number {
  const [[bx0, by0], [bx1, by1]] = basis.bounds;
  // as fitted to a box far taller than wide: the width decides the scale
  const height = (width / (bx1 - bx0)) * (by1 - by0);
  if (!basis.clipped || basis.exact) return Math.max(1, Math.ceil(height));
  const inset = insetFor(width, height);
  return Math.max(1, Math.ceil((height * (width - 2 * inset)) / width + 2 * inset));
}
