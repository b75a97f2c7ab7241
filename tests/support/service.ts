// Starts the real service (real Chromium pool, real cache, real HTTP on loopback) for a test file.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { loadRendererAssets } from '../../server/render/renderer-assets.ts';
import { RenderPool, type PoolOptions } from '../../server/render/render-pool.ts';
import { memoryRenderCache } from '../../server/cache/render-cache.ts';
import { createApp } from '../../server/app.ts';
import { listen } from '../../server/listen.ts';

export interface TestService {
  url: string;
  /** specs the pool was asked to render, in order */
  rendered: MapSpec[];
  close(): Promise<void>;
}

export async function startService(pool: Partial<PoolOptions> = {}): Promise<TestService> {
  const assets = loadRendererAssets();
  const renderPool = await RenderPool.start(assets, {
    chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    size: 2, queueMax: 16, renderTimeoutMs: 30_000, pageMaxRenders: 100, ...pool,
  });
  const rendered: MapSpec[] = [];
  const app = createApp({
    catalogue: loadCatalogue(),
    renderer: { render: (spec) => { rendered.push(spec); return renderPool.render(spec); } },
    cache: memoryRenderCache({ maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 }),
    rendererVersion: assets.version,
  });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rendered,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await renderPool.close();
    },
  };
}
