// The map service as `/mcp` reaches it: in the service's own process, through the very functions its routes call.
// A request is normalised as GET and POST normalise it (its refusals are theirs, word for word), written as a GET
// URL by /render/spec's serialiser, and drawn through the renderers' admission, cost ceilings and cache. A map no
// URL can say is stored as POST /maps stores it, by the key that asked (whose quotas its renders then spend).
import type { AppDeps } from '../app-deps.ts';
import { ApiError } from '../errors.ts';
import { RenderRefused, RenderTimedOut, TooManyPixels } from '../render/render-errors.ts';
import { answerMap } from '../map-answer.ts';
import { tagged } from '../endpoints/map-response.ts';
import { parseQuery } from '../request/get-grammar.ts';
import { getUrlFor, MAX_URL_LENGTH } from '../request/get-url.ts';
import { normaliseRequest } from '../request/normalise.ts';
import { FIELD_NAMES } from '../request/schema.ts';
import { unknownScope } from '../request/scope.ts';
import { MAX_WARNING_ENTRIES } from '../http/geo-warnings.ts';
import { recordText, storedForm, storedRequest } from '../store/stored-form.ts';
import { keepMap } from '../store/keep-map.ts';
import { ToolError, type Links, type MapService, type Prepared } from './map-service.ts';
import { placesFor } from '../endpoints/place-endpoints.ts';

export type LocalDeps = Pick<
  AppDeps,
  'catalogue' | 'cache' | 'costs' | 'renderer' | 'assets' | 'quotaGate' | 'maps' | 'lookups'
>;

export interface LocalContext {
  links: Links;
  /** who asks (http/client-id.ts), for its share of the renderers */
  client: string;
  /** fields the request's access imposes (the logo under ACCESS=watermark without a key) */
  imposed: Record<string, unknown> | undefined;
  /** the id of the caller's key, which keeps the maps it stores (§12) */
  keyId: string | undefined;
}

/** The service's refusal as a tool error: the same message, code and field as its 4xx and 503 JSON (errors.ts: a
 *  store full, the look-ups' line full), and a render refused for its cost, the load or its time likewise; anything
 *  else is the tool server's to log. */
function refusal(error: unknown): never {
  if (error instanceof ApiError && (error.status < 500 || error.status === 503))
    throw new ToolError(error.message, error.field, error.code);
  if (error instanceof TooManyPixels) throw new ToolError(error.message, 'width', 'too_costly');
  if (error instanceof RenderRefused)
    throw new ToolError(`${error.message}; try again shortly`, undefined, 'overloaded');
  if (error instanceof RenderTimedOut) throw new ToolError(error.message, undefined, 'render_timeout');
  throw error;
}

export function localService(deps: LocalDeps, context: LocalContext): MapService {
  const { catalogue } = deps;
  return {
    links: context.links,
    async prepare(request) {
      let normalised;
      try {
        normalised = normaliseRequest(request, catalogue, 'svg');
      } catch (error) {
        refusal(error);
      }
      const { spec, unknownIds, unknownRoutes } = normalised;
      const url = getUrlFor(spec, catalogue);
      const get = url !== null && url.length <= MAX_URL_LENGTH ? url : null;
      const suggestions = unknownIds.slice(0, MAX_WARNING_ENTRIES).flatMap((given) => {
        const id = catalogue.suggestId(spec.scope, spec.division, given);
        return id ? [{ given, id }] : [];
      });
      return { get, unknownIds, unknownRoutes, suggestions } satisfies Prepared;
    },
    async png(drawn) {
      let request;
      try {
        const fields = typeof drawn === 'string' ? parseQuery(drawn, FIELD_NAMES) : drawn;
        request = normaliseRequest({ ...fields, ...context.imposed }, catalogue, 'png');
      } catch (error) {
        refusal(error);
      }
      // a map drawn for an assistant spends its client's quotas as the same map's URL would
      const quota = deps.quotaGate(context.client);
      const { map } = await answerMap(deps, tagged(deps, request), null, context.client, quota).catch(refusal);
      return map!.body;
    },
    async store(request) {
      let stored;
      try {
        ({ stored } = storedForm({ ...request, ...context.imposed }, catalogue, context.keyId));
      } catch (error) {
        refusal(error);
      }
      await keepMap(deps, context.client, stored).catch(refusal);
      return stored.id;
    },
    async storedRequest(id) {
      const record = await deps.maps.store.get(id);
      if (!record) throw new ToolError(`no map is stored as ${id}`, 'map', 'not_found');
      return storedRequest(await recordText(record)) as Record<string, unknown>;
    },
    async scopes() {
      return catalogue.scopes.map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        regionKind: s.regionKind,
        regionCount: s.regions.length,
        defaultProjection: s.defaultProjection,
      }));
    },
    async regions(scope) {
      const found = catalogue.scope(scope);
      if (!found) refusal(unknownScope(scope, catalogue));
      return { scope: found.id, regions: found.regions };
    },
    // the caller's turn among every client's look-ups, as GET /places takes it
    places: async (query) => ({
      places: await placesFor(deps, context.client, Object.fromEntries(query)).catch(refusal),
    }),
  };
}
