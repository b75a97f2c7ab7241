// The maritime network (topology/build/sea-network.json, made by topology/sea-network.ts) as a graph, loaded
// only when a route asks for mode `sea`.
import createGraph, { type Graph } from 'ngraph.graph';
import type { SeaNetworkFile } from '../../topology/sea-network.ts';
import type { LonLat } from '../spec.ts';
import type { LoadJson } from '../geometry/scope-geometry.ts';

export type Vec3 = [number, number, number];

export interface SeaNetwork {
  /** node ids are indices into the arrays below; link data is the edge's length in km */
  graph: Graph<number, number>;
  lonLat: LonLat[];
  /** unit vectors of the nodes, for exact nearest-point-on-arc snapping */
  unit: Vec3[];
  component: number[];
  /** node pairs, one per edge */
  edges: [number, number][];
}

export function unitVector([lon, lat]: LonLat): Vec3 {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(lat * rad);
  return [cosLat * Math.cos(lon * rad), cosLat * Math.sin(lon * rad), Math.sin(lat * rad)];
}

export function decodeSeaNetwork(file: SeaNetworkFile): SeaNetwork {
  const lonLat: LonLat[] = [];
  for (let i = 0; i < file.lonLat.length; i += 2) lonLat.push([file.lonLat[i], file.lonLat[i + 1]]);
  const graph = createGraph<number, number>();
  lonLat.forEach((_, i) => graph.addNode(i, i));
  const edges: [number, number][] = [];
  for (let j = 0; j < file.edges.length; j += 3) {
    const [a, b, km] = [file.edges[j], file.edges[j + 1], file.edges[j + 2]];
    graph.addLink(a, b, km);
    edges.push([a, b]);
  }
  return { graph, lonLat, unit: lonLat.map(unitVector), component: file.component, edges };
}

/** The network's file. */
export const SEA_NETWORK = 'sea-network.json';

/** The network read and decoded anew: the page's GeometryStore keeps it. */
export function readSeaNetwork(loadJson: LoadJson): Promise<SeaNetwork> {
  return loadJson(SEA_NETWORK).then((file) => decodeSeaNetwork(file as SeaNetworkFile));
}
