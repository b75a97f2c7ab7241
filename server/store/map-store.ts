// What holds stored maps (POST /maps, docs/stored-maps.md): open-store.ts chooses a folder (directory-store.ts)
// or a Redis (redis-store.ts). Both keep a map's record (stored-form.ts) under its id and never remove one: its URL
// is meant to work for good.
export interface MapStore {
  /** keeps `record` under `id`: true when it was new, false when the id was already stored (the same request,
   *  since the id is its hash); throws StoreUnavailable when the store cannot say it kept it */
  put(id: string, record: Buffer): Promise<boolean>;
  /** the record, or undefined when no map has that id; throws StoreUnavailable when the store cannot say */
  get(id: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** The store cannot be reached or written: a POST is answered 503 and nothing is half kept. */
export class StoreUnavailable extends Error {}
