// The Redis connection access shares among replicas (REDIS_URL): the quotas' counters (quotas.ts) and the set of
// revoked keys (revoked-keys.ts). A connection of its own, apart from the cache's (cache/redis-tier.ts), whose
// breaker reads every failure as a miss: here a failure has a meaning of its own (count alone, keep the last list of
// revocations). Like the cache, Redis is never a dependency: commands fail at once while it is disconnected, and it
// reconnects by itself; it is logged when it goes and when it comes back, not once per request.
import { createClient } from '@keyv/redis';
import type { Logger } from '../observability/logger.ts';
import { reconnectDelay, redactedUrl } from '../cache/redis-tier.ts';

export type AccessRedis = ReturnType<typeof newClient>;

/** How long start-up waits for the first connection before going on (counting alone meanwhile). */
const CONNECT_WAIT_MS = 1000;

export async function connectAccessRedis(url: string, log: Pick<Logger, 'info' | 'warn'>): Promise<AccessRedis> {
  const where = redactedUrl(url);
  const client = newClient(url);
  let up: boolean | undefined;
  client.on('error', (error: Error) => {
    if (up !== false)
      log.warn(
        `quotas and revocations: ${where} unavailable (${error.message || error.name}); each replica counts quotas alone and keeps the last revoked-keys set read, until it is back`,
      );
    up = false;
  });
  client.on('ready', () => {
    if (up !== true) log.info(`quotas and revocations: ${up === undefined ? 'connected to' : 'back on'} ${where}`);
    up = true;
  });
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
  return client;
}

function newClient(url: string) {
  return createClient({
    url,
    // fail at once while disconnected, so that a quota falls back to counting alone rather than waiting
    disableOfflineQueue: true,
    // bounds the commands piling up behind a hung (connected but silent) Redis
    commandsQueueMaxLength: 1000,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });
}
