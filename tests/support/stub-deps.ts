// The app's dependencies for tests that drive createApp over real HTTP with a renderer of their own and nothing
// else working: no body is posted, no map is stored, the service is ready unless told otherwise.
import type { AppDeps } from '../../server/app-deps.ts';
import { memoryRenderCache } from '../../server/cache/render-cache.ts';
import { loadRendererAssets } from '../../server/render/renderer-assets.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { createLogger } from '../../server/observability/logger.ts';
import { createMetrics } from '../../server/observability/metrics.ts';

const noBody = () => Promise.reject(new Error('this test posts no body'));

/** Every dependency createApp needs, `renderer` and any other given in `deps` replacing the stub's. */
export function stubDeps(deps: Pick<AppDeps, 'renderer'> & Partial<AppDeps>): AppDeps {
  return {
    catalogue: loadCatalogue(),
    cache: memoryRenderCache({ maxBytes: 1 << 20, ttlMs: 60_000, maxEntryBytes: 1 << 20 }),
    costs: { check: () => 0, learn() {} },
    bodies: { normalise: noBody, describe: noBody, store: noBody },
    maps: {
      store: {
        put: () => Promise.reject(new Error('this test stores no map')),
        get: () => Promise.resolve(undefined),
        close: async () => {},
      },
      publicUrl: undefined,
    },
    assets: loadRendererAssets(),
    logger: createLogger('silent'),
    metrics: createMetrics(),
    readiness: () => ({ draining: false, waitingFor: [], browser: true, pages: 1, idle: 1, queued: 0 }),
    http: {
      trustedProxies: 0,
      sendTimeoutMs: 30_000,
      corsOrigins: '*',
      clientShare: { inside: 8, waiting: 64, waitMs: 30_000 },
    },
    lookups: { run: async (_client, work) => work() },
    access: { mode: 'open', prefix: 'mr_live_', secrets: [], revoked: { has: () => false } },
    quotaGate: () => ({ spend: () => Promise.resolve({}), standing: () => ({}) }),
    surface: { pages: ['preview', 'docs', 'source-maps'], metricsToken: undefined },
    ...deps,
  };
}
