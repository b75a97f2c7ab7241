// Reads a POST body within the size limit and parses it by content type.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors.ts';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

async function readText(ctx: Context): Promise<string> {
  try {
    return await getRawBody(ctx.req, { length: ctx.get('content-length') || undefined, limit: MAX_BODY_BYTES, encoding: 'utf-8' });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new ApiError('payload_too_large', `the body is larger than ${MAX_BODY_BYTES} bytes (4 MB)`);
    }
    throw new ApiError('invalid_json', 'the body could not be read completely');
  }
}

/** The JSON body of a POST, as parsed; anything but JSON is refused before it is read. */
export async function readJsonBody(ctx: Context): Promise<unknown> {
  if (!ctx.request.is('application/json', '+json')) {
    const given = ctx.get('content-type') || 'none';
    throw new ApiError('unsupported_media_type', `Content-Type must be application/json (got ${given})`);
  }
  const text = await readText(ctx);
  if (text.trim() === '') throw new ApiError('invalid_json', 'the body is empty; send a JSON object with at least "scope"');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError('invalid_json', `the body is not valid JSON: ${(error as Error).message}`);
  }
}
