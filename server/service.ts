// The whole service, started: renderer assets, SVG threads (unless SVG_RENDERER=chromium), Chromium pool (PNG),
// cache, the store of stored maps, app, HTTP server. It listens as soon as it has read its assets and catalogue: the threads warm up and
// Chromium starts meanwhile (`ready`), and the renders let in before then wait for them within their deadline.
// main.ts, the tests and the docs script all start it this way.
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import type { MapSpec } from '../renderer-page/spec.ts';
import type { Config } from './config.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { loadRendererAssets } from './render/renderer-assets.ts';
import { loadOperatorScopes } from './operator-scopes.ts';
import { RenderPool } from './render/chromium/render-pool.ts';
import { SvgRenderer } from './render/threads/svg-renderer.ts';
import { ownHeapTrim } from './render/idle-trim.ts';
import { normaliseRequest } from './request/normalise.ts';
import { renderCache } from './cache/render-cache.ts';
import { RenderCosts, catalogueFacts } from './cost/ceilings.ts';
import { BodyThreads } from './request/body-threads.ts';
import { openMapStore } from './store/open-store.ts';
import { createApp } from './app.ts';
import { revokedKeys } from './access/revoked-keys.ts';
import { connectAccessRedis } from './access/access-redis.ts';
import { Quotas } from './access/quotas.ts';
import { quotaGates } from './access/quota-gate.ts';
import { listen } from './listen.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { LookupLane } from './places/lookup-lane.ts';
import type { ClientGateOptions } from './http/client-gate.ts';
import { createMetrics } from './observability/metrics.ts';

/** How long a shutdown leaves keep-alive connections open for a request on its way: one sent by a client between
 *  two maps arrives within a round trip. */
const IDLE_GRACE_MS = 250;

/** One client's share of the service's thread (http/client-gate.ts): twice as many requests at once as the renderers
 *  draw maps at once, so that a client alone keeps every renderer busy and has the next maps read meanwhile; four
 *  times the renderers' queue waiting; each for as long as a render may take. */
function clientShare(config: Config): ClientGateOptions {
  const renderers = config.poolSize + (config.svgRenderer === 'threads' ? config.svgThreads : 0);
  return {
    inside: Math.max(4, 2 * renderers),
    waiting: Math.max(16, 4 * config.queueMax),
    waitMs: config.renderTimeoutMs,
  };
}

export interface RunningService {
  server: Server;
  /** base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  logger: Logger;
  /** the Chromium pool that makes PNGs, for tests and diagnostics (its counters, the browser's pid) */
  pool: RenderPool;
  /** Resolves once both renderers can serve, when /readyz turns 200; rejects when one could not start. */
  ready: Promise<void>;
  /** Drains: /readyz turns 503 at once, the listener stops accepting, requests in flight finish (for at most
   *  SHUTDOWN_TIMEOUT_MS, then their connections are cut), idle keep-alive connections are closed; then the
   *  pool (Chromium), the SVG threads and the cache close. */
  close(): Promise<void>;
}

/** `onRender` sees every spec handed to a renderer (tests count renders with it); logs go to stdout unless
 *  `logDestination` is given (tests read them). */
export async function startService(
  config: Config,
  onRender?: (spec: MapSpec) => void,
  logDestination?: DestinationStream,
): Promise<RunningService> {
  const logger = createLogger(config.logLevel, logDestination);
  const metrics = createMetrics();
  const operator = config.scopesDir ? loadOperatorScopes(config.scopesDir) : undefined;
  const assets = loadRendererAssets(operator);
  const catalogue = loadCatalogue(undefined, operator?.scopes);
  // a folder, or a Redis the replicas share (docs/stored-maps.md): first, since a Redis that would evict stored maps
  // stops the start before any renderer is started; a Redis down at start only logs, as the cache's
  const maps = await openMapStore(config, logger);
  // SVG_RENDERER=chromium starts no threads (their memory is the point): the pool's pages draw SVGs too,
  // admitted, queued and timed with the PNGs
  const svg =
    config.svgRenderer === 'threads'
      ? SvgRenderer.start(assets, {
          threads: config.svgThreads,
          queueMax: config.queueMax,
          renderTimeoutMs: config.renderTimeoutMs,
          warmUp: normaliseRequest({ scope: 'world' }, catalogue, 'svg').spec,
        })
      : undefined;
  // started at once too: loading Playwright and launching Chromium overlap the threads' warm-up rather than
  // follow it, and Chromium's pages, the longest part of a start, load while SVGs are already served
  const pool = RenderPool.start(assets, {
    chromiumPath: config.chromiumPath,
    size: config.poolSize,
    queueMax: config.queueMax,
    renderTimeoutMs: config.renderTimeoutMs,
    pageMaxRenders: config.pageMaxRenders,
    pageMaxMib: config.pageMaxMib,
    maxPixels: config.maxPixels,
    logger,
    onBrowserRestart: () => metrics.browserRestarts.inc(),
    onPageWorn: (reason) => metrics.pagesReplaced.inc({ reason }),
  });
  const waitingFor = new Set<string>();
  const starting = async (what: string, started: Promise<void>) => {
    waitingFor.add(what);
    await started;
    waitingFor.delete(what);
  };
  const ready = Promise.all([
    ...(svg ? [starting('the SVG threads', svg.ready)] : []),
    starting('the Chromium pages', pool.ready),
  ]).then(() => {});
  metrics.observeQueues({ png: () => pool.health().queued, ...(svg && { svg: () => svg.queued }) });
  let draining = false;
  // quotas and revocations, shared by the replicas through REDIS_URL, connected meanwhile the cache and the store
  // connect; a Redis down at start only logs
  const accessRedis = config.redisUrl ? connectAccessRedis(config.redisUrl, logger) : undefined;
  // memory only, or memory in front of Redis (REDIS_URL), connected while the renderers start; Redis being down
  // at start only logs
  const cache = await renderCache({
    maxBytes: config.cacheMaxBytes,
    maxEntryBytes: config.cacheMaxEntryBytes,
    ttlMs: config.cacheTtlMs,
    redisUrl: config.redisUrl,
    log: logger,
  });
  metrics.observeCache(() => cache.bytes());
  // the requests of a burst of renders leave garbage in this thread's heap too
  const trim = ownHeapTrim();
  const bodies = new BodyThreads({
    catalogue,
    operatorScopes: operator?.scopes ?? [],
    deadlineMs: config.renderTimeoutMs,
  });
  const costs = new RenderCosts(config, catalogueFacts(catalogue, assets));
  const sharedRedis = await accessRedis;
  const revoked = await revokedKeys(config.revokedKeys, sharedRedis, logger);
  const quotas = new Quotas(
    {
      key: { minute: config.quotaPerMinute, day: config.quotaPerDay },
      anonymous: { minute: config.anonQuotaPerMinute, day: config.anonQuotaPerDay },
    },
    sharedRedis,
    logger,
  );
  const app = createApp({
    catalogue,
    costs,
    bodies,
    renderer: {
      render(spec, client, cost) {
        onRender?.(spec);
        return trim.around(async () => {
          const stop = metrics.renderSeconds.startTimer({ format: spec.format, scope: spec.scope });
          const output = await (spec.format === 'svg' && svg
            ? svg.render(spec, client, cost)
            : pool.render(spec, client, cost));
          stop();
          return output;
        });
      },
      picture: (markup, format, width, height, client) => pool.picture(markup, format, width, height, client),
    },
    cache,
    maps: { store: maps, publicUrl: config.publicUrl },
    assets,
    logger,
    metrics,
    readiness: () => ({ draining, waitingFor: [...waitingFor], ...pool.health() }),
    http: {
      trustedProxies: config.trustProxy,
      sendTimeoutMs: config.sendTimeoutMs,
      corsOrigins: config.corsOrigins,
      clientShare: clientShare(config),
    },
    lookups: new LookupLane(),
    access: {
      mode: config.access,
      prefix: config.keyPrefix,
      secrets: config.keySecrets,
      revoked,
    },
    quotaGate: quotaGates(quotas, metrics),
    surface: { pages: config.pages, metricsToken: config.metricsToken },
  });
  const server = await listen(app, config.port, config.host, config.requestTimeoutMs);
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  let closing: Promise<void> | undefined;

  async function drain(): Promise<void> {
    draining = true;
    // Stops accepting connections, as server.close() would, but leaves the open ones be for a moment: close()
    // also drops every keep-alive connection idle at that instant, and a busy client's request, sent on one
    // between two maps, was reset rather than answered. Each response from now on closes its connection
    // (request-log.ts); a connection that saw no request during the grace is idle, and is closed then.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const idle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), config.shutdownTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    clearTimeout(idle);
    if (timedOut) {
      logger.warn(
        { timeoutMs: config.shutdownTimeoutMs },
        'shutdown: requests still in flight; closing their connections',
      );
      server.closeAllConnections();
      await closed;
    }
    await Promise.all([pool.close(), svg?.close(), bodies.close()]);
    trim.stop();
    revoked.close();
    if (sharedRedis?.isOpen) sharedRedis.destroy();
    await Promise.all([cache.close(), maps.close()]);
    if (operator) rmSync(operator.topologyDir, { recursive: true, force: true });
  }

  return {
    server,
    url: `http://${host}:${port}`,
    logger,
    pool,
    ready,
    close: () => (closing ??= drain()),
  };
}
