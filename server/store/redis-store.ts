// Stored maps in a Redis every replica shares (MAPS_REDIS_URL, by default REDIS_URL): key `stored-map:<id>`, the
// record base64-encoded (node-redis hands back strings; the record is gzip, so still about a third of its JSON),
// written once with SET NX and never given a TTL. Unlike the render cache (cache/redis-tier.ts), this Redis is a
// dependency: a POST it cannot confirm is a 503 with nothing kept, a GET it cannot answer a 503 (endpoints keep
// the maps they served lately in memory, so those go on being drawn through an outage).
//
// Keys without a TTL are safe from a `volatile-*` or `noeviction` policy but not from `allkeys-*`, which the
// cache's Redis in compose.yaml runs (a cache should evict anything): a store on such a Redis refuses to start (and,
// when the policy turns so later, to store), since it would lose maps silently under load. A Redis without
// persistence forgets them on restart, which is warned of.
//
// What each holder holds is counted in the hash `stored-map-bytes` (a field a holder, `*` the whole store), checked
// and added to in the same Lua script that stores the record, so that every replica counts against one budget and
// two stores at once cannot both fit under a budget only one fits under.
import { createClient } from '@keyv/redis';
import type { Logger } from '../observability/logger.ts';
import { reconnectDelay, redactedUrl } from '../cache/redis-tier.ts';
import { StoreBudgetSpent, StoreUnavailable, type MapStore, type StoreBudgets } from './map-store.ts';

const PREFIX = 'stored-map:';
const LEDGER = 'stored-map-bytes';
/** KEYS: the record's key, the ledger; ARGV: the record, its holder, its bytes, the holder's and the store's budgets
 *  (0: none). Answers 1 (stored), 0 (already there), or the budget passed and what it held. */
const PUT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local bytes = tonumber(ARGV[3])
local total = tonumber(redis.call('HGET', KEYS[2], '*') or '0')
local limit = tonumber(ARGV[5])
if limit > 0 and total + bytes > limit then return {'store', total} end
local held = tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')
limit = tonumber(ARGV[4])
if limit > 0 and held + bytes > limit then return {'holder', held} end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HINCRBY', KEYS[2], ARGV[2], bytes)
redis.call('HINCRBY', KEYS[2], '*', bytes)
return 1`;
/** The most one operation may take; a POST or GET waits for it. */
const OP_TIMEOUT_MS = 2000;
/** How long start-up waits for the first connection before going on (a POST meanwhile is a 503). */
const CONNECT_WAIT_MS = 1000;

/** Throws, before the service starts, when the Redis would evict stored maps. */
export async function redisStore(
  url: string,
  budgets: StoreBudgets,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<MapStore> {
  const where = redactedUrl(url);
  const client = createClient({
    url,
    // fail at once while disconnected, rather than hold a POST until Redis is back
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });
  let up: boolean | undefined;
  /** the policy is an `allkeys-*` one, which would evict stored maps */
  let evicting = false;
  let checked: Promise<void> | undefined;
  client.on('error', (error: Error) => {
    if (up !== false) log.error(`stored maps: ${where} unavailable (${error.message || error.name}); reconnecting`);
    up = false;
  });
  client.on('ready', () => {
    if (up !== true) log.info(`stored maps: ${up === undefined ? 'connected to' : 'back on'} ${where}`);
    up = true;
    checked = checkPolicy();
  });
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
  await checked;
  if (evicting) {
    client.destroy();
    throw new Error(evictingMessage(where));
  }

  /** Refuses to store on a Redis that would evict stored maps, warns of one that would lose them on restart.
   *  Managed Redis may refuse CONFIG. */
  async function checkPolicy(): Promise<void> {
    try {
      const config = await client.configGet(['maxmemory-policy', 'appendonly', 'save']);
      const policy = String(config['maxmemory-policy'] ?? '');
      evicting = policy.startsWith('allkeys-');
      if (evicting) log.error(evictingMessage(where));
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
    async put(id, record, holder) {
      if (evicting) throw new StoreUnavailable(evictingMessage(where));
      const answer = await bounded('store a map', () =>
        client.eval(PUT, {
          keys: [PREFIX + id, LEDGER],
          arguments: [
            record.toString('base64'),
            holder,
            String(record.length),
            String(budgets.perHolder),
            String(budgets.total),
          ],
        }),
      );
      if (Array.isArray(answer)) {
        const [budget, held] = answer as ['store' | 'holder', number];
        throw new StoreBudgetSpent(budget, held, budget === 'store' ? budgets.total : budgets.perHolder, record.length);
      }
      return answer === 1;
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

const evictingMessage = (where: string) =>
  `stored maps: ${where} runs an allkeys-* maxmemory-policy, which would evict stored maps once it is full, so ` +
  'none are stored there. Give stored maps a Redis of their own with maxmemory-policy noeviction and appendonly yes ' +
  '(MAPS_REDIS_URL), or keep them in a folder (MAPS_REDIS_URL=none, MAPS_DIR); docs/stored-maps.md';
