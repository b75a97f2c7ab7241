// Chunks the service adds to a PNG Chromium captured, right after its header (PNG 1.2 §5.6: ancillary chunks
// that must come before the image data may come there): the map's words, and its print size
// (print-density.ts).
import { crc32 } from 'node:zlib';

/** The signature (8 bytes) and the IHDR chunk (4 length + 4 type + 13 data + 4 CRC): what comes first. */
const AFTER_HEADER = 8 + 25;

/** A chunk: its data's length, its type, the data, and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The map's description where an image viewer, a search engine or an accessibility checker reads it: an
 *  uncompressed international text chunk (UTF-8, so names in any script survive), PNG 1.2 §4.2.3.3. */
export function pngTextChunk(keyword: string, text: string): Buffer {
  // keyword NUL, no compression (flag and method 0), no language tag NUL, no translated keyword NUL, the text
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  return pngChunk('iTXt', data);
}

/** `png` with `chunks` after its header, in one copy of the image. */
export function withPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, AFTER_HEADER), ...chunks, png.subarray(AFTER_HEADER)]);
}
