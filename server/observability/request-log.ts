// Outermost middleware: a request id for every request (the client's X-Request-Id when it is sane), echoed
// in the response; one log line and the HTTP and cache counters once the response is done; and, while the
// service drains, `Connection: close` so that no keep-alive connection outlives the shutdown.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger.ts';
import type { ServiceMetrics } from './metrics.ts';

const SANE_ID = /^[\w.:@/+=-]{1,128}$/;
const MAX_LOGGED_QUERY = 200;
/** probes come every few seconds: logged at debug, so that they do not drown the requests that matter */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

export function requestLog(logger: Logger, metrics: ServiceMetrics, draining: () => boolean): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const given = ctx.get('X-Request-Id');
    const reqId = SANE_ID.test(given) ? given : randomUUID();
    ctx.state.reqId = reqId;
    ctx.set('X-Request-Id', reqId);
    ctx.res.once('close', () => {
      const finished = ctx.res.writableFinished;
      const status = ctx.res.statusCode;
      const cache = ctx.res.getHeader('X-Cache');
      if (cache === 'HIT') metrics.cacheHits.inc();
      else if (cache === 'MISS') metrics.cacheMisses.inc();
      metrics.httpRequests.inc({ status_class: finished ? `${Math.floor(status / 100)}xx` : 'aborted' });
      const query = ctx.querystring;
      const line = {
        reqId,
        method: ctx.method,
        path: ctx.path,
        ...(query ? { query: query.length > MAX_LOGGED_QUERY ? `${query.slice(0, MAX_LOGGED_QUERY)}…` : query } : {}),
        status,
        ms: Math.round(performance.now() - started),
        ...(typeof cache === 'string' ? { cache } : {}),
        ...(finished ? {} : { aborted: true }),
      };
      if (PROBES.has(ctx.path)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    await next();
    if (draining()) ctx.set('Connection', 'close');
  };
}
