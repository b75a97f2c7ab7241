// Rendered maps by ETag, in Keyv over an in-memory LRU store bounded by bytes.
import Keyv from 'keyv';
import { LRUCache } from 'lru-cache';

export interface CachedRender {
  body: Buffer;
  /** the X-Geo-Warnings parts the renderer reported (unknown routes); request-side ones are recomputed */
  renderWarnings: string[];
}

interface StoredEntry {
  value: CachedRender;
  expires?: number;
}

export interface RenderCache {
  get(key: string): Promise<CachedRender | undefined>;
  set(key: string, value: CachedRender): Promise<void>;
}

/** Per-entry bookkeeping on top of the body, so many tiny entries still count against the bound. */
const ENTRY_OVERHEAD = 256;

export function memoryRenderCache(options: { maxBytes: number; ttlMs: number }): RenderCache {
  const lru = new LRUCache<string, StoredEntry>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (entry) => entry.value.body.length + ENTRY_OVERHEAD,
  });
  // Keyv passes its TTL as a third argument lru-cache would read as options; Keyv checks expiry itself.
  const store = {
    get: (key: string) => lru.get(key),
    set: (key: string, value: StoredEntry) => { lru.set(key, value); },
    delete: (key: string) => lru.delete(key),
    clear: () => lru.clear(),
  };
  // Raw objects in memory: serialising a PNG to base64 and back would only cost time.
  const keyv = new Keyv<CachedRender>({ store, ttl: options.ttlMs, serialize: undefined, deserialize: undefined });
  return {
    get: (key) => keyv.get(key),
    async set(key, value) {
      if (options.maxBytes > 0) await keyv.set(key, value);
    },
  };
}
