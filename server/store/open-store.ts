// The store of stored maps the configuration asks for: a Redis every replica shares when MAPS_REDIS_URL (by
// default REDIS_URL) is set, else a folder (MAPS_DIR), which needs no setup and survives restarts; either within
// the budgets of STORE_MAX_BYTES_PER_KEY and STORE_MAX_BYTES.
import type { Config } from '../config.ts';
import type { Logger } from '../observability/logger.ts';
import type { MapStore } from './map-store.ts';
import { directoryStore } from './directory-store.ts';
import { redisStore } from './redis-store.ts';

export async function openMapStore(
  { mapsDir, mapsRedisUrl, storeMaxBytesPerKey, storeMaxBytes }: Config,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<MapStore> {
  const budgets = { perHolder: storeMaxBytesPerKey, total: storeMaxBytes };
  return mapsRedisUrl ? redisStore(mapsRedisUrl, budgets, logger) : directoryStore(mapsDir, budgets);
}
