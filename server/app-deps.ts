import type { CorsOrigins, Page } from './config.ts';
import type { AccessOptions } from './access/access-control.ts';
import type { QuotaGate } from './access/quota-gate.ts';
import type { Catalogue } from '../topology/catalogue.ts';
import type { Format, MapSpec } from '../renderer-page/spec.ts';
import type { RenderCache } from './cache/render-cache.ts';
import type { RenderCosts } from './cost/ceilings.ts';
import type { BodyThreads } from './request/body-threads.ts';
import type { MapStore } from './store/map-store.ts';
import type { RenderOutput } from './render/chromium/render-page.ts';
import type { RendererAssets } from './render/renderer-assets.ts';
import type { Logger } from './observability/logger.ts';
import type { LookupLane } from './places/lookup-lane.ts';
import type { ClientGateOptions } from './http/client-gate.ts';
import type { PoolHealth, ServiceMetrics } from './observability/metrics.ts';

export interface Readiness extends PoolHealth {
  /** shutting down: requests in flight finish, new ones should go elsewhere */
  draining: boolean;
  /** starting: the renderers not ready yet ('the SVG threads', 'the Chromium pages'); empty once both are */
  waitingFor: string[];
}

/** What the HTTP app needs; main.ts builds the real ones, tests the same real ones on other ports. */
export interface AppDeps {
  catalogue: Catalogue;
  /** `client` is who asks (http/client-id.ts), for its share of the renderers, weighed by the map's estimated `cost` */
  renderer: {
    render(spec: MapSpec, client: string, cost: number): Promise<RenderOutput>;
    /** an SVG document the server wrote (an error's picture for an <img>, http/error-images.ts) drawn as
     *  `format` in a Chromium page, through the maps' admission */
    picture(markup: string, format: Format, width: number, height: number, client: string): Promise<Buffer>;
  };
  cache: RenderCache;
  /** reads POST bodies and stored maps' records, the large ones off the event loop */
  bodies: Pick<BodyThreads, 'normalise' | 'describe' | 'store'>;
  /** stored maps (POST /maps): where they are kept, and the address their URLs begin with (PUBLIC_URL; else the
   *  request's own) */
  maps: { store: MapStore; publicUrl: string | undefined };
  /** the cost ceilings a map is checked against before it is drawn (MAX_PIXELS, MAX_RENDER_COST) */
  costs: Pick<RenderCosts, 'check' | 'learn'>;
  /** the renderer bundle, topology and fonts the pool pages load; the preview page loads the same */
  assets: RendererAssets;
  /** one line per request, errors with their stack (never in a response) */
  logger: Logger;
  /** the Prometheus registry and the instruments the app counts into */
  metrics: ServiceMetrics;
  /** renderers started, browser and pages up, and whether the service is shutting down (GET /readyz) */
  readiness(): Readiness;
  /** the connection's settings: proxies in front of the service whose X-Forwarded-For is believed (TRUST_PROXY),
   *  how long a response may make no progress (SEND_TIMEOUT_MS), which pages may read answers (CORS_ORIGINS), how
   *  many requests of one client are answered at once and wait (http/client-gate.ts) */
  http: { trustedProxies: number; sendTimeoutMs: number; corsOrigins: CorsOrigins; clientShare: ClientGateOptions };
  /** who may render: ACCESS, the keys' prefix and secrets, the revoked keys (access/access-control.ts) */
  access: AccessOptions;
  /** place look-ups (GET /places, MCP find_places), one at a time and in turn among clients */
  lookups: Pick<LookupLane, 'run'>;
  /** the quotas of a client (`key:<id>` or an address, http/client-id.ts), which its renders spend */
  quotaGate(subject: string): QuotaGate;
  /** what the operator's own surface shows: the pages for people it serves (PAGES), the token /metrics asks for */
  surface: { pages: readonly Page[]; metricsToken: string | undefined };
}
