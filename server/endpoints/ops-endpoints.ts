// For operators and orchestrators, not part of the API: liveness, readiness and Prometheus metrics.
import Router from '@koa/router';
import { timingSafeEqual } from 'node:crypto';
import type { AppDeps, Readiness } from '../app-deps.ts';
import { ApiError } from '../errors.ts';

function unreadyReason({ draining, waitingFor, browser, pages }: Readiness): string | null {
  if (draining) return 'shutting down';
  if (waitingFor.length > 0) return `starting: waiting for ${waitingFor.join(' and ')}`;
  if (!browser) return 'browser not connected';
  if (pages === 0) return 'no render pages';
  return null;
}

/** Whether `given` is the token, compared in constant time. */
function isToken(given: string, token: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export function opsRoutes({ readiness, metrics, surface }: AppDeps): Router {
  const router = new Router();
  /** alive while the process runs, whatever the browser does: a restart would not help a relaunch in progress */
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  /** able to render now: both renderers started (the SVG threads, unless SVG_RENDERER=chromium, and the
   *  Chromium pages), the browser connected, pages open, not shutting down */
  router.get('/readyz', (ctx) => {
    const { draining, waitingFor, ...pool } = readiness();
    const reason = unreadyReason({ draining, waitingFor, ...pool });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = reason ? 503 : 200;
    ctx.body = reason ? { status: 'unready', reason, ...pool } : { status: 'ready', ...pool };
  });
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const token = surface.metricsToken;
    if (token !== undefined) {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))?.[1];
      if (given === undefined)
        throw new ApiError('unauthorized', 'send Authorization: Bearer <METRICS_TOKEN>', undefined, {
          'WWW-Authenticate': 'Bearer',
        });
      if (!isToken(given, token)) throw new ApiError('forbidden', 'that is not the METRICS_TOKEN');
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
