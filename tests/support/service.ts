// Starts the real service (real Chromium pool, real cache, real HTTP on loopback) for a test file.
import type { MapSpec } from '../../renderer-page/spec.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { startService as start } from '../../server/service.ts';

export interface TestService {
  url: string;
  /** specs the pool was asked to render, in order */
  rendered: MapSpec[];
  close(): Promise<void>;
}

export async function startService(overrides: Partial<Config> = {}): Promise<TestService> {
  const rendered: MapSpec[] = [];
  const config = {
    ...readConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }), port: 0, host: '127.0.0.1', poolSize: 2, queueMax: 16, renderTimeoutMs: 30_000, ...overrides,
  };
  const service = await start(config, (spec) => rendered.push(spec));
  return { url: service.url, rendered, close: () => service.close() };
}
