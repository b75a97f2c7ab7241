// A normalised request answered as a map over HTTP: its ETag, the cache headers of a GET, the warnings, a 304 or
// the map. The routes of map-endpoints.ts and stored-maps.ts answer through it alike.
import type { Context } from 'koa';
import type { AppDeps } from '../app-deps.ts';
import { answerMap, type Tagged } from '../map-answer.ts';
import { etagOf } from '../request/etag.ts';
import type { NormalisedRequest } from '../request/normalise.ts';
import { SVG_CSP } from '../http/image-formats.ts';
import { clientOf } from '../http/client-id.ts';
import { pdfDisposition } from '../http/content-disposition.ts';

export const tagged = (deps: Pick<AppDeps, 'assets'>, request: NormalisedRequest): Tagged => ({
  ...request,
  etag: etagOf(request.spec, deps.assets.version),
});

/** `viaGet`: a GET's map, which honours If-None-Match and may be kept by browsers and CDNs for good (its URL
 *  names exactly this map, and the ETag changes with the renderer). A render spends the asker's quotas. */
export async function respondWithMap(deps: AppDeps, ctx: Context, request: Tagged, viaGet: boolean): Promise<void> {
  const client = clientOf(ctx);
  const { etag, map, warnings, limits } = await answerMap(
    deps,
    request,
    viaGet ? ctx.get('If-None-Match') : null,
    client,
    deps.quotaGate(client),
  );
  ctx.set(limits);
  ctx.set('ETag', etag);
  // CORS headers come from http/cors.ts, for every answer alike
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
