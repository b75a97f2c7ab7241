// GET /places: countries, regions, cities, airports and sea ports by name or code, served from the packages'
// data (docs/places.md), open under every ACCESS mode, each look-up in its client's turn (places/lookup-lane.ts).
import Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import { findPlaces } from '../places/places.ts';
import { readPlaceQuery } from '../places/place-query.ts';
import { clientOf } from '../http/client-id.ts';

/** The places a query of GET /places' parameters asks for, looked up in `client`'s turn: GET /places and the MCP
 *  tools' find_places alike. A bad parameter is the ApiError naming it. */
export async function placesFor(
  { catalogue, lookups }: Pick<AppDeps, 'catalogue' | 'lookups'>,
  client: string,
  query: Record<string, string | string[] | undefined>,
) {
  const { q, limit, ...filter } = readPlaceQuery(query, catalogue);
  return lookups.run(client, () => findPlaces(catalogue, q, filter, limit));
}

export function placeRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get('/places', async (ctx) => {
    ctx.body = { places: await placesFor(deps, clientOf(ctx), ctx.query) };
  });
  return router;
}
