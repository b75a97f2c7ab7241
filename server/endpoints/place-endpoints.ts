// GET /places: countries, regions, cities, airports and sea ports by name or code, served from the packages'
// data (docs/places.md), open under every ACCESS mode, each look-up in its client's turn (places/lookup-lane.ts).
import Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import { findPlaces } from '../places/places.ts';
import { readPlaceQuery } from '../places/place-query.ts';
import { clientOf } from '../http/client-id.ts';

export function placeRoutes({ catalogue, lookups }: AppDeps): Router {
  const router = new Router();
  router.get('/places', async (ctx) => {
    const { q, limit, ...filter } = readPlaceQuery(ctx.query, catalogue);
    ctx.body = { places: await lookups.run(clientOf(ctx), () => findPlaces(catalogue, q, filter, limit)) };
  });
  return router;
}
