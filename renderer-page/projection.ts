import {
  geoAlbersUsa, geoBounds, geoConicConformal, geoEqualEarth, geoMercator, geoNaturalEarth1, geoPath,
  type GeoPermissibleObjects, type GeoProjection,
} from 'd3';
import type { ProjectionName, ScopeId } from './spec.ts';
import type { ScopeGeometry } from './geometry.ts';

export type Extent = [[number, number], [number, number]];

/** Projections that show the whole globe outline when the scope is the world. */
const GLOBAL = new Set<ProjectionName>(['naturalEarth1', 'equalEarth']);

/** What the projection is fitted to: the globe, or the scope's land (Antarctica left out of world maps
 *  whose projection would blow it up). */
function fitTarget(scope: ScopeId, name: ProjectionName, geometry: ScopeGeometry): GeoPermissibleObjects {
  if (scope === 'world') {
    if (GLOBAL.has(name)) return { type: 'Sphere' };
    const keep = name === 'albersUsa' ? (id: string) => id === 'US' : (id: string) => id !== 'AQ';
    return { type: 'FeatureCollection', features: geometry.regions.filter((f) => keep(f.id)) };
  }
  return { type: 'FeatureCollection', features: geometry.regions };
}

function create(scope: ScopeId, name: ProjectionName, target: GeoPermissibleObjects): GeoProjection {
  switch (name) {
    case 'naturalEarth1': return geoNaturalEarth1();
    case 'equalEarth': return geoEqualEarth();
    case 'mercator': return geoMercator();
    case 'albersUsa': return geoAlbersUsa() as unknown as GeoProjection;
    case 'conicConformal': {
      // standard parallels at one sixth in from each edge of the extent (Kavrayskiy's rule), centred on it
      const [[west, south], [east, north]] = geoBounds(target);
      // the world's land reaches all the way round, where geoBounds' longitudes say little: Greenwich
      const centre = scope === 'world' ? 0 : east >= west ? (west + east) / 2 : (west + east + 360) / 2;
      const span = north - south;
      return geoConicConformal().rotate([-centre, 0]).parallels([south + span / 6, north - span / 6]);
    }
  }
}

/** Maps that do not show the whole globe are clipped to their frame, and keep a little of their
 *  surroundings in view so the scope does not touch it. */
const isClipped = (scope: ScopeId, name: ProjectionName) => !(scope === 'world' && GLOBAL.has(name)) && name !== 'albersUsa';
const insetFor = (width: number, height: number) => Math.min(width, height) * 0.03;

export interface FittedProjection {
  projection: GeoProjection;
  showsGlobe: boolean;
}

/** A projection fitted to `extent`; areas outside it are clipped so nothing spills over furniture. */
export function fitProjection(
  scope: ScopeId, name: ProjectionName, geometry: ScopeGeometry, extent: Extent,
): FittedProjection {
  const target = fitTarget(scope, name, geometry);
  const showsGlobe = scope === 'world' && GLOBAL.has(name);
  const clipped = isClipped(scope, name);
  const [[x0, y0], [x1, y1]] = extent;
  const inset = clipped ? insetFor(x1 - x0, y1 - y0) : 0;
  const projection = create(scope, name, target).fitExtent([[x0 + inset, y0 + inset], [x1 - inset, y1 - inset]], target);
  if (clipped) projection.clipExtent(extent);
  return { projection, showsGlobe };
}

/** Height in px the map needs at `width` to keep the projection's aspect ratio. */
export function naturalHeight(scope: ScopeId, name: ProjectionName, geometry: ScopeGeometry, width: number): number {
  const target = fitTarget(scope, name, geometry);
  const projection = create(scope, name, target).fitWidth(width, target);
  const [[, top], [, bottom]] = geoPath(projection).bounds(target);
  const height = bottom - top;
  if (!isClipped(scope, name)) return Math.max(1, Math.ceil(height));
  const inset = insetFor(width, height);
  return Math.max(1, Math.ceil((height * (width - 2 * inset)) / width + 2 * inset));
}
