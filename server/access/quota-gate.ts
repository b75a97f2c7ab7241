// One request's way through the quotas (quotas.ts): map-answer.ts spends a render through it once the cache has
// missed and before drawing, so that a flood of misses is refused before it costs, and reads the standing for a
// cached map, which spends nothing. Its answer is the headers of draft-ietf-httpapi-ratelimit-headers (the
// structured-field form of draft 10 and 11: a list of policies, each a quoted name with its parameters):
//
//   RateLimit-Policy: "minute";q=60;w=60, "day";q=2000;w=86400
//   RateLimit: "minute";r=59;t=60, "day";r=1999;t=86400
//
// and over a quota a 429 `rate_limited` naming the window, its quota and when it ends, with Retry-After.
import { ApiError } from '../errors.ts';
import type { ServiceMetrics } from '../observability/metrics.ts';
import { keyLabels } from '../observability/key-labels.ts';
import { QuotaExceeded, WINDOW_SECONDS, type Quotas, type Standing } from './quotas.ts';

export type RateLimitFields = Record<string, string>;

export interface QuotaGate {
  /** A render about to be made, of estimated cost `cost` (cost/ceilings.ts): counted, and its headers answered;
   *  or refused, a 429 thrown. */
  spend(cost: number): Promise<RateLimitFields>;
  /** A cached map or a 304: the headers of where the client stands, counting nothing. */
  standing(): RateLimitFields;
}

/** The two headers of where a client stands; none for a client without quotas. */
export function rateLimitFields(standing: Standing[]): RateLimitFields {
  if (!standing.length) return {};
  return {
    'RateLimit-Policy': standing.map((s) => `"${s.window}";q=${s.quota};w=${WINDOW_SECONDS[s.window]}`).join(', '),
    RateLimit: standing.map((s) => `"${s.window}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
  };
}

/** The 429 of a spent quota: which one, how many renders it allows, and when it starts again. */
export function quotaRefusal(exceeded: QuotaExceeded, now = Date.now()): ApiError {
  const spent = exceeded.standing.find((s) => s.window === exceeded.window)!;
  const resets = new Date(now + spent.resetSeconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  const who = exceeded.keyed ? 'this key' : 'this address (a key has a quota of its own)';
  return new ApiError(
    'rate_limited',
    `${who} has rendered the ${spent.quota} map${spent.quota === 1 ? '' : 's'} a ${exceeded.window} allows; maps already drawn (cached) are still ` +
      `served, new ones again in ${spent.resetSeconds} s, at ${resets}`,
    undefined,
    { 'Retry-After': String(spent.resetSeconds), ...rateLimitFields(exceeded.standing) },
    { quota: exceeded.window, limit: spent.quota, resets },
  );
}

/** Makes the gates of one app: its quotas, and the metrics per key (bounded: observability/key-labels.ts). */
export function quotaGates(
  quotas: Quotas,
  metrics: Pick<ServiceMetrics, 'keyRenders' | 'keyRefusals' | 'keyCost'>,
): (subject: string) => QuotaGate {
  const labelOf = keyLabels();
  return (subject) => ({
    async spend(cost) {
      const key = labelOf(subject);
      try {
        const fields = rateLimitFields(await quotas.spend(subject));
        metrics.keyRenders.inc({ key });
        metrics.keyCost.inc({ key }, cost);
        return fields;
      } catch (error) {
        if (!(error instanceof QuotaExceeded)) throw error;
        metrics.keyRefusals.inc({ key, window: error.window });
        throw quotaRefusal(error);
      }
    },
    standing: () => rateLimitFields(quotas.standing(subject)),
  });
}
