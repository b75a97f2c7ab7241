// Prometheus metrics, in a registry of their own per service instance (several run in one test process,
// and the global default registry would refuse the second registration of a name).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pool reports about itself, read-only (RenderPool.health()). */
export interface PoolHealth {
  /** Chromium is running and connected */
  browser: boolean;
  /** pages open or opening */
  pages: number;
  /** pages waiting for a render */
  idle: number;
  /** renders waiting for a page */
  queued: number;
}

/** From 1 ms (a small SVG) to 30 s (a large PNG past the default deadline). */
const RENDER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

export type ServiceMetrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  /** by renderer: `svg` the threads (absent under SVG_RENDERER=chromium, where SVGs wait in the pages'
   *  queue), `png` the Chromium pool (which also makes PDF, JPEG and WebP) */
  let queues: Partial<Record<'svg' | 'png', () => number>> | undefined;
  let cacheBytes: (() => number) | undefined;
  return {
    registry,
    renderSeconds: new Histogram({
      name: 'map_render_duration_seconds',
      help: 'Time from handing a map to its renderer (SVG threads, PNG pages) to its output, waiting included',
      labelNames: ['format', 'scope'] as const,
      buckets: RENDER_BUCKETS,
      registers,
    }),
    cacheHits: new Counter({
      name: 'map_cache_hits_total',
      help: 'Maps answered from the cache (X-Cache: HIT)',
      registers,
    }),
    cacheMisses: new Counter({
      name: 'map_cache_misses_total',
      help: 'Maps rendered because the cache did not have them (X-Cache: MISS)',
      registers,
    }),
    browserRestarts: new Counter({
      name: 'map_browser_restarts_total',
      help: 'Times Chromium went away and the pool relaunched it',
      registers,
    }),
    pagesReplaced: new Counter({
      name: 'map_pages_replaced_total',
      help: 'Pool pages replaced as worn: their renderer held more than PAGE_MAX_MIB (memory), or they had drawn PAGE_MAX_RENDERS (renders)',
      labelNames: ['reason'] as const,
      registers,
    }),
    keyRenders: new Counter({
      name: 'map_key_renders_total',
      help: 'Maps rendered (cache misses) by key: its id for the first KEY_LABELS keys a replica counts, `other` for the rest, `anonymous` without a key (observability/key-labels.ts)',
      labelNames: ['key'] as const,
      registers,
    }),
    keyRefusals: new Counter({
      name: 'map_key_refusals_total',
      help: 'Renders refused over a quota (429 rate_limited), by key as map_key_renders_total',
      labelNames: ['key', 'window'] as const,
      registers,
    }),
    keyCost: new Counter({
      name: 'map_key_render_cost_total',
      help: 'Estimated cost of the maps rendered, in the unit of MAX_RENDER_COST (estimated ms on one core), by key as map_key_renders_total',
      labelNames: ['key'] as const,
      registers,
    }),
    httpRequests: new Counter({
      name: 'map_http_requests_total',
      help: 'HTTP requests answered, by status class (2xx, 3xx, 4xx, 5xx; aborted when the connection closed first)',
      labelNames: ['status_class'] as const,
      registers,
    }),
    queueDepth: new Gauge({
      name: 'map_render_queue_depth',
      help: 'Renders waiting for a free SVG thread (format svg) or Chromium page (format png, shared with PDF, JPEG and WebP, and with SVG under SVG_RENDERER=chromium)',
      labelNames: ['format'] as const,
      registers,
      collect() {
        for (const format of ['svg', 'png'] as const) {
          const depth = queues?.[format];
          if (depth) this.set({ format }, depth());
        }
      },
    }),
    cacheBytes: new Gauge({
      name: 'map_cache_bytes',
      help: "Bytes of maps the service's memory holds in its cache, at most CACHE_MAX_BYTES (Redis's are not counted)",
      registers,
      collect() {
        if (cacheBytes) this.set(cacheBytes());
      },
    }),
    /** where the queue depths are read from, once the renderers exist */
    observeQueues(depths: Partial<Record<'svg' | 'png', () => number>>): void {
      queues = depths;
    },
    /** where the cache's bytes in memory are read from, once the cache exists */
    observeCache(bytes: () => number): void {
      cacheBytes = bytes;
    },
  };
}
