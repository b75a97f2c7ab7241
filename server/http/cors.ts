// CORS on every route (docs/http.md): a dashboard on another site reads maps, errors and scopes with `fetch`, and
// POSTs JSON, which a browser sends only after a preflight. @koa/cors answers the preflight (OPTIONS with
// Access-Control-Request-Method) itself, 204, before any router could call it a 405; every other answer, errors
// included (errors.ts keeps these headers), carries Access-Control-Allow-Origin and the headers a page may read.
import cors from '@koa/cors';
import type { Context, Middleware } from 'koa';
import type { CorsOrigins } from '../config.ts';
import { ANSWERED_METHODS } from '../errors.ts';

/** What a page may send beyond the safelisted headers: a JSON or CSV body's type, a key (DECISIONS §12), the
 *  ETag it holds (a `fetch` revalidates by hand; the HTTP cache does so without asking), and the protocol version
 *  an MCP client sends with every request after the first (a browser-based assistant calling `/mcp`). */
export const CORS_REQUEST_HEADERS = ['Content-Type', 'Authorization', 'If-None-Match', 'Mcp-Protocol-Version'];

/** What a page may read beyond the safelisted headers: every header of ours a client acts on. */
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'X-Geo-Warnings',
  'X-Cache',
  'X-Request-Id',
  'X-Map-Error',
  'Retry-After',
  'Content-Disposition',
  'RateLimit-Policy',
  'RateLimit',
];

/** A day: Firefox keeps a preflight that long at most, Chromium two hours whatever is asked. */
const PREFLIGHT_MAX_AGE_S = 24 * 60 * 60;

export function corsHeaders(origins: CorsOrigins): Middleware {
  const listed = new Set(origins);
  return cors({
    // Any page, or the request's own origin when it is listed; for another origin no CORS header at all, so the
    // browser keeps the answer from the page (a server cannot refuse a request that has already reached it).
    origin: origins === '*' ? '*' : (ctx: Context) => (listed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    // the methods the service answers
    allowMethods: ANSWERED_METHODS,
    allowHeaders: CORS_REQUEST_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
}
