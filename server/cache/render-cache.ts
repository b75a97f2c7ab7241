// Rendered maps by ETag: Keyv over an in-memory LRU store bounded by bytes, and with REDIS_URL a shared
// Redis tier behind it (redis-tier.ts), so several instances share what any of them rendered.
import Keyv from 'keyv';
import { LRUCache } from 'lru-cache';
import type { CacheLog, CachedRender } from './redis-tier.ts';

export type { CacheLog, CachedRender } from './redis-tier.ts';

interface StoredEntry {
  value: CachedRender;
  expires?: number;
}

export interface RenderCache {
  get(key: string): Promise<CachedRender | undefined>;
  set(key: string, value: CachedRender): Promise<void>;
}

/** The cache the service owns: closing it closes the Redis connection, if any. */
export interface ServiceRenderCache extends RenderCache {
  /** what the entries in memory count against the bound (`maxBytes`) */
  bytes(): number;
  close(): Promise<void>;
}

/** Per-entry bookkeeping on top of the body, so many tiny entries still count against the bound. */
const ENTRY_OVERHEAD = 256;

/** A sixteenth of the memory cache at most for one map, so that a few large ones cannot push out the rest: three
 *  PNGs of 25 MB once emptied the 64 MB cache. */
const MEMORY_SHARE = 16;

/** `set` takes an optional TTL: an entry found in Redis is kept in memory only for what it has left there. Maps
 *  larger than `maxEntryBytes`, or than a sixteenth of `maxBytes`, are not kept. */
export function memoryRenderCache(options: { maxBytes: number; ttlMs: number; maxEntryBytes: number }): RenderCache & {
  set(key: string, value: CachedRender, ttlMs?: number): Promise<void>;
  bytes(): number;
} {
  const lru = new LRUCache<string, StoredEntry>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (entry) => entry.value.body.length + ENTRY_OVERHEAD,
  });
  // Keyv passes its TTL as a third argument lru-cache would read as options; Keyv checks expiry itself.
  const store = {
    get: (key: string) => lru.get(key),
    set: (key: string, value: StoredEntry) => {
      lru.set(key, value);
    },
    delete: (key: string) => lru.delete(key),
    clear: () => lru.clear(),
  };
  // Raw objects in memory: serialising a PNG to base64 and back would only cost time.
  const keyv = new Keyv<CachedRender>({ store, ttl: options.ttlMs, serialize: undefined, deserialize: undefined });
  const largest = Math.min(options.maxEntryBytes, options.maxBytes / MEMORY_SHARE);
  return {
    get: (key) => keyv.get(key),
    async set(key, value, ttlMs?: number) {
      if (value.body.length <= largest) await keyv.set(key, value, ttlMs);
    },
    bytes: () => lru.calculatedSize,
  };
}

/**
 * The service's cache: memory only, or with `redisUrl` memory in front of Redis. A get tries memory, then
 * Redis (copying a Redis hit into memory); a set writes both. Redis trouble never fails a request: it
 * reads as a miss or a dropped write, bounded by a short timeout (see redis-tier.ts).
 *
 * Composed by hand rather than with `cacheable` (the Keyv authors' two-tier cache): the failure policy is
 * the point here, and cacheable has no per-operation timeout, so its secondary would need this same wrapper
 * anyway; what it adds on top (tags, stats, sync, hooks, four more packages) we would not use.
 */
export async function renderCache(options: {
  maxBytes: number;
  /** the largest map kept, in either tier (CACHE_MAX_ENTRY_BYTES); memory keeps a sixteenth of its bound at most */
  maxEntryBytes: number;
  ttlMs: number;
  redisUrl?: string | undefined;
  log?: CacheLog;
}): Promise<ServiceRenderCache> {
  const memory = memoryRenderCache(options);
  if (!options.redisUrl) return { get: memory.get, set: memory.set, bytes: memory.bytes, close: async () => {} };
  // loaded only with REDIS_URL: the Redis client takes a tenth of a second to load, which a start without it
  // need not spend
  const { connectRedisTier } = await import('./redis-tier.ts');
  const shared = await connectRedisTier({
    url: options.redisUrl,
    ttlMs: options.ttlMs,
    log: options.log,
    maxEntryBytes: options.maxEntryBytes,
  });
  return {
    async get(key) {
      const local = await memory.get(key);
      if (local) return local;
      const found = await shared.get(key);
      if (!found) return undefined;
      const left = found.expires === undefined ? options.ttlMs : found.expires - Date.now();
      if (left > 0) await memory.set(key, found.value, Math.min(left, options.ttlMs));
      return found.value;
    },
    async set(key, value) {
      await Promise.all([memory.set(key, value), shared.set(key, value)]);
    },
    bytes: memory.bytes,
    close: () => shared.close(),
  };
}
