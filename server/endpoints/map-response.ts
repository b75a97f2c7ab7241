// A normalised request answered as a map over HTTP: its ETag, the cache headers of a GET, the warnings, a 304 or
// the map. The routes of map-endpoints.ts and stored-maps.ts answer through it alike.
import type { Context } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import { answerMap, type Tagged } from '../map-answer.ts';
import { etagOf } from '../request/etag.ts';
import type { NormalisedRequest } from '../request/normalise.ts';
import { SVG_CSP } from '../http/image-formats.ts';
import { clientOf } from '../http/client-id.ts';

export const tagged = (deps: Pick<AppDeps, 'assets'>, request: NormalisedRequest): Tagged => ({
  ...request,
  etag: etagOf(request.spec, deps.assets.version),
});

/** `viaGet`: a GET's map, which honours If-None-Match and may be kept by browsers and CDNs for good (its URL
 *  names exactly this map, and the ETag changes with the renderer). */
export async function respondWithMap(deps: AppDeps, ctx: Context, request: Tagged, viaGet: boolean): Promise<void> {
  const { etag, map, warnings } = await answerMap(
    deps,
    request,
    viaGet ? ctx.get('If-None-Match') : null,
    clientOf(ctx),
  );
  ctx.set('ETag', etag);
  if (viaGet) {
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('Access-Control-Allow-Origin', '*');
  }
  if (warnings) ctx.set('X-Geo-Warnings', warnings);
  if (!map) {
    ctx.status = 304;
    return;
  }
  ctx.set('X-Cache', map.cache);
  ctx.type = map.contentType;
  if (request.spec.format === 'svg') ctx.set('Content-Security-Policy', SVG_CSP);
  ctx.body = map.body;
}
