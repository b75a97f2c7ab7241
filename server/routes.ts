// Every router of the service, in the order the app tries them, each with who may use its routes
// (access/route-access.ts): a router cannot be added without saying which.
import type { AccessRouter } from './access/route-access.ts';
import type { AppDeps } from './app-deps.ts';
import { mapRoutes } from './endpoints/map-endpoints.ts';
import { storedMapRoutes, storingRoutes } from './endpoints/stored-maps.ts';
import { scopeRoutes } from './endpoints/scope-endpoints.ts';
import { placeRoutes } from './endpoints/place-endpoints.ts';
import { docsRoutes } from './endpoints/docs-endpoints.ts';
import { previewRoutes } from './endpoints/preview-endpoints.ts';
import { opsRoutes } from './endpoints/ops-endpoints.ts';
import { mcpRoutes } from './mcp/http-route.ts';

/** A stored map's own URL is open: a render it causes is counted against its reader. `/metrics` asks for a token of
 *  its own (METRICS_TOKEN). */
export function routeTable(deps: AppDeps): AccessRouter[] {
  return [
    { router: mapRoutes(deps), access: 'keyed' },
    { router: storingRoutes(deps), access: 'keyed' },
    { router: mcpRoutes(deps), access: 'keyed' },
    { router: storedMapRoutes(deps), access: 'open' },
    { router: scopeRoutes(deps), access: 'open' },
    { router: placeRoutes(deps), access: 'open' },
    { router: docsRoutes(deps.surface.pages), access: 'open' },
    { router: previewRoutes(deps), access: 'open' },
    { router: opsRoutes(deps), access: 'open' },
  ];
}
