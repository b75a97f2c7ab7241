// Revoked key ids (DECISIONS §12): a file, one id a line (`#` starts a comment), that an operator edits while the
// service runs. It is looked at again at most once a second, when a key is checked, and read again when it
// changed; so a revocation holds within a second or two on every replica that reads the file, without a restart.
// A file that cannot be read stops start-up; later, it keeps the last list read (and says so once), never opening
// the door to every key it named.
//
// With REDIS_URL, the Redis set `revoked-keys` too (`SADD revoked-keys <id>`), which every replica reads: its
// members are read with SMEMBERS every few seconds by a timer, never on a request's way, so checking a key is a
// lookup in memory. A revocation thus holds on every replica within REDIS_EVERY_MS and a round trip; while Redis
// is away the last set read holds. The set is small (keys revoked before their expiry), so it is read whole
// rather than followed by change.
import { readFileSync, statSync } from 'node:fs';
import type { Logger } from '../observability/logger.ts';
import type { AccessRedis } from './access-redis.ts';

const LOOK_EVERY_MS = 1000;
/** How often the Redis set is read again. */
const REDIS_EVERY_MS = 2000;
/** The Redis set of revoked key ids (DECISIONS §12). */
const REVOKED_SET = 'revoked-keys';

export interface RevokedKeys {
  has(id: string): boolean;
}

/** A source of revocations that holds a timer or a connection's reads, ended when the service closes. */
export interface ClosableRevokedKeys extends RevokedKeys {
  close(): void;
}

/** The ids of the file and, with a Redis, of its set: a key named by either is refused. */
export async function revokedKeys(
  file: string | undefined,
  redis: AccessRedis | undefined,
  logger: Pick<Logger, 'warn'>,
): Promise<ClosableRevokedKeys> {
  const fromFile = revokedKeysFile(file, logger);
  if (!redis) return { has: fromFile.has, close: () => {} };
  const fromRedis = await revokedKeysSet(redis, logger);
  return { has: (id) => fromFile.has(id) || fromRedis.has(id), close: fromRedis.close };
}

/** The Redis set, read at start (when Redis answers) and then every REDIS_EVERY_MS. */
async function revokedKeysSet(redis: AccessRedis, logger: Pick<Logger, 'warn'>): Promise<ClosableRevokedKeys> {
  let ids = new Set<string>();
  let failing = false;
  let reading = false;
  const read = async () => {
    // a read still on its way (a hung Redis) is not doubled; the commands' queue bound ends it
    if (reading || !redis.isReady) return;
    reading = true;
    try {
      ids = new Set(await redis.sMembers(REVOKED_SET));
      failing = false;
    } catch (error) {
      if (!failing) logger.warn({ err: error }, `the Redis set ${REVOKED_SET} cannot be read; the last one read holds`);
      failing = true;
    } finally {
      reading = false;
    }
  };
  await read();
  const timer = setInterval(() => void read(), REDIS_EVERY_MS).unref();
  return { has: (id) => ids.has(id), close: () => clearInterval(timer) };
}

export function revokedKeysFile(file: string | undefined, logger: Pick<Logger, 'warn'>): RevokedKeys {
  if (!file) return { has: () => false };
  let ids = new Set<string>();
  let version = '';
  let lookedAt = -Infinity;
  let failing = false;
  const refresh = (starting = false) => {
    lookedAt = Date.now();
    try {
      const stat = statSync(file);
      const seen = `${stat.mtimeMs}:${stat.size}`;
      if (seen === version) return;
      const lines = readFileSync(file, 'utf8').split('\n');
      ids = new Set(lines.map((line) => line.replace(/#.*/, '').trim()).filter((line) => line !== ''));
      version = seen;
      failing = false;
    } catch (error) {
      if (starting) throw new Error(`REVOKED_KEYS names ${file}, which cannot be read: ${(error as Error).message}`);
      if (!failing) logger.warn({ err: error, file }, 'REVOKED_KEYS cannot be read; the last list read holds');
      failing = true;
    }
  };
  refresh(true);
  return {
    has(id) {
      if (Date.now() - lookedAt >= LOOK_EVERY_MS) refresh();
      return ids.has(id);
    },
  };
}
