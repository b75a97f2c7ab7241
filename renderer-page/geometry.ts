import { feature } from 'topojson-client';
import type { Feature, Geometry } from 'geojson';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Level, ScopeId } from './spec.ts';

export interface RegionFeature extends Feature<Geometry, { name: string }> {
  id: string;
}

export interface ScopeGeometry {
  regions: RegionFeature[];
  /** neighbouring land drawn muted for context; no ids */
  context: Feature[];
}

/** Reads a built data file by name (`world-low.json`), from the page's origin. */
export type LoadJson = (name: string) => Promise<unknown>;

/** Decoded (scope, level)s a page keeps, least recently used out first: with 250 scopes, what a page holds
 *  must not grow with the catalogue. The world at three levels and a dozen countries fit. */
const KEPT = 16;
const loaded = new Map<string, Promise<ScopeGeometry>>();

export function loadScopeGeometry(scope: ScopeId, level: Level, loadJson: LoadJson): Promise<ScopeGeometry> {
  const key = `${scope}-${level}`;
  let geometry = loaded.get(key);
  loaded.delete(key);
  if (!geometry) {
    geometry = loadJson(`${key}.json`).then((topology) => decode(topology as Topology));
    geometry.catch(() => loaded.delete(key));
  }
  loaded.set(key, geometry);
  if (loaded.size > KEPT) loaded.delete(loaded.keys().next().value as string);
  return geometry;
}

function decode(topology: Topology): ScopeGeometry {
  const collection = (name: string): Feature[] => {
    const object = topology.objects[name] as GeometryCollection | undefined;
    return object ? feature(topology, object).features : [];
  };
  return { regions: collection('regions') as RegionFeature[], context: collection('context') };
}
