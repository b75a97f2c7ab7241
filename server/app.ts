// createApp(deps): the Koa app, without listening, so tests drive the very same app over real HTTP.
import Koa from 'koa';
import type { AppDeps } from './app-deps.ts';
import { ApiError, errorResponses } from './errors.ts';
import { mapRoutes } from './routes/map-routes.ts';
import { scopeRoutes } from './routes/scope-routes.ts';
import { docsRoutes } from './routes/docs-routes.ts';
import { previewRoutes } from './routes/preview-routes.ts';

export const MAX_URL_LENGTH = 16 * 1024;

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.silent = process.env.NODE_ENV === 'test';
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  app.use(errorResponses);
  app.use(async (ctx, next) => {
    if (ctx.url.length > MAX_URL_LENGTH) {
      throw new ApiError('uri_too_long', `the URL is longer than ${MAX_URL_LENGTH} bytes; POST the request as JSON instead`);
    }
    await next();
  });
  for (const router of [mapRoutes(deps), scopeRoutes(deps), docsRoutes(), previewRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({
      throw: true,
      methodNotAllowed: () => new ApiError('method_not_allowed', 'this path does not answer that method'),
    }));
  }
  return app;
}
