// GET /map.svg, .png, .pdf, .jpg (.jpeg), .webp and POST /render/map: the request normalised and tagged,
// answered by map-answer.ts (map-response.ts); GET and POST /render/spec: what a request normalises to, and the GET
// URL that draws it, or when none fits the URL limit the body to POST to /maps for a permanent one.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import type { Format, MapSpec } from '../../renderer-page/spec.ts';
import { parseQuery } from '../request/get-grammar.ts';
import { FIELD_NAMES } from '../request/schema.ts';
import { normaliseRequest, type NormalisedRequest } from '../request/normalise.ts';
import { readRequestBody } from '../request/body.ts';
import { answerMap, type Tagged } from '../map-answer.ts';
import { getUrlFor, MAX_URL_LENGTH } from '../request/get-url.ts';
import { MAX_WARNING_ENTRIES } from '../http/geo-warnings.ts';
import { LRUCache } from 'lru-cache';
import { EXTENSIONS } from '../http/image-formats.ts';
import { clientOf } from '../http/client-id.ts';
import { respondWithMap, tagged } from './map-response.ts';
import type { TableReport } from '../request/table/read-table.ts';
import { imposedFields } from '../access/access-control.ts';
import { drawnWithin } from '../../topology/drawn-within.ts';

export function mapRoutes(deps: AppDeps): Router {
  const router = new Router();

  const tag = (request: NormalisedRequest): Tagged => tagged(deps, request);

  // Normalising is a pure function of the URL, so a URL asked for again (an <img> on a busy page) goes
  // straight to its ETag and the cache. Bounded by the URLs' length, which bounds what they normalise to.
  const normalisedUrls = new LRUCache<string, Tagged>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (_, key) => 1024 + key.length * 16,
  });
  function fromQuery(ctx: Context, format?: Format): Tagged {
    const imposed = imposedFields(ctx);
    const key = `${imposed ? 'logo:' : ''}${format ?? ''}?${ctx.querystring}`;
    let found = normalisedUrls.get(key);
    if (!found) {
      const query = { ...parseQuery(ctx.querystring, FIELD_NAMES), ...imposed };
      found = tag(normaliseRequest(query, deps.catalogue, format));
      normalisedUrls.set(key, found);
    }
    return found;
  }

  async function fromBody(ctx: Context): Promise<Tagged> {
    const body = await readRequestBody(ctx);
    const imposed = imposedFields(ctx);
    return tag(await deps.bodies.normalise({ ...body, query: ctx.querystring, replace: imposed }, clientOf(ctx)));
  }

  for (const [extension, format] of Object.entries(EXTENSIONS)) {
    router.get(`/map.${extension}`, (ctx) => respondWithMap(deps, ctx, fromQuery(ctx, format), true));
  }
  router.post('/render/map', async (ctx) => respondWithMap(deps, ctx, await fromBody(ctx), false));

  /** The normalised request, its ETag, description and warnings, and the equivalent GET URL: what the preview
   *  page draws from, with the same renderer bundle, so a map can be debugged in the browser. `input` is the
   *  request in the interface's JSON (a GET's parameters or a CSV's rows as JSON), offered for POST /maps; `table`
   *  how a table body was read: its columns, the ones taken, and every row left out with its reason. */
  async function describe(ctx: Context, request: Tagged, input: unknown, table?: TableReport): Promise<void> {
    const { spec, unknownIds, unknownRoutes, unknownPlaces, skippedLines, etag } = request;
    // the words come from the drawing (names in the locale, the scope's regions), so the map's SVG is drawn, or
    // found in the cache, whatever the format asked for
    const client = clientOf(ctx);
    const svg = await answerMap(
      deps,
      tag({ ...request, spec: { ...spec, format: 'svg', scale: 1, quality: null } }),
      null,
      client,
      deps.quotaGate(client),
    );
    ctx.set(svg.limits);
    const get = getUrlFor(spec, deps.catalogue);
    // a URL the service would refuse (414) is no link: 3,212 counties write 38 KB
    const fits = get !== null && get.length <= MAX_URL_LENGTH;
    ctx.body = {
      spec,
      etag,
      description: svg.map!.description,
      warnings: {
        unknownIds,
        unknownRoutes,
        ...(unknownPlaces ? { unknownPlaces } : {}),
        ...(skippedLines ? { skippedLines } : {}),
      },
      suggestions: suggest(spec, unknownIds),
      drawnWithin: within(spec, unknownIds),
      ...(table && { table: withinRows(spec, table) }),
      get: fits ? get : null,
      store: fits
        ? null
        : {
            why:
              get === null
                ? 'a GET URL cannot write this request'
                : `its GET URL would be ${get.length} bytes, over the ${MAX_URL_LENGTH} this service reads`,
            method: 'POST',
            path: '/maps',
            contentType: 'application/json',
            body: input,
          },
    };
  }

  /** The closest known id to each of the first unknown ones (as many as X-Geo-Warnings lists). */
  function suggest(spec: MapSpec, unknownIds: string[]): Array<{ given: string; id: string }> {
    return unknownIds.slice(0, MAX_WARNING_ENTRIES).flatMap((given) => {
      const id = deps.catalogue.suggestId(spec.scope, spec.division, given);
      return id ? [{ given, id }] : [];
    });
  }
  /** The unknown ids that name a territory the scope draws as part of another region (Réunion in France on
   *  `world`): not a misspelling, and a value the map cannot show but the territory's own scope can. */
  function within(spec: MapSpec, unknownIds: string[]): Array<{ given: string; id: string }> {
    return unknownIds.flatMap((given) => {
      const id = drawnWithin(spec.scope, given);
      return id ? [{ given, id }] : [];
    });
  }
  /** The table's rows left out for an unknown id, each with the region that draws it where there is one. */
  function withinRows(spec: MapSpec, table: TableReport): TableReport {
    const skippedRows = table.skippedRows.map((row) => {
      const id = row.reason === 'unknown id' ? drawnWithin(spec.scope, row.id) : undefined;
      return id ? { ...row, within: id } : row;
    });
    return { ...table, skippedRows };
  }
  router.get('/render/spec', async (ctx) => {
    const request = fromQuery(ctx);
    await describe(ctx, request, { ...parseQuery(ctx.querystring, FIELD_NAMES), ...imposedFields(ctx) });
  });
  router.post('/render/spec', async (ctx) => {
    const body = await readRequestBody(ctx);
    const { request, input, table } = await deps.bodies.describe(
      { ...body, query: ctx.querystring, replace: imposedFields(ctx) },
      clientOf(ctx),
    );
    await describe(ctx, tag(request), input, table);
  });

  return router;
}
