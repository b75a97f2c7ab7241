// Storing a map for a client (POST /maps, and the MCP tools' maps no URL can say): it spends a render of the client's
// quotas, as drawing it would (DECISIONS §12), then its record is counted against the bytes the client may hold
// (STORE_MAX_BYTES_PER_KEY) and the store's (STORE_MAX_BYTES). A refusal stores nothing and touches nothing stored.
import { ApiError } from '../errors.ts';
import type { AppDeps } from '../app-deps.ts';
import type { RateLimitFields } from '../access/quota-gate.ts';
import { isKeySubject } from '../access/quotas.ts';
import { StoreBudgetSpent, holderOf } from './map-store.ts';
import type { StoredForm } from './stored-form.ts';

/** `client`: who stores it (http/client-id.ts). Answers whether the map is new, and the quota's headers. */
export async function keepMap(
  { quotaGate, maps }: Pick<AppDeps, 'quotaGate' | 'maps'>,
  client: string,
  { id, record }: StoredForm,
): Promise<{ created: boolean; limits: RateLimitFields }> {
  const limits = await quotaGate(client).spend(0);
  try {
    return { created: await maps.store.put(id, record, holderOf(client)), limits };
  } catch (error) {
    if (error instanceof StoreBudgetSpent) throw budgetRefusal(error, isKeySubject(client));
    throw error;
  }
}

const bytes = (count: number) => `${count.toLocaleString('en')} bytes`;

/** 429 for the holder's budget, 503 `store_full` for the store's, saying what it holds and what would pass it. */
function budgetRefusal(spent: StoreBudgetSpent, keyed: boolean): ApiError {
  const details = {
    budget: spent.budget === 'holder' ? 'STORE_MAX_BYTES_PER_KEY' : 'STORE_MAX_BYTES',
    limit: spent.limit,
  };
  if (spent.budget === 'store')
    return new ApiError(
      'store_full',
      `the store of stored maps holds ${bytes(spent.held)}, and this map's ${bytes(spent.bytes)} would pass the ` +
        `${bytes(spent.limit)} it may hold (STORE_MAX_BYTES): nothing was stored, and every map stored before is ` +
        'kept and drawn. Draw this one with POST /render/map meanwhile',
      undefined,
      {},
      details,
    );
  const who = keyed ? 'this key' : 'this address (a key has a budget of its own)';
  return new ApiError(
    'rate_limited',
    `${who} holds ${bytes(spent.held)} of stored maps, and this map's ${bytes(spent.bytes)} would pass the ` +
      `${bytes(spent.limit)} each may hold (STORE_MAX_BYTES_PER_KEY): nothing was stored. Stored maps are kept for ` +
      'good, so this budget does not come back; draw this one with POST /render/map',
    undefined,
    {},
    details,
  );
}
