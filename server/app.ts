// createApp(deps): the Koa app, without listening, so tests drive the very same app over real HTTP.
import Koa from 'koa';
import type { AppDeps } from './app-deps.ts';
import { ApiError, errorResponses } from './errors.ts';
import { requestLog } from './observability/request-log.ts';
import { errorImages } from './http/error-images.ts';
import { trustProxies } from './http/client-id.ts';
import { sendTimeout } from './http/send-timeout.ts';
import { MAX_URL_LENGTH } from './request/get-url.ts';
import { corsHeaders } from './http/cors.ts';
import { compression } from './http/compression.ts';
import { encodedVariants } from './http/encoded-variants.ts';
import { accessControl } from './access/access-control.ts';
import { routeTable } from './routes.ts';
import { clientGate } from './http/client-gate.ts';

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  trustProxies(app, deps.http.trustedProxies);
  // unexpected errors (errors.ts keeps them out of responses) go to the log, stack and request id with them
  app.on('error', (error: unknown, ctx?: { state?: { reqId?: string } }) => {
    deps.logger.error({ err: error, reqId: ctx?.state?.reqId }, 'request failed');
  });
  app.use(requestLog(deps.logger, deps.metrics, () => deps.readiness().draining));
  app.use(sendTimeout(deps.http.sendTimeoutMs));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  // every route, errors too; a preflight is answered here, before any router could refuse its method
  app.use(corsHeaders(deps.http.corsOrigins));
  // outside the errors and their pictures, which are compressed as any other answer
  app.use(compression());
  // a map's compressed bytes, made once for its ETag
  app.use(encodedVariants());
  // outside the JSON errors, which it turns into pictures for an <img>
  app.use(errorImages(deps.renderer.picture, deps.logger));
  app.use(errorResponses(deps.logger));
  app.use(async (ctx, next) => {
    if (ctx.url.length > MAX_URL_LENGTH) {
      throw new ApiError(
        'uri_too_long',
        `the URL is longer than ${MAX_URL_LENGTH} bytes; POST the request as JSON instead (to /maps for a permanent URL)`,
      );
    }
    await next();
  });
  const routes = routeTable(deps);
  // inside the errors and their pictures, so that a refusal is JSON, or a picture for an <img>
  app.use(accessControl(deps.access, routes));
  // once the client is known (its key, else its address), before its request is read
  app.use(clientGate(deps.http.clientShare));
  for (const { router } of routes) {
    app.use(router.routes());
    // 405 (and 501 for a method it does not know) with the Allow header, which errors.ts turns into JSON errors
    app.use(router.allowedMethods());
  }
  return app;
}
