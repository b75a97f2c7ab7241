// Who may use a route (DECISIONS §12): `keyed` routes render or read data, and need credentials under ACCESS=keys
// (under watermark, they draw the logo without them); `open` ones serve anyone. Each router of the app says which
// its routes are (routes.ts), and access is decided on the route that will serve a request, matched through the
// routers' own tables exactly as they will match it (any case, a trailing slash), never on the path's text.
import type Router from '@koa/router';

export type RouteAccess = 'keyed' | 'open';

export interface AccessRouter {
  router: Router;
  access: RouteAccess;
}

/** Whether a keyed route will serve `method path`, asked of the routers' own matching. */
export function servedByKeyedRoute(routes: readonly AccessRouter[], path: string, method: string): boolean {
  return routes.some(({ router, access }) => access === 'keyed' && router.match(path, method).route);
}
