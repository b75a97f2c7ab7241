// Numbers as the request's locale writes them (its d3-format locale definition, worked out by the server).
import { formatLocale } from 'd3';
import type { NumberLocale } from '../spec.ts';

export type FormatNumber = (value: number) => string;

/** For people: thousands separators, whole numbers exact, at most two decimals (four significant digits
 *  below one), no binary noise (0.1 + 0.2 → 0.3). */
export function readableNumbers(locale: NumberLocale): FormatNumber {
  const { format } = formatLocale(locale);
  const large = format(',.2~f');
  const small = format(',.4~g');
  return (value) => (Math.abs(value) >= 1 || value === 0 ? large(value) : small(value));
}

/** Data values: by the request's d3-format specifier, else the readable form followed by `suffix` (`%`). */
export function valueNumbers(
  locale: NumberLocale,
  specifier: string | null,
  suffix: string | null = null,
): FormatNumber {
  if (specifier) return formatLocale(locale).format(specifier);
  const readable = readableNumbers(locale);
  return suffix ? (value) => readable(value) + suffix : readable;
}
