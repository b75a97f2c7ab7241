// GET /places: countries, regions, cities, airports and sea ports by name or code, served from the packages'
// data (docs/places.md), open under every ACCESS mode (DECISIONS §12).
import Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import { findPlaces } from '../places/places.ts';
import { readPlaceQuery } from '../places/place-query.ts';

export function placeRoutes({ catalogue }: AppDeps): Router {
  const router = new Router();
  router.get('/places', (ctx) => {
    const { q, limit, ...filter } = readPlaceQuery(ctx.query, catalogue);
    ctx.body = { places: findPlaces(catalogue, q, filter, limit) };
  });
  return router;
}
