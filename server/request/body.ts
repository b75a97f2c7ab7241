// Reads a POST body within the size limit; parse-body.ts makes a request of it.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors.ts';
import type { BodyKind } from './parse-body.ts';
import { decodeTable } from './table/decode.ts';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The Content-Types a table body comes as: what spreadsheets, pandas, R and browsers' file pickers send for a
 *  CSV or TSV file (`text/plain` from curl --data-binary with a .txt, `application/csv` from some uploaders). */
export const TABLE_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain', 'application/csv'] as const;

/** JSON text is UTF-8 (RFC 8259); invalid bytes become U+FFFD, which the schema then refuses where it matters. */
const JSON_TEXT = new TextDecoder('utf-8');

async function readBytes(ctx: Context): Promise<Buffer> {
  try {
    return await getRawBody(ctx.req, {
      length: ctx.get('content-length') || undefined,
      limit: MAX_BODY_BYTES,
    });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new ApiError('payload_too_large', `the body is larger than ${MAX_BODY_BYTES} bytes (4 MB)`);
    }
    throw new ApiError('invalid_json', 'the body could not be read completely');
  }
}

/** A POST body's text and kind, JSON or a table; any other type is refused before the body is read. Decoding
 *  happens here, on the event loop: TextDecoder and iconv-lite are native-speed (4 MB in a few milliseconds),
 *  and the threads (body-threads.ts) then receive text as before. */
export async function readRequestBody(ctx: Context): Promise<{ kind: BodyKind; text: string }> {
  const kind = ctx.request.is('application/json', '+json') ? 'json' : ctx.request.is(...TABLE_TYPES) ? 'csv' : null;
  if (!kind) {
    const given = ctx.get('content-type') || 'none';
    throw new ApiError(
      'unsupported_media_type',
      `Content-Type must be application/json, or text/csv, text/tab-separated-values, text/plain or application/csv for a table (got ${given})`,
    );
  }
  const bytes = await readBytes(ctx);
  return { kind, text: kind === 'csv' ? decodeTable(bytes) : JSON_TEXT.decode(bytes) };
}
