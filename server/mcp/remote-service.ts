// The map service as `npm run mcp` reaches it: a running service over HTTP (MAP_SERVICE_URL), with the key
// (MAP_API_KEY) as a Bearer header. POST /render/spec normalises a request and writes its GET URL, as the preview
// page asks it to, so its refusals reach the model word for word and an operator's own scopes are known; POST
// /maps stores a map no URL can say.
import type { RegionEntry } from '../../topology/catalogue.ts';
import { ToolError, type Links, type MapService, type Prepared, type ScopeSummary } from './map-service.ts';

interface ErrorBody {
  error?: string;
  message?: string;
  field?: string;
}

/** The service's answer as JSON, or its refusal as a ToolError. */
async function json<T>(response: Response, what: string): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  throw new ToolError(body.message ?? `${what}: the service answered ${response.status}`, body.field, body.error);
}

/** GET /places on the service at `base`. Until a service has a place look-up (it answers 404), the tool says so
 *  rather than failing. */
async function placesOver(base: string, query: URLSearchParams, headers: Record<string, string>) {
  const response = await fetch(`${base}/places?${query}`, { headers });
  if (response.status === 404)
    throw new ToolError('place look-up not available: this service has no GET /places', undefined, 'not_found');
  return json<{ places: unknown[] }>(response, 'GET /places');
}

/** `serviceUrl`: where the service is reached (MAP_SERVICE_URL); the links may begin otherwise (PUBLIC_URL). */
export function remoteService(serviceUrl: string, links: Links): MapService {
  const headers: Record<string, string> = links.key ? { Authorization: `Bearer ${links.key}` } : {};
  const get = async <T>(path: string) => json<T>(await fetch(`${serviceUrl}${path}`, { headers }), `GET ${path}`);
  return {
    links,
    async prepare(request) {
      const response = await fetch(`${serviceUrl}/render/spec`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      });
      const spec = await json<{
        get: string | null;
        warnings: { unknownIds: string[]; unknownRoutes: string[] };
        suggestions: Prepared['suggestions'];
      }>(response, 'POST /render/spec');
      return { get: spec.get, ...spec.warnings, suggestions: spec.suggestions };
    },
    async png(map) {
      const response =
        typeof map === 'string'
          ? await fetch(`${serviceUrl}/map.png?${map}`, { headers })
          : await fetch(`${serviceUrl}/render/map`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ ...map, format: 'png' }),
            });
      if (!response.ok) await json(response, 'the PNG');
      return Buffer.from(await response.arrayBuffer());
    },
    async store(request) {
      const response = await fetch(`${serviceUrl}/maps`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      });
      return (await json<{ id: string }>(response, 'POST /maps')).id;
    },
    async storedRequest(id) {
      return (await get<{ request: Record<string, unknown> }>(`/maps/${encodeURIComponent(id)}`)).request;
    },
    async scopes() {
      return (await get<{ scopes: ScopeSummary[] }>('/scopes')).scopes;
    },
    async regions(scope) {
      const found = await get<{ id: string; regions: RegionEntry[] }>(`/scopes/${encodeURIComponent(scope)}`);
      return { scope: found.id, regions: found.regions };
    },
    places: (query) => placesOver(serviceUrl, query, headers),
  };
}
