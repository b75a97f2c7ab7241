// The whole service, started: renderer assets, Chromium pool, cache, app, HTTP server. main.ts, the tests
// and the docs script all start it this way.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MapSpec } from '../renderer-page/spec.ts';
import type { Config } from './config.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { loadRendererAssets } from './render/renderer-assets.ts';
import { RenderPool } from './render/render-pool.ts';
import { memoryRenderCache } from './cache/render-cache.ts';
import { createApp } from './app.ts';
import { listen } from './listen.ts';

export interface RunningService {
  server: Server;
  /** base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  close(): Promise<void>;
}

/** `onRender` sees every spec handed to the pool (tests count renders with it). */
export async function startService(config: Config, onRender?: (spec: MapSpec) => void): Promise<RunningService> {
  const assets = loadRendererAssets();
  const pool = await RenderPool.start(assets, {
    chromiumPath: config.chromiumPath,
    size: config.poolSize,
    queueMax: config.queueMax,
    renderTimeoutMs: config.renderTimeoutMs,
    pageMaxRenders: config.pageMaxRenders,
  });
  const app = createApp({
    catalogue: loadCatalogue(),
    renderer: { render: (spec) => { onRender?.(spec); return pool.render(spec); } },
    cache: memoryRenderCache({ maxBytes: config.cacheMaxBytes, ttlMs: config.cacheTtlMs }),
    assets,
  });
  const server = await listen(app, config.port, config.host);
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  return {
    server,
    url: `http://${host}:${port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    },
  };
}
