// How the service writes a route back to the user: `from>to`, each end a region id or `lat,lon`, as the GET
// grammar reads it. X-Geo-Warnings' `unknown-routes` (normalise-layers.ts) and the GET URL (get-url.ts) use it;
// the renderer writes the routes it cannot place on the map the same way (renderer-page/layers/routes.ts) but
// cannot import it, since the server only ever loads the renderer as a bundle. tests/unit/route-text.test.ts
// holds the two to the same text.
import type { RouteEnd } from '../../renderer-page/spec.ts';

const routeEndText = (end: RouteEnd) => ('region' in end ? end.region : `${end.lonLat[1]},${end.lonLat[0]}`);

export const routeText = (from: RouteEnd, to: RouteEnd) => `${routeEndText(from)}>${routeEndText(to)}`;
