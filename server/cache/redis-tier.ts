// The shared tier of the render cache: Keyv over @keyv/redis, so several instances share rendered maps.
// Redis is an optimisation, never a dependency: every operation is bounded by a short timeout and any
// failure reads as a miss (get) or a dropped write (set). One failure opens a circuit breaker: Redis is left
// alone for a second, doubling to half a minute while it keeps failing, and then tried with one operation.
// A Redis that hangs (connected but silent) thus costs one timeout, not one per operation: every miss had
// waited 2 × 250 ms. Rendering goes on; we log when Redis goes away and comes back, and node-redis
// reconnects by itself with a capped backoff.
import Keyv from 'keyv';
import KeyvRedis, { createClient } from '@keyv/redis';
import type { RenderWarnings } from '../../renderer-page/spec.ts';

/** A rendered map as both tiers keep it (declared here, under render-cache.ts, which re-exports it). */
export interface CachedRender {
  body: Buffer;
  /** what the renderer warned of (unknown routes, hidden labels); request-side warnings are recomputed */
  renderWarnings: RenderWarnings;
  /** the map in words, which /render/spec answers */
  description: string;
}

/** Where cache trouble is reported; console by default, any pino-style logger fits. */
export interface CacheLog {
  info(message: string): void;
  error(message: string): void;
}

export interface RedisTierOptions {
  url: string;
  ttlMs: number;
  /** the most one Redis operation may cost a request; past it, a miss or a dropped write */
  opTimeoutMs?: number;
  /** how long start-up waits for the first connection (or its first failure) before going on */
  connectWaitMs?: number;
  /** maps larger than this are not written (CACHE_MAX_ENTRY_BYTES) */
  maxEntryBytes: number;
  log?: CacheLog;
}

export interface RedisTier {
  /** the entry and when Redis expires it (ms since the epoch), or undefined: absent, or Redis unavailable */
  get(key: string): Promise<{ value: CachedRender; expires: number | undefined } | undefined>;
  set(key: string, value: CachedRender): Promise<void>;
  close(): Promise<void>;
}

const NAMESPACE = 'map-render';
const TIMED_OUT = Symbol('timed out');
/** How long the breaker leaves Redis alone after a failure, and after failures in a row at most. */
const PAUSE_MS = { first: 1000, longest: 30_000 };

/** 100 ms, 200 ms, … capped at 2 s, with jitter so a fleet does not reconnect in step (the store of stored maps'
 *  too, server/store/redis-store.ts). */
export const reconnectDelay = (retries: number) => Math.min(100 * 2 ** retries, 2000) + Math.floor(Math.random() * 100);

export async function connectRedisTier(options: RedisTierOptions): Promise<RedisTier> {
  const { opTimeoutMs = 250, connectWaitMs = 1000, log = console, maxEntryBytes } = options;
  const where = redactedUrl(options.url);
  const client = createClient({
    url: options.url,
    // Fail at once while disconnected instead of queueing commands until Redis is back.
    disableOfflineQueue: true,
    // Bounds the commands piling up behind a hung (connected but silent) Redis.
    commandsQueueMaxLength: 1000,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });

  // Logged on transitions only, so an outage is two lines, not one per request or reconnect attempt.
  let up: boolean | undefined;
  const down = (reason: string) => {
    if (up !== false)
      log.error(`redis cache: ${where} unavailable (${reason}); rendering without the shared cache, reconnecting`);
    up = false;
  };
  const back = () => {
    if (up !== true)
      log.info(up === undefined ? `redis cache: connected to ${where}` : `redis cache: ${where} is back`);
    up = true;
  };
  client.on('error', (error: Error) => down(error.message || error.name));
  client.on('ready', back);

  // throwOnErrors: the adapter otherwise turns a failure into "absent", and we want to tell the two apart.
  const store = new KeyvRedis<CachedRender>(client, { namespace: NAMESPACE, throwOnErrors: true });
  const keyv = new Keyv<CachedRender>(store, { namespace: NAMESPACE, useKeyPrefix: false, throwOnErrors: true });
  keyv.on('error', () => {
    /* reported through `down` where the operation fails */
  });

  // Not awaited: start-up waits for the first answer at most connectWaitMs, then serves from memory.
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  await Promise.race([
    connected,
    new Promise((resolve) => {
      client.once('error', resolve);
    }),
    sleep(connectWaitMs),
  ]);

  // the breaker: open (Redis left alone) until `openUntil`; then one operation tries it (`trying`)
  let openUntil = 0;
  let pause = PAUSE_MS.first;
  let trying = false;
  const fail = (reason: string) => {
    down(reason);
    openUntil = Date.now() + pause;
    pause = Math.min(pause * 2, PAUSE_MS.longest);
  };

  async function attempt<T>(what: string, operation: () => Promise<T>): Promise<T | undefined> {
    if (!client.isReady) return undefined; // disconnected: node-redis is reconnecting in the background
    if (trying || Date.now() < openUntil) return undefined;
    trying = openUntil > 0;
    let timer: NodeJS.Timeout | undefined;
    const work = operation();
    try {
      const result = await Promise.race([
        work,
        new Promise<typeof TIMED_OUT>((resolve) => {
          timer = setTimeout(resolve, opTimeoutMs, TIMED_OUT);
        }),
      ]);
      if (result === TIMED_OUT) {
        work.catch(() => {}); // it may still fail later; nobody waits for it any more
        fail(`${what} took over ${opTimeoutMs} ms`);
        return undefined;
      }
      back();
      openUntil = 0;
      pause = PAUSE_MS.first;
      return result;
    } catch (error) {
      fail(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    } finally {
      trying = false;
      clearTimeout(timer);
    }
  }

  return {
    async get(key) {
      const raw = await attempt('get', () => keyv.getRaw(key));
      if (!raw || !raw.value || !Buffer.isBuffer(raw.value.body)) return undefined;
      return { value: raw.value, expires: typeof raw.expires === 'number' ? raw.expires : undefined };
    },
    async set(key, value) {
      // One map's bytes in every replica's shared cache: a 280 MB SVG once went in as 393 MB of JSON, which with
      // `allkeys-lru` pushed out every other map.
      if (value.body.length > maxEntryBytes) return;
      // Keyv passes the TTL on as PX, so Redis expires the entry itself.
      await attempt('set', () => keyv.set(key, value, options.ttlMs));
    },
    async close() {
      // destroy, not a graceful close: every write a request waits for is already bounded and done.
      if (client.isOpen) client.destroy();
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** The URL for logs, without its password (the store of stored maps' too). */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
