// Telling a PNG by its bytes, as an image viewer does, and reading its pixels.
import { rgb } from 'd3';
import type { PNG } from 'pngjs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const isPng = (body: Buffer): boolean => body.subarray(0, 8).equals(SIGNATURE);

/** The colour of the pixel at (x, y), written as the SVG writes colours: `#rrggbb`. */
export function pixelColor(png: PNG, x: number, y: number): string {
  const at = (y * png.width + x) * 4;
  return rgb(png.data[at]!, png.data[at + 1]!, png.data[at + 2]!).formatHex();
}
