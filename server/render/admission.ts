// One admission policy for both renderers, the SVG threads and the Chromium pool (as Gotenberg's supervisor
// is one for every process it runs): at most `slots` renders at once, at most `queueMax` more waiting, both shared
// fairly among clients (fair-share.ts), one deadline per render with the waiting included, and none let in once
// draining has begun. It throws domain errors (render-errors.ts); errors.ts turns them into 429, 503 and 504 and
// tells the operator what to raise.
import { FairShare } from './fair-share.ts';
import { RenderRefused, RenderTimedOut } from './render-errors.ts';

/** `promise`, or the signal's reason once it aborts: for work that cannot be stopped from outside, so that its
 *  owner can drop what runs it (a page is closed, which ends its render). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // its failure, if it fails, is no one's to hear
    promise.catch(() => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export interface AdmissionOptions {
  /** for the operator's log: `svg` (threads) or `png` (Chromium) */
  renderer: string;
  /** renders at once */
  slots: number;
  /** renders that may wait for a slot */
  queueMax: number;
  deadlineMs: number;
}

export class Admission {
  private readonly shares: FairShare;
  private draining = false;

  constructor(private readonly options: AdmissionOptions) {
    this.shares = new FairShare(options);
  }

  /** renders waiting for a slot */
  get queued(): number {
    return this.shares.queued;
  }

  /**
   * Runs `work` in a slot, within the deadline, for `client`, weighed by its estimated `cost` (fair-share.ts).
   * `work` gets a signal that aborts at the deadline, to stop what it started (end a thread, drop a page); the render
   * answers RenderTimedOut then, whatever `work` does.
   */
  async run<T>(work: (signal: AbortSignal) => Promise<T>, client: string, cost?: number): Promise<T> {
    const { renderer, deadlineMs } = this.options;
    if (this.draining) throw new RenderRefused('draining', renderer);
    const place = this.shares.enter(client, cost);
    // A timer of our own, cleared once the render is over: a pending deadline keeps `expired` alive, and with it
    // the races below and the map each answered, so AbortSignal.timeout held every map drawn in the last
    // deadline's span (20 s of SVGs at saturation: over a GiB).
    const deadline = new AbortController();
    let expire!: (error: RenderTimedOut) => void;
    const expired = new Promise<never>((_, reject) => (expire = reject));
    expired.catch(() => {});
    const timer = setTimeout(() => {
      const timedOut = new RenderTimedOut(deadlineMs, renderer);
      expire(timedOut); // first, so that the render answers this whatever `work` throws on the abort
      deadline.abort(timedOut);
    }, deadlineMs);
    const leave = () => place.leave();
    deadline.signal.addEventListener('abort', leave, { once: true });
    try {
      await Promise.race([place.slot, expired]);
      deadline.signal.removeEventListener('abort', leave);
      try {
        return await Promise.race([work(deadline.signal), expired]);
      } finally {
        this.shares.release(client, cost);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** No render is let in from now on; those in flight and in line go on. */
  drain(): void {
    this.draining = true;
  }
}
