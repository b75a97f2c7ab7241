import { format } from 'd3';

const grouped = format(',');

/** For people: thousands separators, at most 4 significant digits, no binary noise (0.1 + 0.2 → 0.3). */
export function formatNumber(value: number): string {
  return grouped(Number(value.toPrecision(4)));
}
