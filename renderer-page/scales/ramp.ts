import { interpolateLab, piecewise, quantize, rgb } from 'd3';

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
export const toHex = (color: string): string => rgb(color).formatHex();
