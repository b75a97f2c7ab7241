// Stored maps as files, one a map: `<MAPS_DIR>/<first two characters of the id>/<id>.json.gz`, so that no folder
// holds millions of entries. A record is written to a temporary file in the same folder and renamed into place, so
// a crash or a full disk leaves either the whole record or none, never a half one that would read as a broken map;
// two replicas or requests storing the same id at once write the same bytes, and the last rename wins harmlessly.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { StoreUnavailable, type MapStore } from './map-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function directoryStore(root: string): MapStore {
  const fileOf = (id: string) => path.join(root, id.slice(0, 2), `${id}.json.gz`);

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

  return {
    async put(id, record) {
      const file = fileOf(id);
      try {
        if (await exists(file)) return false;
        await write(file, record);
        return true;
      } catch (error) {
        throw new StoreUnavailable(`MAPS_DIR (${root}) could not be written: ${(error as Error).message}`);
      }
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
