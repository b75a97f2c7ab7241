// Class edges a reader can check (DECISIONS §11): each inner edge becomes the number with the fewest significant
// digits that still keeps every value in the class it was put in, so `62.5 – 62.6` or `12.3456` only appear when
// the data need them. The rounded edges are the classes' real thresholds, so legend and map never disagree.

/** `k × 10^exponent` without binary noise (3 × 0.1 is 0.30000000000000004; 3 / 10 is 0.3). */
const times = (k: number, exponent: number) => (exponent < 0 ? k / 10 ** -exponent : k * 10 ** exponent);

/** The number in (lo, hi] with the fewest significant digits (zero has none), nearest `near` among those; null
 *  when the interval is empty. */
export function roundest(lo: number, hi: number, near: number): number | null {
  if (!(hi > lo)) return null;
  if (lo < 0 && hi >= 0) return 0;
  const top = Math.ceil(Math.log10(Math.max(Math.abs(lo), Math.abs(hi))));
  for (let digits = 1; digits <= 17; digits++) {
    const most = 10 ** digits - 1;
    let best: number | null = null;
    // k × 10^exponent with k of at most `digits` digits; doubles hold 17, so no finer exponent is needed
    for (let exponent = top; exponent >= top - 17; exponent--) {
      // one step of slack each side, then the exact test: scaling by a power of ten may land a hair off
      const from = Math.max(Math.floor(times(lo, -exponent)), -most);
      const to = Math.min(Math.floor(times(hi, -exponent)) + 1, most);
      const k = Math.min(to, Math.max(from, Math.round(times(near, -exponent))));
      const candidates = [k - 1, k, k + 1].map((j) => times(j, exponent) + 0);
      for (const value of candidates.filter((v) => v > lo && v <= hi && Math.abs(times(v, -exponent)) <= most))
        if (best === null || Math.abs(value - near) < Math.abs(best - near)) best = value;
    }
    if (best !== null) return best;
  }
  return null;
}

/** Rounds lower-edge thresholds (a value on an edge belongs to the class above) over ascending `sorted` values:
 *  each edge moves to the roundest number above every value below it and at most the first value at or above
 *  it (nor past the next edge, so no class is lost). `floor`: what lies below every value (0 for magnitudes). */
export function readableEdges(sorted: number[], thresholds: number[], floor = -Infinity): number[] {
  const edges: number[] = [];
  thresholds.forEach((t, i) => {
    const below = sorted.filter((v) => v < t);
    const lo = Math.max(below.length ? below[below.length - 1] : floor, edges[i - 1] ?? floor);
    const hi = Math.min(sorted.find((v) => v >= t) ?? Infinity, thresholds[i + 1] ?? Infinity);
    edges.push((Number.isFinite(lo) && Number.isFinite(hi) ? roundest(lo, hi, t) : null) ?? t);
  });
  return edges;
}
