import { quantileSorted } from 'd3';

/** Lower edges of up to `k` quantile classes (equal counts). Every edge is a data value strictly above the
 *  previous one, so no class is empty even when many values repeat. The first edge is the minimum. */
export function quantileEdges(values: number[], k: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const distinct = [...new Set(sorted)];
  const edges = [distinct[0]];
  for (let i = 1; i < k; i++) {
    const q = quantileSorted(sorted, i / k) ?? sorted[0];
    const previous = edges[edges.length - 1];
    const edge = distinct.find((d) => d >= q && d > previous);
    if (edge === undefined) break;
    edges.push(edge);
  }
  return edges;
}
