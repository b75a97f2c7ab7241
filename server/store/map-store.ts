// What holds stored maps (POST /maps, docs/stored-maps.md): open-store.ts chooses a folder (directory-store.ts)
// or a Redis (redis-store.ts). Both keep a map's record (stored-form.ts) under its id and never remove one: its URL
// is meant to work for good. So both count what they hold (DECISIONS §12): each holder (a key, or an address
// without one) may hold at most STORE_MAX_BYTES_PER_KEY of records, the whole store STORE_MAX_BYTES; a record past
// either is refused and nothing stored before is touched.
import { createHash } from 'node:crypto';
import { isKeySubject } from '../access/quotas.ts';

export interface MapStore {
  /** keeps `record` under `id`, counted against `holder` (holderOf): true when it was new, false when the id was
   *  already stored (the same request, since the id is its hash; nothing counted); throws StoreBudgetSpent when the
   *  record would pass a budget, StoreUnavailable when the store cannot say it kept it */
  put(id: string, record: Buffer, holder: string): Promise<boolean>;
  /** the record, or undefined when no map has that id; throws StoreUnavailable when the store cannot say */
  get(id: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** The bytes of records a holder, and the whole store, may hold (STORE_MAX_BYTES_PER_KEY, STORE_MAX_BYTES); 0: no
 *  bound. A record counts as its gzip bytes (a Redis holds it base64, a third more). */
export interface StoreBudgets {
  perHolder: number;
  total: number;
}

/** The store cannot be reached or written: a POST is answered 503 and nothing is half kept. */
export class StoreUnavailable extends Error {}

/** A record refused for a budget: the holder's (`holder`) or the whole store's (`store`). */
export class StoreBudgetSpent extends Error {
  constructor(
    readonly budget: 'holder' | 'store',
    /** bytes held before this record */
    readonly held: number,
    readonly limit: number,
    readonly bytes: number,
  ) {
    super(`${budget === 'holder' ? 'STORE_MAX_BYTES_PER_KEY' : 'STORE_MAX_BYTES'} would be passed`);
  }
}

/** Whom a stored record is counted against, from its client (http/client-id.ts): a key by its id; an address as
 *  a hash of it, so that the store keeps no visitor's address for good. */
export function holderOf(client: string): string {
  if (isKeySubject(client)) return client;
  return `address:${createHash('sha256').update(client).digest('base64url').slice(0, 22)}`;
}

/** Which budget `bytes` more would pass, given what the holder and the store hold; null when it fits. */
export function budgetPassed(
  budgets: StoreBudgets,
  held: { holder: number; total: number },
  bytes: number,
): StoreBudgetSpent | null {
  if (budgets.total > 0 && held.total + bytes > budgets.total)
    return new StoreBudgetSpent('store', held.total, budgets.total, bytes);
  if (budgets.perHolder > 0 && held.holder + bytes > budgets.perHolder)
    return new StoreBudgetSpent('holder', held.holder, budgets.perHolder, bytes);
  return null;
}
