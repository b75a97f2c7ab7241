// What POST /maps keeps of a request, and the id it keeps it under (docs/stored-maps.md).
//
// The record is the request in the interface's own JSON, as a POST body gives it (a CSV body: the JSON request its
// rows and query make), never the normalised MapSpec: that is internal and changes with releases, while the
// interface's JSON stays readable by every later one, so a stored URL outlives upgrades. Each GET normalises the
// record again (it is cheap, and a grown catalogue then resolves ids it did not know). `format` is left out: a stored
// map's extension chooses it. The record is gzipped JSON `{"v":1,"request":{…}}`: the envelope leaves room for
// what the interface may later want beside the request: `key`, the id of the key that stored it (DECISIONS §12),
// whose revocation stops the map being drawn. The first to store a map is its keeper: the same map stored again, by
// any key, is the record already there.
//
// The id is a hash of the normalised request, the same text the ETag is made of (request/etag.ts), without the
// renderer's version: two spellings of one map (`Germany` and `DE`, fields in any order) get one id, and the id
// stays the same across releases that draw it differently. The request is normalised as WebP for it, a raster
// with loss, so that `scale` and `quality` count and no other output option does. SHA-256, its first 22 base64url
// characters: 132 bits, URL-safe, and a collision is not to be expected before about 2^66 stored maps.
import { createHash } from 'node:crypto';
import { gunzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { Catalogue } from '../../topology/catalogue.ts';
import type { Format } from '../../renderer-page/spec.ts';
import { normaliseRequest, type NormalisedRequest } from '../request/normalise.ts';
import { specText } from '../request/etag.ts';

/** A stored map's id as its URL writes it. */
export const STORED_MAP_ID = /^[A-Za-z0-9_-]{22}$/;
const ID_FORMAT: Format = 'webp';
const RECORD_VERSION = 1;

export interface StoredForm {
  id: string;
  /** gzipped JSON `{"v":1,"request":{…}}` */
  record: Buffer;
}

const isPlainObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/** A request as a POST body made it → what is stored, and the request normalised (its warnings are answered).
 *  Throws the request's ApiError as POST /render/map would, before anything is stored. */
export function storedForm(
  input: unknown,
  catalogue: Catalogue,
  storedBy?: string,
): { request: NormalisedRequest; stored: StoredForm } {
  // anything but an object is refused by normalising it as it is
  const kept = isPlainObject(input)
    ? Object.fromEntries(Object.entries(input).filter(([key]) => key !== 'format'))
    : input;
  const request = normaliseRequest(kept, catalogue, ID_FORMAT);
  const id = createHash('sha256').update(specText(request.spec)).digest('base64url').slice(0, 22);
  // the key before the request, where storedBy() finds it without reading the request
  const record = gzipSync(
    JSON.stringify({ v: RECORD_VERSION, ...(storedBy !== undefined && { key: storedBy }), request: kept }),
  );
  return { request, stored: { id, record } };
}

/** A record's JSON text, unzipped off the event loop (a record holds up to 4 MB of request). */
export async function recordText(record: Buffer): Promise<string> {
  return (await promisify(gunzip)(record)).toString('utf8');
}

/** The request a record's JSON text holds. */
export function storedRequest(text: string): unknown {
  const parsed = JSON.parse(text) as { v: number; request: unknown };
  if (parsed.v !== RECORD_VERSION) throw new Error(`a stored map's record is of version ${parsed.v}`);
  return parsed.request;
}

/** The id of the key that stored a record, if one did: read from the record's head, where storedForm writes it, so
 *  that a stored map's GET need not parse up to 4 MB of JSON on the event loop to know whether that key is revoked. */
export function storedBy(text: string): string | undefined {
  const head = /^\{"v":\d+,"key":("(?:[^"\\]|\\.)*")/.exec(text);
  return head ? (JSON.parse(head[1]!) as string) : undefined;
}
