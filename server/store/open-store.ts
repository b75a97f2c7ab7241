// The store of stored maps the configuration asks for: a Redis every replica shares when MAPS_REDIS_URL (by
// default REDIS_URL) is set, else a folder (MAPS_DIR), which needs no setup and survives restarts.
import type { Config } from '../config.ts';
import type { Logger } from '../observability/logger.ts';
import type { MapStore } from './map-store.ts';
import { directoryStore } from './directory-store.ts';
import { redisStore } from './redis-store.ts';

export async function openMapStore(
  { mapsDir, mapsRedisUrl }: Pick<Config, 'mapsDir' | 'mapsRedisUrl'>,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<MapStore> {
  return mapsRedisUrl ? redisStore(mapsRedisUrl, logger) : directoryStore(mapsDir);
}
