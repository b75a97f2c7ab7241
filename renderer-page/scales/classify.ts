// Class thresholds for numeric values (DECISIONS.md §4, §11): quantile, Fisher-Jenks, equal intervals, custom;
// a class per value when there are no more values than classes.
import { bisectLeft, bisectRight, quantileSorted } from 'd3';
import { jenks } from 'simple-statistics';
import type { Classification } from '../spec.ts';
import { readableEdges } from './class-edges.ts';

export interface Classes {
  /** inner thresholds, ascending: k - 1 of them for k classes; rounded for people (class-edges.ts) */
  thresholds: number[];
  /** true: a value equal to a threshold belongs to the class below it (custom breaks are upper edges);
   *  false: to the class above (quantile, equal and Jenks thresholds are lower edges) */
  upperInclusive: boolean;
  /** one class per distinct value, labelled by it (no more distinct values than classes); else null */
  values: number[] | null;
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
  return Array.from({ length: k - 1 }, (_, i) => min + ((i + 1) * (max - min)) / k);
}

/** simple-statistics' Jenks natural breaks: [min, ...lower edges of classes 2..k, max]. */
function natural(sorted: number[], k: number): number[] {
  return [...new Set((jenks(sorted, k) ?? []).slice(1, -1))];
}

function lowerEdges(sorted: number[], distinct: number[], method: Exclude<Classification, 'custom'>): number[] {
  switch (method) {
    case 'quantile':
      return quantile(sorted, distinct, CLASS_COUNT);
    case 'equal':
      return equal(sorted[0], sorted[sorted.length - 1], CLASS_COUNT);
    case 'jenks':
      return natural(sorted, CLASS_COUNT);
  }
}

export function classify(values: number[], method: Classification, breaks: number[] | null): Classes {
  // custom breaks are the request's own numbers: kept as given
  if (method === 'custom') return { thresholds: (breaks ?? []).slice(0, -1), upperInclusive: true, values: null };
  const sorted = [...values].sort((a, b) => a - b);
  const distinct = [...new Set(sorted)];
  // three values make three classes `1`, `2`, `4`, not `1 – 2`, `2 – 4`, `4`
  if (distinct.length <= CLASS_COUNT) return { thresholds: distinct.slice(1), upperInclusive: false, values: distinct };
  return {
    thresholds: readableEdges(sorted, lowerEdges(sorted, distinct, method)),
    upperInclusive: false,
    values: null,
  };
}

/** Index of the class `value` falls in: how many thresholds lie below it (or at it, for lower edges). */
export function classIndex({ thresholds, upperInclusive }: Classes, value: number): number {
  return (upperInclusive ? bisectLeft : bisectRight)(thresholds, value);
}
