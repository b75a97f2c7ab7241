import { format } from 'd3';

const large = format(',.2~f');
const small = format(',.4~g');

/** For people: thousands separators, whole numbers exact, at most two decimals (four significant digits
 *  below one), no binary noise (0.1 + 0.2 → 0.3). */
export function formatNumber(value: number): string {
  return Math.abs(value) >= 1 || value === 0 ? large(value) : small(value);
}
