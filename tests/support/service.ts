// Starts the real service (real SVG threads and Chromium pool, real cache, real HTTP on loopback) for a test file.
import { after, before } from 'node:test';
import type { DestinationStream } from 'pino';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { startService as start } from '../../server/service.ts';
import { startRedis, type TestRedis } from './redis.ts';
import type { RenderPool } from '../../server/render/chromium/render-pool.ts';

export interface TestService {
  url: string;
  /** specs handed to a renderer (the SVG threads or the Chromium pool), in order */
  rendered: MapSpec[];
  /** the service's Chromium pool: its counters, the browser's pid */
  pool: RenderPool;
  /** resolves once both renderers can serve (/readyz 200) */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Logs are silent unless LOG_LEVEL is set (or `logLevel` overridden); `logs` receives them as JSON lines.
 *  Resolves once both renderers can serve, so that a test sees the service as a balancer sends it work. */
export async function startService(overrides: Partial<Config> = {}, logs?: DestinationStream): Promise<TestService> {
  const service = await startListening(overrides, logs);
  await service.ready;
  return service;
}

/** The service as soon as it listens, its renderers still starting (`ready`): for the tests of start-up. */
export async function startListening(overrides: Partial<Config> = {}, logs?: DestinationStream): Promise<TestService> {
  const rendered: MapSpec[] = [];
  const config = {
    ...readConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH, LOG_LEVEL: process.env.LOG_LEVEL || 'silent' }),
    port: 0,
    host: '127.0.0.1',
    poolSize: 2,
    queueMax: 16,
    renderTimeoutMs: 30_000,
    ...overrides,
  };
  const service = await start(config, (spec) => rendered.push(spec), logs);
  return { url: service.url, rendered, pool: service.pool, ready: service.ready, close: () => service.close() };
}

/** The service a test file's tests share: started before the first, closed after the last. Its fields are read
 *  when a test runs, once it has started. */
export function serviceForTests(overrides: Partial<Config> = {}): Readonly<Omit<TestService, 'close' | 'ready'>> {
  let service: TestService | undefined;
  before(async () => {
    service = await startService(overrides);
  });
  after(() => service?.close());
  const started = (): TestService => {
    if (!service) throw new Error('the service starts before the tests');
    return service;
  };
  return {
    get url() {
      return started().url;
    },
    get rendered() {
      return started().rendered;
    },
    get pool() {
      return started().pool;
    },
  };
}

/** For a file whose tests start services and Redis servers of their own: each is closed after the file's tests,
 *  the last started first; `closeLater` registers anything else to close. */
export function closedAfterTests() {
  const closes: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const close of closes.reverse()) await close();
  });
  const closeLater = (close: () => Promise<unknown>) => void closes.push(close);
  return {
    closeLater,
    async redis(): Promise<TestRedis> {
      const server = await startRedis();
      closeLater(() => server.stop());
      return server;
    },
    async service(overrides: Partial<Config>): Promise<TestService> {
      const started = await startService(overrides);
      closeLater(() => started.close());
      return started;
    },
  };
}
