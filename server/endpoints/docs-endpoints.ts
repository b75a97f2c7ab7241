// GET /openapi.json and GET /docs: the OpenAPI document and the reference page rendered from it; neither when the
// operator leaves `docs` out of PAGES.
import Router from '@koa/router';
import type { Page } from '../config.ts';
import { openApiDocument } from '../openapi/openapi-document.ts';
import { renderDocsPage } from '../openapi/docs-page.ts';

export function docsRoutes(pages: readonly Page[]): Router {
  const router = new Router();
  if (!pages.includes('docs')) return router;
  let page: string | undefined;
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApiDocument();
  });
  router.get('/docs', (ctx) => {
    page ??= renderDocsPage(openApiDocument());
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = page;
  });
  return router;
}
