// Typed errors and the one place that turns them into HTTP responses (DECISIONS.md §5): the API's own, the
// renderers' domain errors (admission.ts), and anything unexpected, which is logged and never shown.
import type { Context, Next } from 'koa';
import type { Logger } from './observability/logger.ts';
import { RenderFailed, RenderRefused, RenderTimedOut, TooManyPixels } from './render/render-errors.ts';
import { StoreUnavailable } from './store/map-store.ts';

export type ErrorCode =
  | 'missing_scope'
  | 'invalid_scope'
  | 'invalid_theme'
  | 'invalid_projection'
  | 'invalid_data'
  | 'invalid_field'
  | 'invalid_csv'
  | 'invalid_json'
  | 'too_many_items'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'too_costly'
  | 'no_known_ids'
  | 'unplaced_data'
  | 'rate_limited'
  | 'overloaded'
  | 'render_timeout'
  | 'render_failed'
  | 'store_unavailable'
  | 'store_full'
  | 'internal_error';

/** The HTTP status of every error code; exported for the OpenAPI document (server/openapi/). */
export const STATUS: Record<ErrorCode, number> = {
  missing_scope: 400,
  invalid_theme: 400,
  invalid_projection: 400,
  invalid_data: 400,
  invalid_field: 400,
  invalid_csv: 400,
  invalid_json: 400,
  too_many_items: 400,
  unauthorized: 401,
  forbidden: 403,
  invalid_scope: 404,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  too_costly: 422,
  no_known_ids: 422,
  unplaced_data: 422,
  rate_limited: 429,
  overloaded: 503,
  store_unavailable: 503,
  store_full: 503,
  render_timeout: 504,
  render_failed: 500,
  internal_error: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** more the body says, beside the code and message (a 429's quota, and when it ends) */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** Headers an error response keeps: the request's id and the error's own (Retry-After); the nosniff, CORS and
 *  content-coding headers the app sets around every response (http/cors.ts, http/compression.ts), without which a
 *  page on another site sees an error as a network failure. Everything that described a map goes. */
const KEPT_ON_ERROR = new Set([
  'x-request-id',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'vary',
  'retry-after',
  'allow',
  'www-authenticate',
]);

/** The methods some path answers (CORS preflights allow them). */
export const ANSWERED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/** What the operator can do about a refused or late render, logged with it. */
const REMEDY = {
  'queue-full':
    'more requests than the renderers keep up with: raise QUEUE_MAX for bursts, SVG_THREADS or POOL_SIZE with cores, or add replicas',
  timeout: 'raise RENDER_TIMEOUT_MS, or look at what the request asks for (level, size, routes)',
};

/** The response for anything thrown: the API's errors as they are, the renderers' as 503, 504 or 500, the store of stored maps' as 503, and
 *  anything else as internal_error, logged with its stack (the cause's, for a failed render). */
function responseFor(caught: unknown, ctx: Context, logger: Pick<Logger, 'warn'>): ApiError {
  if (caught instanceof ApiError) return caught;
  if (caught instanceof RenderRefused) {
    if (caught.reason === 'queue-full')
      logger.warn({ renderer: caught.renderer, reqId: ctx.state.reqId }, `render refused: ${REMEDY['queue-full']}`);
    const code = caught.reason === 'over-share' ? 'rate_limited' : 'overloaded';
    return new ApiError(code, caught.message, undefined, { 'Retry-After': '1' });
  }
  if (caught instanceof TooManyPixels) {
    return new ApiError('too_costly', caught.message, caught.scale > 1 ? 'scale' : 'width');
  }
  if (caught instanceof RenderTimedOut) {
    logger.warn(
      { renderer: caught.renderer, deadlineMs: caught.deadlineMs, reqId: ctx.state.reqId },
      `render timed out: ${REMEDY.timeout}`,
    );
    return new ApiError('render_timeout', caught.message);
  }
  if (caught instanceof StoreUnavailable) {
    logger.warn({ reqId: ctx.state.reqId }, caught.message);
    return new ApiError(
      'store_unavailable',
      'stored maps cannot be reached right now; nothing was stored, try again shortly',
      undefined,
      { 'Retry-After': '5' },
    );
  }
  if (caught instanceof RenderFailed) {
    ctx.app.emit('error', caught.cause ?? caught, ctx);
    return new ApiError('render_failed', 'the map could not be rendered');
  }
  ctx.app.emit('error', caught, ctx);
  return new ApiError('internal_error', 'something went wrong on our side; it has been logged');
}

/** What the routers left unanswered: an unknown path, or a method the path does not answer (405 with the routers'
 *  `Allow`: the methods it does answer). A method the routers do not know (TRACE, PROPFIND) they answer 501; it is
 *  as much a method the path does not answer, and the service answers no 5xx but 503 for what a client asks. */
function refuseUnanswered(ctx: Context): void {
  const allow = ctx.response.get('Allow');
  if ((ctx.status === 405 || ctx.status === 501) && allow)
    throw new ApiError('method_not_allowed', `${ctx.path} answers ${allow}, not ${ctx.method}`, undefined, {
      Allow: allow,
    });
  if (ctx.status === 404 || ctx.status === 405 || ctx.status === 501)
    throw new ApiError('not_found', `no such path: ${ctx.method} ${ctx.path}`);
}

/** Koa middleware: every failure leaves as `{error, message, status[, field]}` JSON, never a stack trace. */
export function errorResponses(logger: Pick<Logger, 'warn'>) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
      if (ctx.body === undefined) refuseUnanswered(ctx);
    } catch (caught) {
      const error = responseFor(caught, ctx, logger);
      for (const header of Object.keys(ctx.response.headers))
        if (!KEPT_ON_ERROR.has(header.toLowerCase())) ctx.remove(header);
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = {
        error: error.code,
        message: error.message,
        status: error.status,
        ...(error.field ? { field: error.field } : {}),
        ...error.details,
      };
    }
  };
}
