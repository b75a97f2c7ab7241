// Stored maps in a Redis every replica shares (MAPS_REDIS_URL, by default REDIS_URL): key `stored-map:<id>`, the
// record base64-encoded (node-redis hands back strings; the record is gzip, so still about a third of its JSON),
// written once with SET NX and never given a TTL. Unlike the render cache (cache/redis-tier.ts), this Redis is a
// dependency: a POST it cannot confirm is a 503 with nothing kept, a GET it cannot answer a 503 (endpoints keep
// the maps they served lately in memory, so those go on being drawn through an outage).
//
// Keys without a TTL are safe from a `volatile-*` or `noeviction` policy but not from `allkeys-*`, which the
// cache's Redis in compose.yaml runs (a cache should evict anything); nor does a Redis without persistence keep
// them through its restart. Both are checked at start and warned of, since they lose maps silently later.
import { createClient } from '@keyv/redis';
import type { Logger } from '../observability/logger.ts';
import { reconnectDelay, redactedUrl } from '../cache/redis-tier.ts';
import { StoreUnavailable, type MapStore } from './map-store.ts';

const PREFIX = 'stored-map:';
/** The most one operation may take; a POST or GET waits for it. */
const OP_TIMEOUT_MS = 2000;
/** How long start-up waits for the first connection before going on (a POST meanwhile is a 503). */
const CONNECT_WAIT_MS = 1000;

export async function redisStore(url: string, log: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<MapStore> {
  const where = redactedUrl(url);
  const client = createClient({
    url,
    // fail at once while disconnected, rather than hold a POST until Redis is back
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });
  let up: boolean | undefined;
  client.on('error', (error: Error) => {
    if (up !== false) log.error(`stored maps: ${where} unavailable (${error.message || error.name}); reconnecting`);
    up = false;
  });
  client.on('ready', () => {
    if (up !== true) log.info(`stored maps: ${up === undefined ? 'connected to' : 'back on'} ${where}`);
    up = true;
    void checkPolicy();
  });
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);

  /** Warns when this Redis would evict stored maps or lose them on restart. Managed Redis may refuse CONFIG. */
  async function checkPolicy(): Promise<void> {
    try {
      const config = await client.configGet(['maxmemory-policy', 'appendonly', 'save']);
      const policy = String(config['maxmemory-policy'] ?? '');
      if (policy.startsWith('allkeys-'))
        log.warn(
          `stored maps: ${where} runs maxmemory-policy ${policy}, which evicts stored maps once it is full; give MAPS_REDIS_URL a Redis with noeviction or a volatile-* policy (docs/stored-maps.md)`,
        );
      if (config.appendonly !== 'yes' && !config.save)
        log.warn(
          `stored maps: ${where} saves nothing to disk (appendonly no, no save points), so its restart loses every stored map; turn on appendonly (docs/stored-maps.md)`,
        );
    } catch (error) {
      log.info(
        `stored maps: could not read ${where}'s eviction policy (${(error as Error).message}); make sure it is noeviction or volatile-*`,
      );
    }
  }

  async function bounded<T>(what: string, operation: () => Promise<T>): Promise<T> {
    if (!client.isReady) throw new StoreUnavailable(`the Redis of stored maps (${where}) is not connected`);
    let timer: NodeJS.Timeout | undefined;
    const work = operation();
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`took over ${OP_TIMEOUT_MS} ms`)), OP_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      work.catch(() => {}); // it may still fail later; nobody waits for it any more
      throw new StoreUnavailable(`the Redis of stored maps (${where}) failed to ${what}: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async put(id, record) {
      const answer = await bounded('store a map', () =>
        client.set(PREFIX + id, record.toString('base64'), { condition: 'NX' }),
      );
      return answer === 'OK';
    },
    async get(id) {
      const text = await bounded('read a map', () => client.get(PREFIX + id));
      return text === null ? undefined : Buffer.from(text, 'base64');
    },
    async close() {
      if (client.isOpen) client.destroy();
    },
  };
}
