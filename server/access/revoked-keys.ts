// Revoked key ids (DECISIONS §12): a file, one id a line (`#` starts a comment), that an operator edits while the
// service runs. It is looked at again at most once a second, when a key is checked, and read again when it
// changed; so a revocation holds within a second or two on every replica that reads the file, without a restart.
// A file that cannot be read stops start-up; later, it keeps the last list read (and says so once), never opening
// the door to every key it named.
import { readFileSync, statSync } from 'node:fs';
import type { Logger } from '../observability/logger.ts';

const LOOK_EVERY_MS = 1000;

export interface RevokedKeys {
  has(id: string): boolean;
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
