// GET /map.svg, .png, .pdf, .jpg (.jpeg), .webp and POST /render/map: the request normalised and tagged,
// answered by map-answer.ts; GET and POST /render/spec: what a request normalises to.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import type { Format, MapSpec } from '../../renderer-page/spec.ts';
import { parseQuery } from '../request/get-grammar.ts';
import { FIELD_NAMES } from '../request/schema.ts';
import { normaliseRequest, type NormalisedRequest } from '../request/normalise.ts';
import { readRequestBody } from '../request/body.ts';
import { answerMap, type Tagged } from '../map-answer.ts';
import { etagOf } from '../request/etag.ts';
import { getUrlFor } from '../request/get-url.ts';
import { MAX_WARNING_ENTRIES } from '../http/geo-warnings.ts';
import { LRUCache } from 'lru-cache';
import { EXTENSIONS, SVG_CSP } from '../http/image-formats.ts';
import { clientOf } from '../http/client-id.ts';
import { pdfDisposition } from '../http/content-disposition.ts';

export function mapRoutes(deps: AppDeps): Router {
  const router = new Router();

  const tagged = (request: NormalisedRequest): Tagged => ({
    ...request,
    etag: etagOf(request.spec, deps.assets.version),
  });

  // Normalising is a pure function of the URL, so a URL asked for again (an <img> on a busy page) goes
  // straight to its ETag and the cache. Bounded by the URLs' length, which bounds what they normalise to.
  const normalisedUrls = new LRUCache<string, Tagged>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (_, key) => 1024 + key.length * 16,
  });
  function fromQuery(ctx: Context, format?: Format): Tagged {
    const key = `${format ?? ''}?${ctx.querystring}`;
    let found = normalisedUrls.get(key);
    if (!found) {
      found = tagged(normaliseRequest(parseQuery(ctx.querystring, FIELD_NAMES), deps.catalogue, format));
      normalisedUrls.set(key, found);
    }
    return found;
  }

  async function respond(ctx: Context, request: Tagged, viaGet: boolean): Promise<void> {
    const { etag, map, warnings } = await answerMap(
      deps,
      request,
      viaGet ? ctx.get('If-None-Match') : null,
      clientOf(ctx),
    );
    ctx.set('ETag', etag);
    if (viaGet) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    if (warnings) ctx.set('X-Geo-Warnings', warnings);
    if (!map) {
      ctx.status = 304;
      return;
    }
    ctx.set('X-Cache', map.cache);
    ctx.type = map.contentType;
    const { format, title, scopeName } = request.spec;
    if (format === 'svg') ctx.set('Content-Security-Policy', SVG_CSP);
    if (format === 'pdf') ctx.set('Content-Disposition', pdfDisposition(title, scopeName));
    ctx.body = map.body;
  }

  async function fromBody(ctx: Context): Promise<Tagged> {
    const body = await readRequestBody(ctx);
    return tagged(await deps.bodies.normalise({ ...body, query: ctx.querystring }, clientOf(ctx)));
  }

  for (const [extension, format] of Object.entries(EXTENSIONS)) {
    router.get(`/map.${extension}`, (ctx) => respond(ctx, fromQuery(ctx, format), true));
  }
  router.post('/render/map', async (ctx) => respond(ctx, await fromBody(ctx), false));

  /** The normalised request, its ETag, description and warnings, and the equivalent GET URL: what the preview
   *  page draws from, with the same renderer bundle, so a map can be debugged in the browser. */
  async function describe(ctx: Context, request: Tagged): Promise<void> {
    const { spec, unknownIds, unknownRoutes, etag } = request;
    // the words come from the drawing (names in the locale, the scope's regions), so the map's SVG is drawn, or
    // found in the cache, whatever the format asked for
    const svg = await answerMap(
      deps,
      tagged({ ...request, spec: { ...spec, format: 'svg', scale: 1, quality: null } }),
      null,
      clientOf(ctx),
    );
    ctx.body = {
      spec,
      etag,
      description: svg.map!.description,
      warnings: { unknownIds, unknownRoutes },
      suggestions: suggest(spec, unknownIds),
      get: getUrlFor(spec, deps.catalogue),
    };
  }

  /** The closest known id to each of the first unknown ones (as many as X-Geo-Warnings lists). */
  function suggest(spec: MapSpec, unknownIds: string[]): Array<{ given: string; id: string }> {
    return unknownIds.slice(0, MAX_WARNING_ENTRIES).flatMap((given) => {
      const id = deps.catalogue.suggestId(spec.scope, spec.division, given);
      return id ? [{ given, id }] : [];
    });
  }
  router.get('/render/spec', async (ctx) => describe(ctx, fromQuery(ctx)));
  router.post('/render/spec', async (ctx) => describe(ctx, await fromBody(ctx)));

  return router;
}
