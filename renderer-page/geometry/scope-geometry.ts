import { feature } from 'topojson-client';
import type { Feature, MultiPolygon, Point, Polygon } from 'geojson';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import type { MapSpec } from '../spec.ts';
import { compactOutline, type Outline } from './outline.ts';

/** A region drawn at this level: its id and its outline. */
export interface ScopeRegion {
  id: string;
  outline: Outline;
}

/** Where a region is and what it is called, at every level, even one without its outline. */
interface RegionAnchor {
  lonLat: [number, number];
  name: string;
}

export interface ScopeGeometry {
  regions: ScopeRegion[];
  /** neighbouring land drawn muted for context; no ids */
  context: Outline[];
  /** lakes on the scope's regions, drawn as water over them, and lakes in the land around, drawn with it */
  lakes: Outline[];
  nearbyLakes: Outline[];
  /** every region of the scope by id: the visual centre of its most detailed outline */
  anchors: Map<string, RegionAnchor>;
}

/** Reads a built data file by name (`world-low.json`), from the page's origin. */
export type LoadJson = (name: string) => Promise<unknown>;

export type GeometrySource = Pick<MapSpec, 'scope' | 'division' | 'geometry' | 'level' | 'worldview'>;

/** What the geometry of a map is kept under: its file's name (`FR.regions-medium`, a scope's division at a
 *  level; `europe@de-facto-low`, a scope as a worldview other than the default draws it), or the hash of the
 *  request's own boundaries. */
export function geometryKey({ scope, division, geometry, level, worldview }: GeometrySource): string {
  if (geometry) return `custom#${geometry.key}`;
  return `${scope}${division === null ? '' : `.${division}`}${worldview === 'un' ? '' : `@${worldview}`}-${level}`;
}

/** The geometry of a scope, or of one of its divisions (`FR.regions-medium.json`), at a level; or the
 *  request's own. Read and decoded anew on each call: the page's GeometryStore keeps what it decoded. */
export function readScopeGeometry(source: GeometrySource, loadJson: LoadJson): Promise<ScopeGeometry> {
  const custom = source.geometry;
  return custom
    ? Promise.resolve(decode(JSON.parse(custom.topology) as Topology))
    : loadJson(`${geometryKey(source)}.json`).then((topology) => decode(topology as Topology));
}

function decode(topology: Topology): ScopeGeometry {
  // one object at a time, each outline made compact as soon as it is decoded: the topology's GeoJSON is never
  // whole in memory at once
  const objects = (name: string) => (topology.objects[name] as GeometryCollection | undefined)?.geometries ?? [];
  const decoded = (object: GeometryObject) => feature(topology, object) as Feature;
  const outline = (object: GeometryObject) => {
    const { geometry } = decoded(object);
    // the build and custom-geometry.ts let only areas be regions and context land
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')
      throw new Error(`an outline must be a Polygon or MultiPolygon, not ${geometry.type}`);
    return compactOutline(geometry as Polygon | MultiPolygon);
  };
  const anchors = new Map(
    objects('points').map((object) => {
      const point = decoded(object) as Feature<Point, { name: string }>;
      return [
        String(point.id),
        { lonLat: point.geometry.coordinates as [number, number], name: point.properties.name },
      ];
    }),
  );
  return {
    regions: objects('regions').map((object) => ({ id: String(object.id), outline: outline(object) })),
    context: objects('context').map(outline),
    lakes: objects('lakes').map(outline),
    nearbyLakes: objects('nearbyLakes').map(outline),
    anchors,
  };
}
