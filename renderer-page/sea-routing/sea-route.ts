// The shortest way between two points by sea: each end is snapped to the nearest point of the maritime
// network, then A* finds the shortest path through it.
//
// Path finding is ngraph.path's A* over an ngraph.graph (both MIT, by the same author, small, no
// dependencies beyond ngraph.events, typed, in use for years): A* with the great-circle distance as its
// heuristic is exact here, because every edge is at least as long as the great circle between its ends,
// and it visits far fewer nodes than plain Dijkstra for a route across one ocean.
import ngraphPath from 'ngraph.path';
import type { Node } from 'ngraph.graph';
import type { LonLat } from '../spec.ts';
import { unitVector, type SeaNetwork, type Vec3 } from './sea-network.ts';

const EARTH_RADIUS_KM = 6371;
/** A snapped point closer than this to an edge's end is that end. */
const SAME_POINT_KM = 0.1;

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vec3) => Math.hypot(a[0], a[1], a[2]);
const angle = (a: Vec3, b: Vec3) => Math.atan2(norm(cross(a, b)), dot(a, b));
const km = (a: Vec3, b: Vec3) => angle(a, b) * EARTH_RADIUS_KM;

function toLonLat(v: Vec3): LonLat {
  const deg = 180 / Math.PI;
  return [Math.atan2(v[1], v[0]) * deg, Math.atan2(v[2], Math.hypot(v[0], v[1])) * deg];
}

/** The point of the great-circle arc a–b nearest to p (exact, on the sphere). */
function nearestOnArc(p: Vec3, a: Vec3, b: Vec3): Vec3 {
  const n = cross(a, b);
  const length = norm(n);
  if (length < 1e-12) return a;
  const unitN: Vec3 = [n[0] / length, n[1] / length, n[2] / length];
  const s = dot(p, unitN);
  const q: Vec3 = [p[0] - s * unitN[0], p[1] - s * unitN[1], p[2] - s * unitN[2]];
  const qLength = norm(q);
  // p's foot on the great circle lies between a and b when it is on the inner side of both
  if (qLength > 1e-12 && dot(cross(a, q), n) >= 0 && dot(cross(q, b), n) >= 0) {
    return [q[0] / qLength, q[1] / qLength, q[2] / qLength];
  }
  return dot(p, a) >= dot(p, b) ? a : b;
}

interface Snap {
  /** the edge's ends */
  a: number;
  b: number;
  point: Vec3;
  km: number;
}

/** For each component, the nearest point of its edges to p. */
function snapsByComponent(network: SeaNetwork, p: Vec3): Map<number, Snap> {
  const best = new Map<number, Snap>();
  for (const [a, b] of network.edges) {
    const point = nearestOnArc(p, network.unit[a], network.unit[b]);
    const distance = km(p, point);
    const component = network.component[a];
    const current = best.get(component);
    if (!current || distance < current.km) best.set(component, { a, b, point, km: distance });
  }
  return best;
}

/** Both ends snapped into the one component that makes the two snapping legs shortest together. */
function snapBoth(network: SeaNetwork, from: Vec3, to: Vec3): [Snap, Snap] | null {
  const fromSnaps = snapsByComponent(network, from);
  const toSnaps = snapsByComponent(network, to);
  let best: [Snap, Snap] | null = null;
  for (const [component, f] of fromSnaps) {
    const t = toSnaps.get(component);
    if (t && (!best || f.km + t.km < best[0].km + best[1].km)) best = [f, t];
  }
  return best;
}

const FROM = 'from';
const TO = 'to';

/** The polyline from `from` through the network to `to`, as geographic [lon, lat] points. Consecutive
 *  points are joined by great-circle arcs (what d3-geo draws, cutting them at the antimeridian). */
export function seaPath(network: SeaNetwork, from: LonLat, to: LonLat): LonLat[] {
  const start = unitVector(from);
  const end = unitVector(to);
  const snaps = snapBoth(network, start, end);
  if (!snaps) return [from, to];
  const [fromSnap, toSnap] = snaps;

  // Two temporary nodes at the snapped points, linked to the ends of their edges, removed afterwards:
  // the search runs synchronously, so no other render sees them.
  const { graph } = network;
  const extra: Vec3[] = [fromSnap.point, toSnap.point];
  const position = (node: Node<number>) => (node.data >= 0 ? network.unit[node.data] : extra[-node.data - 1]);
  graph.addNode(FROM, -1);
  graph.addNode(TO, -2);
  try {
    for (const [id, snap] of [
      [FROM, fromSnap],
      [TO, toSnap],
    ] as const) {
      graph.addLink(id, snap.a, km(snap.point, network.unit[snap.a]));
      graph.addLink(id, snap.b, km(snap.point, network.unit[snap.b]));
    }
    // both on one edge: the way along it between them may be the shortest
    if (fromSnap.a === toSnap.a && fromSnap.b === toSnap.b) graph.addLink(FROM, TO, km(fromSnap.point, toSnap.point));

    const finder = ngraphPath.aStar<number, number>(graph, {
      distance: (_a, _b, link) => link.data,
      heuristic: (a, b) => km(position(a), position(b)),
    });
    // ngraph.path lists a path from its target back to its source: searching from TO lists it from FROM
    const nodes = finder.find(TO, FROM);
    if (!nodes.length) return [from, to];
    const points = nodes.map((node): [Vec3, LonLat] => [
      position(node),
      node.data >= 0 ? network.lonLat[node.data] : toLonLat(extra[-node.data - 1]),
    ]);
    const line: [Vec3, LonLat][] = [[start, from]];
    for (const point of [...points, [end, to] as [Vec3, LonLat]]) {
      if (km(line[line.length - 1][0], point[0]) >= SAME_POINT_KM) line.push(point);
    }
    // the far end exactly as given, in place of a network point it lies on
    if (line[line.length - 1][1] !== to) line.splice(Math.max(1, line.length - 1), 1, [end, to]);
    return line.map(([, lonLat]) => lonLat);
  } finally {
    graph.removeNode(FROM);
    graph.removeNode(TO);
  }
}

/** Length of a polyline of great-circle arcs, in km. */
export function pathLengthKm(points: LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += km(unitVector(points[i - 1]), unitVector(points[i]));
  return total;
}
