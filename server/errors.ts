// Typed errors and the one place that turns them into HTTP responses (DECISIONS.md §5).
import type { Context, Next } from 'koa';

export type ErrorCode =
  | 'missing_scope' | 'invalid_scope' | 'invalid_theme' | 'invalid_projection' | 'invalid_data'
  | 'invalid_field' | 'invalid_csv' | 'invalid_json' | 'too_many_items' | 'not_found'
  | 'method_not_allowed' | 'payload_too_large' | 'uri_too_long' | 'unsupported_media_type'
  | 'overloaded' | 'render_timeout' | 'render_failed';

/** The HTTP status of every error code; exported for the OpenAPI document (server/openapi/). */
export const STATUS: Record<ErrorCode, number> = {
  missing_scope: 400, invalid_theme: 400, invalid_projection: 400, invalid_data: 400, invalid_field: 400,
  invalid_csv: 400, invalid_json: 400, too_many_items: 400,
  invalid_scope: 404, not_found: 404,
  method_not_allowed: 405, payload_too_large: 413, uri_too_long: 414, unsupported_media_type: 415,
  overloaded: 503, render_timeout: 504, render_failed: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** Koa middleware: every failure leaves as `{error, message, status[, field]}` JSON, never a stack trace. */
export async function errorResponses(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw new ApiError('not_found', `no such path: ${ctx.method} ${ctx.path}`);
    }
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError('render_failed', 'the map could not be rendered');
    if (!(caught instanceof ApiError)) ctx.app.emit('error', caught, ctx);
    ctx.status = error.status;
    ctx.set(error.headers);
    // headers that describe a map do not belong on an error
    for (const header of ['ETag', 'Cache-Control', 'X-Cache', 'X-Geo-Warnings', 'Content-Security-Policy']) ctx.remove(header);
    ctx.body = { error: error.code, message: error.message, status: error.status, ...(error.field ? { field: error.field } : {}) };
  }
}
