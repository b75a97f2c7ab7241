// Stored maps as files, one a map: `<MAPS_DIR>/<first two characters of the id>/<id>.json.gz`, so that no folder
// holds millions of entries. A record is written to a temporary file in the same folder and renamed into place, so
// a crash or a full disk leaves either the whole record or none, never a half one that would read as a broken map;
// two replicas or requests storing the same id at once write the same bytes, and the last rename wins harmlessly.
//
// What each holder holds is counted in `<MAPS_DIR>/stored-bytes.log`, a line `<holder> <bytes>` a record, appended
// once the record is in place and read when the first map is stored. This replica's puts are made one at a time, so
// that two cannot both fit under a budget only one fits under; replicas sharing the folder each count from the
// ledger as they read it plus their own (a Redis counts for all of them: redis-store.ts).
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { StoreUnavailable, budgetPassed, type MapStore, type StoreBudgets } from './map-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** What the ledger says each holder holds, and the whole store. */
interface Held {
  byHolder: Map<string, number>;
  total: number;
}

export function directoryStore(root: string, budgets: StoreBudgets): MapStore {
  const fileOf = (id: string) => path.join(root, id.slice(0, 2), `${id}.json.gz`);
  const ledger = path.join(root, 'stored-bytes.log');
  let held: Promise<Held> | undefined;
  /** the put before this one, which this one waits for */
  let previous: Promise<unknown> = Promise.resolve();

  async function readLedger(): Promise<Held> {
    const byHolder = new Map<string, number>();
    let total = 0;
    let text = '';
    try {
      text = await readFile(ledger, 'utf8');
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    for (const line of text.split('\n')) {
      const [holder, bytes] = line.split(' ');
      const count = Number(bytes);
      if (!holder || !Number.isFinite(count)) continue;
      byHolder.set(holder, (byHolder.get(holder) ?? 0) + count);
      total += count;
    }
    return { byHolder, total };
  }

  async function exists(file: string): Promise<boolean> {
    try {
      await stat(file);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function write(file: string, record: Buffer): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(record);
        // on disk before it has a name: a power cut after the rename cannot leave an empty file under it
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function keep(id: string, record: Buffer, holder: string): Promise<boolean> {
    const file = fileOf(id);
    let counts: Held;
    try {
      counts = await (held ??= readLedger());
      if (await exists(file)) return false;
    } catch (error) {
      held = undefined;
      throw new StoreUnavailable(`MAPS_DIR (${root}) could not be read: ${(error as Error).message}`);
    }
    const passed = budgetPassed(
      budgets,
      { holder: counts.byHolder.get(holder) ?? 0, total: counts.total },
      record.length,
    );
    if (passed) throw passed;
    try {
      await write(file, record);
      await appendFile(ledger, `${holder} ${record.length}\n`);
    } catch (error) {
      throw new StoreUnavailable(`MAPS_DIR (${root}) could not be written: ${(error as Error).message}`);
    }
    counts.byHolder.set(holder, (counts.byHolder.get(holder) ?? 0) + record.length);
    counts.total += record.length;
    return true;
  }

  return {
    put(id, record, holder) {
      const done = previous.then(() => keep(id, record, holder));
      previous = done.catch(() => {});
      return done;
    },
    async get(id) {
      try {
        return await readFile(fileOf(id));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw new StoreUnavailable(`MAPS_DIR (${root}) could not be read: ${(error as Error).message}`);
      }
    },
    async close() {},
  };
}
