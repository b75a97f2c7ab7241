// Wires the service together and starts it. Configuration: server/config.ts.
import { readConfig } from './config.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { loadRendererAssets } from './render/renderer-assets.ts';
import { RenderPool } from './render/render-pool.ts';
import { memoryRenderCache } from './cache/render-cache.ts';
import { createApp } from './app.ts';
import { listen } from './listen.ts';

const config = readConfig();
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
  renderer: pool,
  cache: memoryRenderCache({ maxBytes: config.cacheMaxBytes, ttlMs: config.cacheTtlMs }),
  rendererVersion: assets.version,
});
const server = await listen(app, config.port, config.host);
const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(`map service listening on http://${shown}:${config.port} (${config.poolSize} render pages)`);
console.log(`try http://${shown}:${config.port}/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60&legendTitle=Sample`);

async function shutdown(signal: string): Promise<void> {
  console.log(`${signal}: finishing requests in flight, then stopping`);
  await new Promise((resolve) => server.close(resolve));
  await pool.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
