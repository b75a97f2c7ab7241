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
  geoConicConformalEurope,
  geoConicConformalFrance,
  geoConicConformalNetherlands,
  geoConicConformalPortugal,
  geoConicConformalSpain,
} from 'd3-composite-projections/index.js';
import type { MapSpec, ProjectionName } from '../spec.ts';
import type { ScopeGeometry } from './scope-geometry.ts';

export type Extent = [[number, number], [number, number]];
type Framing = Pick<MapSpec, 'scope' | 'projection' | 'bbox'>;

/** Scopes whose far-away parts would shrink the mainland to a corner: their conic conformal projection draws
 *  them in insets (d3-composite-projections), and the United States' albersUsa adds Puerto Rico. */
const WITH_INSETS: Readonly<Record<string, Partial<Record<ProjectionName, () => GeoProjection>>>> = {
  FR: { conicConformal: () => geoConicConformalFrance() as unknown as GeoProjection },
  ES: { conicConformal: () => geoConicConformalSpain() as unknown as GeoProjection },
  PT: { conicConformal: () => geoConicConformalPortugal() as unknown as GeoProjection },
  NL: { conicConformal: () => geoConicConformalNetherlands() as unknown as GeoProjection },
  US: { albersUsa: () => geoAlbersUsaTerritories() as unknown as GeoProjection },
  // the EU's outermost regions (the Canaries, the Azores, Madeira, French Guiana, Réunion...)
  EU: { conicConformal: () => geoConicConformalEurope() as unknown as GeoProjection },
};
const insets = ({ scope, projection, bbox }: Framing) => (bbox ? undefined : WITH_INSETS[scope]?.[projection]);

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
 *  enclose the outlines, for a fraction of the cost. */
const cornersOf = new WeakMap<ScopeGeometry, GeoPermissibleObjects>();
function regionCorners(geometry: ScopeGeometry): GeoPermissibleObjects {
  let corners = cornersOf.get(geometry);
  if (!corners) {
    const points = geometry.regions.flatMap((f) => {
      const [[west, south], [east, north]] = geoBounds(f);
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

/** What the projection is fitted to: the bbox asked for, the globe, or the scope's land (Antarctica left
 *  out of world maps whose projection would blow it up; the corners of its regions with insets). */
function fitTarget(framing: Framing, geometry: ScopeGeometry): GeoPermissibleObjects {
  const { scope, projection, bbox } = framing;
  if (bbox) return boxOutline(bbox);
  if (insets(framing)) return regionCorners(geometry);
  if (scope === 'world') {
    if (GLOBAL.has(projection)) return { type: 'Sphere' };
    const keep = projection === 'albersUsa' ? (id: string) => id === 'US' : (id: string) => id !== 'AQ';
    return { type: 'FeatureCollection', features: geometry.regions.filter((f) => keep(f.id)) };
  }
  return { type: 'FeatureCollection', features: geometry.regions };
}

function create(framing: Framing, target: GeoPermissibleObjects): GeoProjection {
  const { scope, projection, bbox } = framing;
  const composite = insets(framing);
  if (composite) return composite();
  switch (projection) {
    case 'naturalEarth1':
      return geoNaturalEarth1();
    case 'equalEarth':
      return geoEqualEarth();
    case 'mercator':
      return geoMercator();
    case 'albersUsa':
      return geoAlbersUsa() as unknown as GeoProjection;
    case 'conicConformal': {
      // standard parallels at one sixth in from each edge of the extent (Kavrayskiy's rule), centred on it
      const [[west, south], [east, north]] = geoBounds(target);
      // the world's land reaches all the way round, where geoBounds' longitudes say little: Greenwich
      const centre = scope === 'world' && !bbox ? 0 : east >= west ? (west + east) / 2 : (west + east + 360) / 2;
      const span = north - south;
      return geoConicConformal()
        .rotate([-centre, 0])
        .parallels([south + span / 6, north - span / 6]);
    }
  }
}

/** Maps that do not show the whole globe are clipped to their frame, and keep a little of their
 *  surroundings in view so the scope does not touch it. Projections with insets clip each part themselves. */
const isClipped = (framing: Framing) => {
  const { scope, projection, bbox } = framing;
  if (projection === 'albersUsa' || insets(framing)) return false;
  return bbox !== null || !(scope === 'world' && GLOBAL.has(projection));
};
const insetFor = (width: number, height: number) => Math.min(width, height) * 0.03;

export interface FittedProjection {
  projection: GeoProjection;
  showsGlobe: boolean;
  /** a composite with insets, whose regions are drawn through its point routing (inset-routing.ts) */
  hasInsets: boolean;
}

/** A projection fitted to `extent`; areas outside it are clipped so nothing spills over furniture. */
export function fitProjection(framing: Framing, geometry: ScopeGeometry, extent: Extent): FittedProjection {
  const target = fitTarget(framing, geometry);
  const clipped = isClipped(framing);
  const [[x0, y0], [x1, y1]] = extent;
  // a bbox is fitted exactly: the user chose its edges
  const inset = clipped && !framing.bbox ? insetFor(x1 - x0, y1 - y0) : 0;
  const projection = create(framing, target).fitExtent(
    [
      [x0 + inset, y0 + inset],
      [x1 - inset, y1 - inset],
    ],
    target,
  );
  if (clipped) projection.clipExtent(extent);
  return {
    projection,
    showsGlobe: framing.scope === 'world' && GLOBAL.has(framing.projection) && !framing.bbox,
    hasInsets: insets(framing) !== undefined,
  };
}

/** Height in px the map needs at `width` to keep the projection's aspect ratio. */
export function naturalHeight(framing: Framing, geometry: ScopeGeometry, width: number): number {
  const target = fitTarget(framing, geometry);
  // composite projections fit a size only: a box far taller than wide fits the width
  const projection = create(framing, target).fitSize([width, width * 100], target);
  const [[, top], [, bottom]] = geoPath(projection).bounds(target);
  const height = bottom - top;
  if (!isClipped(framing) || framing.bbox) return Math.max(1, Math.ceil(height));
  const inset = insetFor(width, height);
  return Math.max(1, Math.ceil((height * (width - 2 * inset)) / width + 2 * inset));
}
