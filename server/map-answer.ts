// The render use-case, apart from HTTP: a normalised request and its ETag → a 304 when the client has the map,
// else the cached map, else a render that is then cached; with the warnings of both the request and the render.
// A render is counted against the client's quotas before it is drawn (access/quota-gate.ts), once the cache has
// missed: a cached map spends nothing, and a refused one draws nothing. The routes turn the answer into headers;
// tests drive it without Koa.
import fresh from 'fresh';
import type { AppDeps } from './app-deps.ts';
import { geoWarnings } from './http/geo-warnings.ts';
import { CONTENT_TYPES } from './http/image-formats.ts';
import { renderError } from './render/render-errors.ts';
import type { QuotaGate, RateLimitFields } from './access/quota-gate.ts';
import type { NormalisedRequest } from './request/normalise.ts';

/** A normalised request with its ETag. */
export type Tagged = NormalisedRequest & { etag: string };

export interface MapAnswer {
  etag: string;
  /** the map, or null when the client's copy is current (304) */
  map: { body: Buffer; contentType: string; cache: 'HIT' | 'MISS'; description: string } | null;
  /** X-Geo-Warnings: unknown ids, and routes the request or the render could not draw */
  warnings: string | undefined;
  /** RateLimit-Policy and RateLimit, when the client has quotas */
  limits: RateLimitFields;
}

/** `ifNoneMatch`: the client's If-None-Match (GET only; null when there is none to honour); `client`: who asks
 *  (http/client-id.ts), for its share of the renderers; `quota`: whose quotas a render spends (for a stored map, the
 *  key that stored it). */
export async function answerMap(
  { cache, costs, renderer }: Pick<AppDeps, 'cache' | 'costs'> & { renderer: Pick<AppDeps['renderer'], 'render'> },
  { spec, unknownIds, unknownRoutes, unknownPlaces, skippedLines, etag }: Tagged,
  ifNoneMatch: string | null,
  client: string,
  quota: QuotaGate,
): Promise<MapAnswer> {
  // fresh compares as RFC 9110 does: weakly, against each tag of a list, and `*`. It is given only
  // If-None-Match, so a client's Cache-Control: no-cache does not turn a matching tag into a render.
  if (ifNoneMatch !== null && fresh({ 'if-none-match': ifNoneMatch }, { etag })) {
    return {
      etag,
      map: null,
      warnings: geoWarnings({ unknownIds, unknownRoutes, unknownPlaces, hiddenLabels: [], notDrawn: [], skippedLines }),
      limits: quota.standing(),
    };
  }
  let rendered = await cache.get(etag);
  const hit = rendered !== undefined;
  let limits: RateLimitFields;
  if (rendered) limits = quota.standing();
  else {
    const cost = costs.check(spec);
    limits = await quota.spend(cost);
    const output = await renderer.render(spec, client, cost).catch((error: unknown) => {
      throw renderError(error);
    });
    costs.learn(spec, output.height);
    rendered = { body: output.body, renderWarnings: output.warnings, description: output.description };
    await cache.set(etag, rendered);
  }
  return {
    etag,
    map: {
      body: rendered.body,
      contentType: CONTENT_TYPES[spec.format],
      cache: hit ? 'HIT' : 'MISS',
      description: rendered.description,
    },
    warnings: geoWarnings({
      unknownIds,
      unknownRoutes: [...unknownRoutes, ...rendered.renderWarnings.unknownRoutes],
      unknownPlaces,
      hiddenLabels: rendered.renderWarnings.hiddenLabels,
      notDrawn: rendered.renderWarnings.notDrawn,
      skippedLines,
    }),
    limits,
  };
}
