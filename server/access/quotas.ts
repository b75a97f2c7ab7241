// Quotas (DECISIONS §12): the renders (cache misses) a client may ask for in a minute and in a day; a client is a
// key, or without one an address (http/client-id.ts). Counted by rate-limiter-flexible in fixed windows that begin
// at a client's first render: in memory, or with REDIS_URL in Redis, where every replica adds to the same counters
// (one Lua INCR a render).
//
// While Redis is away (down, or slower than OP_TIMEOUT_MS) each replica counts alone, in memory (the library's
// insurance limiter), and says so once an outage: a quota then holds per replica, never not at all. A failure leaves
// Redis alone for ALONE_MS, so that a hung Redis (connected but silent) costs one render the timeout a second, not
// every render two (the minute's and the day's).
//
// Only renders spend; a cached map, or a 304, is served whatever the count, with the headers of where its client
// stands. That standing is read from what this replica last learnt of the client's counters (each render it made
// answers them), never from Redis on a hit's way: a hit costs no round trip. With Redis, a hit that finds what it
// knows older than REFRESH_MS asks Redis again in the background, for the next answer; so the remaining count a
// hit shows may lag the renders other replicas made by a second.
import { LRUCache } from 'lru-cache';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from '../observability/logger.ts';
import type { AccessRedis } from './access-redis.ts';

const WINDOWS = ['minute', 'day'] as const;
export type QuotaWindow = (typeof WINDOWS)[number];
export const WINDOW_SECONDS: Record<QuotaWindow, number> = { minute: 60, day: 86_400 };

/** Renders a window allows; 0: no quota. */
type QuotaLimits = Record<QuotaWindow, number>;

export interface QuotaSettings {
  /** a key's (QUOTA_PER_MINUTE, QUOTA_PER_DAY) */
  key: QuotaLimits;
  /** an address's without a key (ANON_QUOTA_PER_MINUTE, ANON_QUOTA_PER_DAY) */
  anonymous: QuotaLimits;
}

/** Where a client stands in one window of its quotas. */
export interface Standing {
  window: QuotaWindow;
  quota: number;
  remaining: number;
  /** seconds until the window ends and its count starts again */
  resetSeconds: number;
}

/** A render refused: `window` is spent; `standing` is the client's in each window. */
export class QuotaExceeded extends Error {
  constructor(
    readonly window: QuotaWindow,
    readonly standing: Standing[],
    readonly keyed: boolean,
  ) {
    super(`the ${window}'s quota is spent`);
  }
}

/** The most one Redis operation may hold a render; past it, the replica counts alone. */
const OP_TIMEOUT_MS = 250;
/** How long a replica counts alone after Redis failed it, before trying Redis again. */
const ALONE_MS = 1000;
/** How old what a replica knows of a client may grow before a cache hit has it read again (with Redis). */
const REFRESH_MS = 1000;
/** Clients whose counters a replica remembers for the headers of their hits: about 100 bytes each. */
const KNOWN_CLIENTS = 50_000;

/** What a replica last learnt of one window's counter: renders counted, and when the window ends (ms). */
interface Counted {
  consumed: number;
  endsAt: number;
}
type Known = Partial<Record<QuotaWindow, Counted>> & { learntAt: number };

/** A key's subject is `key:<id>` (http/client-id.ts); anything else is an address. */
export const isKeySubject = (subject: string) => subject.startsWith('key:');

export class Quotas {
  private readonly limiters: Record<'key' | 'anonymous', Partial<Record<QuotaWindow, Limiter>>>;
  private readonly known = new LRUCache<string, Known>({ max: KNOWN_CLIENTS });
  private warned = false;
  /** until when (ms) this replica counts alone, Redis having failed it */
  private aloneUntil = 0;
  /** how many times Redis failed a render, to tell when it answers again */
  private failures = 0;

  constructor(
    private readonly settings: QuotaSettings,
    private readonly redis: AccessRedis | undefined,
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
  ) {
    const limitersOf = (kind: 'key' | 'anonymous') =>
      Object.fromEntries(
        WINDOWS.filter((window) => settings[kind][window] > 0).map((window) => [
          window,
          this.limiter(`quota:${kind}:${window}`, settings[kind][window], WINDOW_SECONDS[window]),
        ]),
      );
    this.limiters = { key: limitersOf('key'), anonymous: limitersOf('anonymous') };
  }

  /** Counts a render against `subject`'s quotas and answers where it then stands; throws QuotaExceeded, having
   *  counted nothing against the other window, when one is spent. */
  async spend(subject: string): Promise<Standing[]> {
    const spent: Array<[QuotaWindow, RateLimiterAbstract]> = [];
    for (const [window, counters] of this.windowsOf(subject)) {
      // chosen for each window: the minute's failing leaves the day's to memory at once
      const limiter = this.counter(counters);
      const failures = this.failures;
      try {
        this.learn(subject, window, await limiter.consume(subject));
        spent.push([window, limiter]);
        if (this.warned && this.failures === failures && !(limiter instanceof CountingAlone)) this.back();
      } catch (refusal) {
        // anything else is a failure of the counters even in memory, which should not refuse a render
        if (!(refusal instanceof RateLimiterRes)) {
          this.logger.warn({ err: refusal }, 'quotas: a render could not be counted');
          continue;
        }
        this.learn(subject, window, refusal);
        // the minute's render given back when the day refuses it: the refused request is no render
        for (const [other, counted] of spent) this.learn(subject, other, await counted.reward(subject));
        // and the day read when the minute refuses, for the refusal's headers (another replica may have counted)
        for (const [other, uncounted] of this.windowsOf(subject))
          if (other !== window && !spent.some(([counted]) => counted === other))
            this.learn(
              subject,
              other,
              await this.counter(uncounted)
                .get(subject)
                .catch(() => null),
            );
        throw new QuotaExceeded(window, this.standing(subject), isKeySubject(subject));
      }
    }
    return this.standing(subject);
  }

  /** Where `subject` stands, from what this replica knows, counting nothing: for a cached map's headers. */
  standing(subject: string): Standing[] {
    const windows = this.windowsOf(subject);
    if (!windows.length) return [];
    const now = Date.now();
    let known = this.known.get(subject);
    if (this.redis && now - (known?.learntAt ?? 0) >= REFRESH_MS) known = this.refresh(subject, known);
    return windows.map(([window]) => {
      const quota = this.settings[isKeySubject(subject) ? 'key' : 'anonymous'][window];
      const counted = known?.[window];
      if (!counted || counted.endsAt <= now)
        return { window, quota, remaining: quota, resetSeconds: WINDOW_SECONDS[window] };
      return {
        window,
        quota,
        remaining: Math.max(0, quota - counted.consumed),
        resetSeconds: Math.max(1, Math.ceil((counted.endsAt - now) / 1000)),
      };
    });
  }

  /** Redis counted a render after failing: a new outage will be warned of again. */
  private back(): void {
    this.warned = false;
    this.logger.info('quotas: Redis answers again; the replicas count quotas together');
  }

  private windowsOf(subject: string): Array<[QuotaWindow, Limiter]> {
    const limiters = this.limiters[isKeySubject(subject) ? 'key' : 'anonymous'];
    return WINDOWS.flatMap((window) => (limiters[window] ? [[window, limiters[window]] as const] : []));
  }

  /** Redis, or memory while Redis is left alone after a failure. */
  private counter(limiter: Limiter): RateLimiterAbstract {
    return (Date.now() < this.aloneUntil && limiter.alone) || limiter.shared;
  }

  private learn(subject: string, window: QuotaWindow, res: RateLimiterRes | null): void {
    const known: Known = this.known.get(subject) ?? { learntAt: 0 };
    known.learntAt = Date.now();
    if (res) known[window] = { consumed: res.consumedPoints, endsAt: known.learntAt + res.msBeforeNext };
    else delete known[window];
    this.known.set(subject, known);
  }

  /** Reads `subject`'s counters again in the background; `learntAt` moved first, so that a burst of hits asks once. */
  private refresh(subject: string, known: Known = { learntAt: 0 }): Known {
    known.learntAt = Date.now();
    this.known.set(subject, known);
    for (const [window, limiter] of this.windowsOf(subject))
      this.counter(limiter)
        .get(subject)
        .then(
          (res) => this.learn(subject, window, res),
          () => {},
        );
    return known;
  }

  /** In memory; with Redis, Redis with a timeout and memory as its insurance (warned of once an outage). */
  private limiter(keyPrefix: string, points: number, duration: number): Limiter {
    if (!this.redis) return { shared: new RateLimiterMemory({ keyPrefix, points, duration }) };
    const failed = () => {
      // the counting alone a pause does directly is no new failure
      if (Date.now() < this.aloneUntil) return;
      this.failures++;
      this.aloneUntil = Date.now() + ALONE_MS;
      if (this.warned) return;
      this.warned = true;
      this.logger.warn(
        'quotas: Redis does not answer; each replica counts quotas alone until it is back (a client may render up to a quota on every replica)',
      );
    };
    const alone = new CountingAlone({ keyPrefix, points, duration }, failed);
    const shared = new RLWrapperTimeouts({
      limiter: new RateLimiterRedis({
        storeClient: this.redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix,
        points,
        duration,
      }),
      timeoutMs: OP_TIMEOUT_MS,
      insuranceLimiter: alone,
    });
    return { shared, alone };
  }
}

/** A window's counter: in Redis with memory as insurance (`alone`, which a replica also counts in directly while
 *  Redis is left alone), or in memory only. */
interface Limiter {
  shared: RateLimiterAbstract;
  alone?: CountingAlone;
}

/** The insurance limiter: memory, which tells when Redis failed a render. */
class CountingAlone extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
}
