import { interpolateLab, piecewise, quantize } from 'd3';

/** `k` colours from a palette, weakest first: the palette's own stops when it has enough (spread evenly),
 *  else interpolated in Lab between them. */
export function rampColors(stops: string[], k: number): string[] {
  if (k === 1) return [stops[stops.length - 1]];
  if (k <= stops.length) {
    return Array.from({ length: k }, (_, i) => stops[Math.round((i * (stops.length - 1)) / (k - 1))]);
  }
  return quantize(piecewise(interpolateLab, stops), k).map(toHex);
}

/** d3 interpolators answer `rgb(r, g, b)`; the SVG contract wants literal `#rrggbb`. */
export function toHex(color: string): string {
  const match = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(color);
  if (!match) return color;
  return '#' + match.slice(1).map((c) => Number(c).toString(16).padStart(2, '0')).join('');
}
