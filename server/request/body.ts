// Reads a POST body within the size limit and parses JSON; CSV text is parsed by csv.ts.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors.ts';

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

export type RequestBody = { kind: 'json'; value: unknown } | { kind: 'csv'; text: string };

/** A POST body, JSON or CSV; any other type is refused before the body is read. */
export async function readRequestBody(ctx: Context): Promise<RequestBody> {
  const kind = ctx.request.is('application/json', '+json') ? 'json' : ctx.request.is('text/csv') ? 'csv' : null;
  if (!kind) {
    const given = ctx.get('content-type') || 'none';
    throw new ApiError('unsupported_media_type', `Content-Type must be application/json or text/csv (got ${given})`);
  }
  const text = await readText(ctx);
  if (kind === 'csv') return { kind, text };
  if (text.trim() === '')
    throw new ApiError('invalid_json', 'the body is empty; send a JSON object with at least "scope"');
  try {
    return { kind, value: JSON.parse(text) };
  } catch (error) {
    throw new ApiError('invalid_json', `the body is not valid JSON: ${(error as Error).message}`);
  }
}
