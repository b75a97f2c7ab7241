// A table body's bytes as text. Spreadsheets and statistics portals write tables in more than UTF-8: Excel's
// "Unicode text" is UTF-16 LE with a BOM, its "CSV" on a Western Windows is Windows-1252, and many tools put a
// UTF-8 BOM first. A byte order mark says which UTF it is; otherwise the bytes are UTF-8 when they are valid
// UTF-8, else Windows-1252 (a superset of Latin-1 in which every byte is a character, so any file decodes; a
// charset parameter on the Content-Type is not trusted, since tools send `charset=utf-8` whatever they wrote).
import iconv from 'iconv-lite';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The text of a table body, its byte order mark removed. */
export function decodeTable(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes.subarray(2), 'utf-16be');
  try {
    // TextDecoder drops a UTF-8 BOM itself (ignoreBOM false)
    return UTF8.decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}
