// Class thresholds for numeric values (DECISIONS.md §4): quantile, Fisher-Jenks, equal intervals, custom.
import { bisectLeft, bisectRight, quantileSorted } from 'd3';
import { jenks } from 'simple-statistics';
import type { Classification } from '../spec.ts';

export interface Classes {
  /** inner thresholds, ascending: k - 1 of them for k classes */
  thresholds: number[];
  /** true: a value equal to a threshold belongs to the class below it (custom breaks are upper edges);
   *  false: to the class above (quantile, equal and Jenks thresholds are lower edges) */
  upperInclusive: boolean;
}

const CLASS_COUNT = 5;

/** Equal-count classes whose lower edges are data values, each strictly above the one before, so no
 *  class is empty even when many values repeat. */
function quantile(sorted: number[], distinct: number[], k: number): number[] {
  const edges: number[] = [];
  let previous = distinct[0];
  for (let i = 1; i < k; i++) {
    const q = quantileSorted(sorted, i / k) ?? sorted[0];
    const edge = distinct.find((d) => d >= q && d > previous);
    if (edge === undefined) break;
    edges.push(edge);
    previous = edge;
  }
  return edges;
}

function equal(min: number, max: number, k: number): number[] {
  if (min === max) return [];
  return Array.from({ length: k - 1 }, (_, i) => min + ((i + 1) * (max - min)) / k);
}

/** simple-statistics' Jenks natural breaks: [min, ...lower edges of classes 2..k, max]. */
function natural(sorted: number[], k: number): number[] {
  if (k < 2) return [];
  return [...new Set((jenks(sorted, k) ?? []).slice(1, -1))];
}

export function classify(values: number[], method: Classification, breaks: number[] | null): Classes {
  if (method === 'custom') return { thresholds: (breaks ?? []).slice(0, -1), upperInclusive: true };
  const sorted = [...values].sort((a, b) => a - b);
  const distinct = [...new Set(sorted)];
  const k = Math.min(CLASS_COUNT, distinct.length);
  switch (method) {
    case 'quantile':
      return { thresholds: quantile(sorted, distinct, k), upperInclusive: false };
    case 'equal':
      return { thresholds: equal(sorted[0], sorted[sorted.length - 1], k), upperInclusive: false };
    case 'jenks':
      return { thresholds: natural(sorted, k), upperInclusive: false };
  }
}

/** Index of the class `value` falls in: how many thresholds lie below it (or at it, for lower edges). */
export function classIndex({ thresholds, upperInclusive }: Classes, value: number): number {
  return (upperInclusive ? bisectLeft : bisectRight)(thresholds, value);
}
