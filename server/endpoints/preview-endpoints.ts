// GET /: the preview page. It draws maps in the browser with the very renderer bundle, topology and fonts
// the pool pages load, from the normalised request /render/spec returns, so a map can be debugged there.
import Router from '@koa/router';
import type { Context } from 'koa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from '../app-deps.ts';

// The page runs only its own scripts; maps come as data from /render/spec.
const PAGE_CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'";

/** A file of the page, read once when first asked for. */
function pageFile(path: string): () => Buffer {
  let body: Buffer | undefined;
  return () => (body ??= readFileSync(fileURLToPath(new URL(path, import.meta.url))));
}

function send(ctx: Context, type: string, body: Buffer): void {
  ctx.type = type;
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = body;
}

/** Nothing when the operator leaves `preview` out of PAGES; the source maps only with `source-maps`. */
export function previewRoutes({ assets, surface }: AppDeps): Router {
  const router = new Router();
  if (!surface.pages.includes('preview')) return router;
  const page = pageFile('../../renderer-page/preview/preview.html');
  const script = pageFile('../../renderer-page/dist/preview.js');
  // the bundles' source maps, for DevTools on this page (the pool pages and threads never load them)
  const maps = new Map(
    ['renderer.js.map', 'preview.js.map'].map((name) => [`/${name}`, pageFile(`../../renderer-page/dist/${name}`)]),
  );
  const styles = new Map(
    ['preview.css', 'preview-outputs.css', 'preview-key.css'].map((name) => [
      `/${name}`,
      pageFile(`../../renderer-page/preview/${name}`),
    ]),
  );
  router.get('/', (ctx) => {
    ctx.set('Content-Security-Policy', PAGE_CSP);
    send(ctx, 'text/html; charset=utf-8', page());
  });
  router.get('/preview.js', (ctx) => send(ctx, 'text/javascript', script()));
  // by the route's own path: the router matches any case and a trailing slash, which the path as sent keeps
  if (surface.pages.includes('source-maps'))
    router.get([...maps.keys()], (ctx) => send(ctx, 'application/json', maps.get(ctx.routerPath!)!()));
  router.get([...styles.keys()], (ctx) => send(ctx, 'text/css; charset=utf-8', styles.get(ctx.routerPath!)!()));
  // the pool pages' own files, by the same paths, so the page's relative URLs resolve alike
  router.get(['/renderer.js', '/topology/:file', '/fonts/:file', '/fonts/files/:file'], (ctx) => {
    const asset = assets.file(ctx.path);
    if (asset) send(ctx, asset.contentType, asset.body);
  });
  return router;
}
