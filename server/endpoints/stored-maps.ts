// POST /maps stores a request and answers permanent URLs for it; GET /maps/{id}.svg (.png, .pdf, .jpg, .jpeg,
// .webp) draws it, through the same normalising, cache, ETag and error pictures as /map.*; GET /maps/{id} answers
// the stored request itself. docs/stored-maps.md says what is stored and where.
import Router from '@koa/router';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../app-deps.ts';
import type { Tagged } from '../map-answer.ts';
import { ApiError } from '../errors.ts';
import { readRequestBody } from '../request/body.ts';
import { parseQuery } from '../request/get-grammar.ts';
import { EXTENSIONS } from '../http/image-formats.ts';
import { clientOf } from '../http/client-id.ts';
import { originOf } from '../http/origin.ts';
import { geoWarnings } from '../http/geo-warnings.ts';
import { STORED_MAP_ID, recordText, storedBy, storedRequest } from '../store/stored-form.ts';
import { respondWithMap, tagged } from './map-response.ts';
import { keepMap } from '../store/keep-map.ts';
import { imposedFields, type AccessState } from '../access/access-control.ts';

/** The URLs an answer lists, one a format (`.jpeg` is served too, as `.jpg`). */
export const LISTED_EXTENSIONS = ['svg', 'png', 'pdf', 'jpg', 'webp'] as const;
/** What a stored map's URL may add: how its picture is encoded, never what it shows (that is stored). */
export const URL_FIELDS = ['scale', 'quality'];
/** `<id>` or `<id>.<extension>` */
const STORED_PATH = new RegExp(`^(${STORED_MAP_ID.source.slice(1, -1)})(?:\\.([a-z]+))?$`);

/** A stored map's URLs on `base` (http/origin.ts): the request's, and one a format. */
function urlsOf(base: string, id: string) {
  return {
    url: `${base}/maps/${id}`,
    urls: Object.fromEntries(LISTED_EXTENSIONS.map((extension) => [extension, `${base}/maps/${id}.${extension}`])),
  };
}

/** POST /maps: a keyed route (routes.ts). */
export function storingRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post('/maps', async (ctx) => {
    // first: a Host no URL can begin with is refused before anything is stored
    const base = originOf(ctx, deps.maps.publicUrl);
    const body = await readRequestBody(ctx);
    // stored as drawn: a map stored without a key under ACCESS=watermark keeps its logo at its permanent URL; the
    // key it comes with is written into it, and the map stops being drawn once that key is revoked
    const key = (ctx.state.access as AccessState).key;
    const { request, stored } = await deps.bodies.store(
      { ...body, query: ctx.querystring, replace: imposedFields(ctx), ...(key && { storedBy: key.id }) },
      clientOf(ctx),
    );
    const { created, limits } = await keepMap(deps, clientOf(ctx), stored);
    ctx.set(limits);
    const { url, urls } = urlsOf(base, stored.id);
    const { unknownIds, unknownRoutes, unknownPlaces } = request;
    const warnings = geoWarnings({ unknownIds, unknownRoutes, unknownPlaces, hiddenLabels: [], notDrawn: [] });
    if (warnings) ctx.set('X-Geo-Warnings', warnings);
    // the same request again is the same map, already there: 200 with the same answer, nothing created
    ctx.status = created ? 201 : 200;
    ctx.set('Location', url);
    ctx.body = { id: stored.id, url, urls, warnings: { unknownIds, unknownRoutes } };
  });
  return router;
}

/** GET /maps/{id} and its pictures: open routes (routes.ts). */
export function storedMapRoutes(deps: AppDeps): Router {
  const router = new Router();

  // The records this replica read lately: a stored map on a busy page is read from the store once, and the maps
  // served lately go on being drawn while the store is down. Bounded by the records' size (up to 4 MB each).
  const records = new LRUCache<string, string>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (text) => text.length + 64,
  });
  // As for GET /map.*: a URL asked for again goes straight to its ETag and the cache. Bounded by about what the
  // normalised requests hold, which grows with their records.
  const normalised = new LRUCache<string, { request: Tagged; storedBy: string | undefined; bytes: number }>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: ({ bytes }) => bytes,
  });

  async function recordOf(id: string): Promise<string> {
    let text = records.get(id);
    if (text === undefined) {
      const record = await deps.maps.store.get(id);
      if (!record)
        throw new ApiError('not_found', `no map is stored as ${id}; POST /maps stores a request and answers its URLs`);
      text = await recordText(record);
      records.set(id, text);
    }
    return text;
  }

  /** A map stored by a key since revoked is no longer drawn nor read (§12): whoever held the key withdrew it, or
   *  the operator stopped what it made. */
  function refuseRevoked(keptBy: string | undefined): void {
    if (keptBy !== undefined && deps.access.revoked.has(keptBy))
      throw new ApiError('forbidden', 'the key that stored this map has been revoked, and its stored maps with it');
  }

  /** The stored request's output options from the URL: only scale and quality, as a GET writes them. */
  function replacements(ctx: Context): Record<string, unknown> {
    const given = parseQuery(ctx.querystring, URL_FIELDS);
    const other = Object.keys(given).find((name) => !URL_FIELDS.includes(name));
    if (other !== undefined)
      throw new ApiError(
        'invalid_field',
        `a stored map's URL takes only ${URL_FIELDS.join(' and ')}; "${other}" is part of the stored request (POST /maps again for another map)`,
        other,
      );
    return given;
  }

  router.get('/maps/:name', async (ctx) => {
    const [, id, extension] = STORED_PATH.exec(ctx.params.name!) ?? [];
    const format =
      extension === undefined ? undefined : Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : null;
    if (id === undefined || format === null)
      throw new ApiError(
        'not_found',
        `no such path: ${ctx.method} ${ctx.path}; a stored map is /maps/{id}.svg, .png, .pdf, .jpg or .webp`,
      );
    if (format === undefined) {
      if (ctx.querystring)
        throw new ApiError('invalid_field', '/maps/{id} takes no parameters', Object.keys(ctx.query)[0]);
      const text = await recordOf(id);
      refuseRevoked(storedBy(text));
      ctx.body = { id, request: storedRequest(text), ...urlsOf(originOf(ctx, deps.maps.publicUrl), id) };
      return;
    }
    const replace = replacements(ctx);
    const key = `${id}.${format}?${ctx.querystring}`;
    let found = normalised.get(key);
    if (!found) {
      const text = await recordOf(id);
      const task = { kind: 'stored' as const, text, query: '', format, replace };
      found = {
        request: tagged(deps, await deps.bodies.normalise(task, clientOf(ctx))),
        storedBy: storedBy(text),
        bytes: 1024 + text.length * 2,
      };
      normalised.set(key, found);
    }
    refuseRevoked(found.storedBy);
    // its renders are counted against whoever reads it, never against the key that stored it (§12)
    await respondWithMap(deps, ctx, found.request, true);
  });

  return router;
}
