// Class edges a reader can check (DECISIONS §11): each inner edge becomes the number with the fewest significant
// digits that still keeps every value in the class it was put in, so `62.5 – 62.6` or `12.3456` only appear when
// the data need them. The rounded edges are the classes' real thresholds, so legend and map never disagree.

/** `k × 10^exponent` without binary noise (3 × 0.1 is 0.30000000000000004; 3 / 10 is 0.3). */
const times = (k: number, exponent: number) => (exponent < 0 ? k / 10 ** -exponent : k * 10 ** exponent);

export interface RoundEdge {
  value: number;
  /** the power of ten it is a multiple of */
  exponent: number;
}

/** The number in (lo, hi] with the fewest significant digits (zero has none), nearest `near` among those; null
 *  when the interval is empty. */
export function roundest(lo: number, hi: number, near: number): RoundEdge | null {
  if (!(hi > lo)) return null;
  if (lo < 0 && hi >= 0) return { value: 0, exponent: 0 };
  const top = Math.ceil(Math.log10(Math.max(Math.abs(lo), Math.abs(hi))));
  for (let digits = 1; digits <= 17; digits++) {
    const most = 10 ** digits - 1;
    let best: RoundEdge | null = null;
    // k × 10^exponent with k of at most `digits` digits; doubles hold 17, so no finer exponent is needed
    for (let exponent = top; exponent >= top - 17; exponent--) {
      // one step of slack each side, then the exact test: scaling by a power of ten may land a hair off
      const from = Math.max(Math.floor(times(lo, -exponent)), -most);
      const to = Math.min(Math.floor(times(hi, -exponent)) + 1, most);
      const k = Math.min(to, Math.max(from, Math.round(times(near, -exponent))));
      const candidates = [k - 1, k, k + 1].map((j) => times(j, exponent) + 0);
      for (const value of candidates.filter((v) => v > lo && v <= hi && Math.abs(times(v, -exponent)) <= most))
        if (!best || Math.abs(value - near) < Math.abs(best.value - near)) best = { value, exponent };
    }
    if (best) return best;
  }
  return null;
}

/** Rounds lower-edge thresholds (a value on an edge belongs to the class above) over ascending `sorted` values:
 *  each edge moves to the roundest number above every value below it and at most the first value at or above
 *  it (nor past the next edge, so no class is lost). `exponent`: the finest power of ten used, for the ends. */
export function readableEdges(sorted: number[], thresholds: number[]): { edges: number[]; exponent: number } {
  const edges: number[] = [];
  let exponent = Infinity;
  thresholds.forEach((t, i) => {
    const below = sorted.filter((v) => v < t);
    const lo = Math.max(below.length ? below[below.length - 1] : -Infinity, edges[i - 1] ?? -Infinity);
    const hi = Math.min(sorted.find((v) => v >= t) ?? Infinity, thresholds[i + 1] ?? Infinity);
    const edge = Number.isFinite(lo) && Number.isFinite(hi) ? roundest(lo, hi, t) : null;
    edges.push(edge?.value ?? t);
    exponent = Math.min(exponent, edge?.exponent ?? Infinity);
  });
  return { edges, exponent };
}

/** The data's extent widened to multiples of 10^exponent, so the end labels hold every value too. */
export function outward([min, max]: [number, number], exponent: number): [number, number] {
  if (!Number.isFinite(exponent)) return [min, max];
  return [
    times(Math.floor(times(min, -exponent)), exponent) + 0,
    times(Math.ceil(times(max, -exponent)), exponent) + 0,
  ];
}
