// A raster map's print size, written into its bytes (docs/http.md): Word, LibreOffice, pandoc and LaTeX size an
// image by the density its file states, so that a map drawn `width` CSS px wide at `scale` prints `width` CSS px
// wide, as the same map's PDF does (a CSS px is 1/96 inch). Without it Word takes 96 dpi and pdfTeX 72, and a
// `scale=2` PNG came out twice as large as its `scale=1` twin, or 2.7 times under LaTeX.
// WebP has no field for it (only an EXIF chunk, which none of those programs read in a WebP): it is left as drawn.
import { pngChunk } from './png-chunks.ts';

/** CSS px per inch (CSS Values 4 §6.2: 1px = 1/96in). */
const CSS_PX_PER_INCH = 96;
const METRES_PER_INCH = 0.0254;

/** The dots per inch of a map drawn at `scale` device pixels per CSS px. */
const dotsPerInch = (scale: number): number => CSS_PX_PER_INCH * scale;

/** A PNG's pHYs chunk (PNG 1.2 §4.2.4.2): pixels per metre, the same across and down, unit 1 (the metre). */
export function pngDensityChunk(scale: number): Buffer {
  const data = Buffer.alloc(9);
  const perMetre = Math.round(dotsPerInch(scale) / METRES_PER_INCH);
  data.writeUInt32BE(perMetre, 0);
  data.writeUInt32BE(perMetre, 4);
  data.writeUInt8(1, 8);
  return pngChunk('pHYs', data);
}

/** SOI, then an APP0 marker: where a JFIF file (JFIF 1.02 §3) keeps its density. */
const SOI = 2;
/** In the APP0 segment, after its marker and length: `JFIF\0`, the version (2 bytes), then units and densities. */
const JFIF_ID = Buffer.from('JFIF\0', 'latin1');
const UNITS_AT = SOI + 2 + 2 + JFIF_ID.length + 2;

/** `jpeg` with its JFIF density in dots per inch; Chromium writes a JFIF APP0 of density 1:1 (an aspect ratio, no
 *  size), which is rewritten where it is. A JPEG without one gets one. */
export function withJpegDensity(jpeg: Buffer, scale: number): Buffer {
  const dpi = Math.round(dotsPerInch(scale));
  const hasJfif = jpeg.readUInt16BE(SOI) === 0xffe0 && jpeg.subarray(SOI + 4, SOI + 4 + JFIF_ID.length).equals(JFIF_ID);
  const out = hasJfif ? Buffer.from(jpeg) : Buffer.concat([jpeg.subarray(0, SOI), jfifSegment(), jpeg.subarray(SOI)]);
  out.writeUInt8(1, UNITS_AT);
  out.writeUInt16BE(dpi, UNITS_AT + 1);
  out.writeUInt16BE(dpi, UNITS_AT + 3);
  return out;
}

/** An APP0 JFIF 1.01 segment without a thumbnail, its density to be written. */
function jfifSegment(): Buffer {
  const segment = Buffer.alloc(2 + 16);
  segment.writeUInt16BE(0xffe0, 0);
  segment.writeUInt16BE(16, 2);
  JFIF_ID.copy(segment, 4);
  segment.writeUInt16BE(0x0101, 9);
  return segment;
}
