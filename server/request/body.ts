// Reads a POST body within the size limit; parse-body.ts makes a request of it.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors.ts';
import type { BodyKind } from './parse-body.ts';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

async function readText(ctx: Context): Promise<string> {
  try {
    return await getRawBody(ctx.req, {
      length: ctx.get('content-length') || undefined,
      limit: MAX_BODY_BYTES,
      encoding: 'utf-8',
    });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new ApiError('payload_too_large', `the body is larger than ${MAX_BODY_BYTES} bytes (4 MB)`);
    }
    throw new ApiError('invalid_json', 'the body could not be read completely');
  }
}

/** A POST body's text and kind, JSON or CSV; any other type is refused before the body is read. */
export async function readRequestBody(ctx: Context): Promise<{ kind: BodyKind; text: string }> {
  const kind = ctx.request.is('application/json', '+json') ? 'json' : ctx.request.is('text/csv') ? 'csv' : null;
  if (!kind) {
    const given = ctx.get('content-type') || 'none';
    throw new ApiError('unsupported_media_type', `Content-Type must be application/json or text/csv (got ${given})`);
  }
  return { kind, text: await readText(ctx) };
}
