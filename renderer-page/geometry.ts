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

// One decode per (scope, level) for the life of the page.
const loaded = new Map<string, Promise<ScopeGeometry>>();

export function loadScopeGeometry(scope: ScopeId, level: Level, baseUrl: string): Promise<ScopeGeometry> {
  const key = `${scope}-${level}`;
  let geometry = loaded.get(key);
  if (!geometry) {
    geometry = fetchTopology(`${baseUrl}${key}.json`).then(decode);
    geometry.catch(() => loaded.delete(key));
    loaded.set(key, geometry);
  }
  return geometry;
}

async function fetchTopology(url: string): Promise<Topology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`topology ${url}: HTTP ${response.status}`);
  return (await response.json()) as Topology;
}

function decode(topology: Topology): ScopeGeometry {
  const collection = (name: string): Feature[] => {
    const object = topology.objects[name] as GeometryCollection | undefined;
    return object ? feature(topology, object).features : [];
  };
  return { regions: collection('regions') as RegionFeature[], context: collection('context') };
}
