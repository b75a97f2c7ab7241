// Starts the service. Configuration: server/config.ts.
import { readConfig } from './config.ts';
import { startService } from './service.ts';
import { letHeapGrow } from './heap-growth.ts';

letHeapGrow();
const config = readConfig();
const service = await startService(config);
const { logger } = service;
logger.info(
  {
    url: service.url,
    svgRenderer: config.svgRenderer,
    svgThreads: config.svgRenderer === 'threads' ? config.svgThreads : 0,
    pngPages: config.poolSize,
  },
  `map service listening on ${service.url}`,
);
logger.info(`try ${service.url}/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60&legendTitle=Sample`);
let stopping = false;
service.ready.then(
  // startMs: since the process started (performance's time origin)
  () => logger.info({ startMs: Math.round(performance.now()) }, 'ready: the SVG and PNG renderers can serve'),
  async (error: unknown) => {
    if (stopping) return;
    stopping = true;
    logger.fatal({ err: error }, 'start-up failed: a renderer could not start');
    await service.close().catch(() => {});
    process.exit(1);
  },
);

async function shutdown(signal: string): Promise<void> {
  // a renderer's start failing now is part of the shutdown, not a failed start
  stopping = true;
  logger.info(
    { signal, timeoutMs: config.shutdownTimeoutMs },
    'shutting down: finishing requests in flight, then stopping',
  );
  // close() bounds the wait for requests itself; this only catches a browser or cache that will not close
  setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting anyway');
    process.exit(1);
  }, config.shutdownTimeoutMs + 10_000).unref();
  try {
    await service.close();
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  logger.info('stopped');
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
