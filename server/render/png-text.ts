// The map's description inside its PNG, where an image viewer, a search engine or an accessibility checker
// reads it: an iTXt chunk (UTF-8, so names in any script survive) with the keyword `Description`, right after
// the header, as PNG 1.2 §4.2.3.3 defines it.
import { crc32 } from 'node:zlib';

/** The signature (8 bytes) and the IHDR chunk (4 length + 4 type + 13 data + 4 CRC): what comes first. */
const AFTER_HEADER = 8 + 25;

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** `png` with an uncompressed international text chunk `keyword: text` after its header. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  // keyword NUL, no compression (flag and method 0), no language tag NUL, no translated keyword NUL, the text
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  return Buffer.concat([png.subarray(0, AFTER_HEADER), chunk('iTXt', data), png.subarray(AFTER_HEADER)]);
}
