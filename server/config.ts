// Configuration, read once from the environment. Each key: default, then what it does.
import { availableParallelism } from 'node:os';
import { LOG_LEVELS, type LogLevel } from './observability/logger.ts';

export interface Config {
  port: number;
  host: string;
  chromiumPath: string;
  poolSize: number;
  svgThreads: number;
  queueMax: number;
  renderTimeoutMs: number;
  pageMaxRenders: number;
  cacheMaxBytes: number;
  cacheTtlMs: number;
  redisUrl: string | undefined;
  logLevel: LogLevel;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  scopesDir: string | undefined;
}

function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  const level = LOG_LEVELS.find((name) => name === raw.toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

function redisUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.REDIS_URL;
  if (!raw) return undefined;
  if (!/^rediss?:\/\/./.test(raw)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${raw}"`);
  return raw;
}

function int(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${key} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    /** PORT (8080): the HTTP port */
    port: int(env, 'PORT', 8080, 0),
    /** HOST (0.0.0.0): the interface to listen on */
    host: env.HOST || '0.0.0.0',
    /** CHROMIUM_PATH (/usr/bin/chromium): the Chromium executable, Debian's `chromium` package */
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    /** POOL_SIZE (number of cores): browser pages drawing PNGs in parallel */
    poolSize: int(env, 'POOL_SIZE', availableParallelism(), 1),
    /** SVG_THREADS (number of cores): worker threads drawing SVGs in parallel */
    svgThreads: int(env, 'SVG_THREADS', availableParallelism(), 1),
    /** QUEUE_MAX (64): renders that may wait for a page or a thread (each has its own queue); more get 503 overloaded */
    queueMax: int(env, 'QUEUE_MAX', 64, 0),
    /** RENDER_TIMEOUT_MS (20000): one render's deadline, waiting included; past it, 504 */
    renderTimeoutMs: int(env, 'RENDER_TIMEOUT_MS', 20_000, 1),
    /** PAGE_MAX_RENDERS (500): a page is replaced after this many renders */
    pageMaxRenders: int(env, 'PAGE_MAX_RENDERS', 500, 1),
    /** CACHE_MAX_BYTES (268435456): the in-memory cache's size bound, least recently used out first */
    cacheMaxBytes: int(env, 'CACHE_MAX_BYTES', 256 * 1024 * 1024, 0),
    /** CACHE_TTL_MS (86400000): how long a rendered map stays cached */
    cacheTtlMs: int(env, 'CACHE_TTL_MS', 24 * 60 * 60 * 1000, 1),
    /** REDIS_URL (none: memory only): a Redis behind the memory cache, shared by every instance given the same URL */
    redisUrl: redisUrl(env),
    /** LOG_LEVEL (info; silent when NODE_ENV=test): fatal, error, warn, info, debug, trace or silent */
    logLevel: logLevel(env),
    /** REQUEST_TIMEOUT_MS (30000): a request must arrive whole (headers and body) within this; past it, 408 */
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 1),
    /** SHUTDOWN_TIMEOUT_MS (25000): on SIGTERM, how long requests in flight may take before they are cut */
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 0),
    /** SCOPES_DIR (none): a folder of your own boundaries, each `<name>.json` (GeoJSON or TopoJSON) scope `<name>`, with an optional `<name>.scope.json` (idProperty, nameProperty, projection, title, attribution); a bad file stops start-up */
    scopesDir: env.SCOPES_DIR || undefined,
  };
}
