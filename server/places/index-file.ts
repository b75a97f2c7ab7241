// The place index as a file, written by `server/prepare.mjs` (make-index.ts) beside the service's bundle, so that the
// service reads it in some 50 ms rather than building it: the build took 1.5 s of the event loop on the first
// place asked for, and held every other request up meanwhile. The file is the index's typed arrays as they are in
// memory, its two strings as UTF-8, and a header that names the catalogue it was made from: a service whose
// catalogue differs (another build) builds its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { PlaceIndex, type IndexParts } from './place-index.ts';

/** Bumped when the file's layout or what an index holds changes. */
const FORMAT = 2;

const ARRAYS = {
  kinds: Uint8Array,
  lats: Float64Array,
  lons: Float64Array,
  weights: Float64Array,
  countries: Uint16Array,
  regions: Int32Array,
  textStarts: Uint32Array,
  keyStarts: Uint32Array,
  keyOwners: Uint32Array,
  keyAlternates: Uint8Array,
} as const;
type ArrayName = keyof typeof ARRAYS;
const ARRAY_NAMES = Object.keys(ARRAYS) as ArrayName[];

interface Header {
  format: number;
  catalogue: string;
  lengths: Record<ArrayName, number>;
  countryCodes: string[];
  regionIds: string[];
  /** the UTF-8 bytes of `text` and `keyText` */
  textBytes: number;
  keyTextBytes: number;
}

/** Each array starts at a multiple of 8 bytes, as a Float64Array over the file's bytes needs. */
const aligned = (n: number) => Math.ceil(n / 8) * 8;

export function writeIndexFile(path: string, index: PlaceIndex, catalogueVersion: string): void {
  const parts = index.parts();
  const text = Buffer.from(parts.text, 'utf8');
  const keyText = Buffer.from(parts.keyText, 'utf8');
  const header: Header = {
    format: FORMAT,
    catalogue: catalogueVersion,
    lengths: Object.fromEntries(ARRAY_NAMES.map((name) => [name, parts[name].length])) as Header['lengths'],
    countryCodes: parts.countryCodes,
    regionIds: parts.regionIds,
    textBytes: text.length,
    keyTextBytes: keyText.length,
  };
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const chunks: Buffer[] = [Buffer.alloc(4), head];
  chunks[0]!.writeUInt32LE(head.length);
  let at = 4 + head.length;
  const pad = () => {
    const padding = aligned(at) - at;
    chunks.push(Buffer.alloc(padding));
    at += padding;
  };
  for (const name of ARRAY_NAMES) {
    pad();
    const array = parts[name];
    chunks.push(Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    at += array.byteLength;
  }
  chunks.push(text, keyText);
  writeFileSync(path, Buffer.concat(chunks));
}

/** The index the file at `path` holds, or undefined when there is none, or it was made from another catalogue or
 *  in another layout. */
export function readIndexFile(path: string, catalogueVersion: string): PlaceIndex | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  const headLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as Header;
  if (header.format !== FORMAT || header.catalogue !== catalogueVersion) return undefined;
  let at = 4 + headLength;
  const arrays = {} as Record<ArrayName, IndexParts[ArrayName]>;
  for (const name of ARRAY_NAMES) {
    at = aligned(at);
    const Type = ARRAYS[name];
    const byteLength = header.lengths[name] * Type.BYTES_PER_ELEMENT;
    // a copy: the file's buffer may lie at any offset of a pooled one
    const View = Type as unknown as new (buffer: ArrayBufferLike) => IndexParts[ArrayName];
    arrays[name] = new View(bytes.buffer.slice(bytes.byteOffset + at, bytes.byteOffset + at + byteLength));
    at += byteLength;
  }
  const text = bytes.toString('utf8', at, (at += header.textBytes));
  const keyText = bytes.toString('utf8', at, at + header.keyTextBytes);
  return new PlaceIndex({
    ...(arrays as Pick<IndexParts, ArrayName>),
    countryCodes: header.countryCodes,
    regionIds: header.regionIds,
    text,
    keyText,
  });
}
