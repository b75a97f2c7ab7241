// One admission policy for both renderers, the SVG threads and the Chromium pool (as Gotenberg's supervisor
// is one for every process it runs): at most `slots` renders at once, at most `queueMax` more waiting, one
// deadline per render with the waiting included, and none let in once draining has begun. It throws domain
// errors; errors.ts turns them into 503 and 504 and tells the operator what to raise.

/** A render refused before it started: the queue is full, or the service is shutting down. */
export class RenderRefused extends Error {
  constructor(
    readonly reason: 'queue-full' | 'draining',
    readonly renderer: string,
  ) {
    super(
      reason === 'draining'
        ? 'the service is shutting down'
        : 'too many maps are waiting to be rendered; retry shortly',
    );
  }
}

/** A render past its deadline, waiting included. */
export class RenderTimedOut extends Error {
  constructor(
    readonly deadlineMs: number,
    readonly renderer: string,
  ) {
    super(`the render took longer than ${deadlineMs} ms`);
  }
}

/** A render that failed: the renderer threw, or the browser under it stopped. */
export class RenderFailed extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
  }
}

/** What a renderer threw, as a domain error: anything but a refusal or a timeout is a failed render. */
export function renderError(error: unknown): RenderRefused | RenderTimedOut | RenderFailed {
  if (error instanceof RenderRefused || error instanceof RenderTimedOut || error instanceof RenderFailed) return error;
  return new RenderFailed('the map could not be rendered', { cause: error });
}

/** `promise`, or the signal's reason once it aborts: for work that cannot be stopped from outside, so that its
 *  owner can drop what runs it (a page is closed, which ends its render). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
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
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private draining = false;

  constructor(private readonly options: AdmissionOptions) {}

  /** renders waiting for a slot */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` in a slot, within the deadline. `work` gets a signal that aborts at the deadline, to stop
   * what it started (end a thread, drop a page); the render answers RenderTimedOut then, whatever `work` does.
   */
  async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { renderer, slots, queueMax, deadlineMs } = this.options;
    if (this.draining) throw new RenderRefused('draining', renderer);
    if (this.running >= slots && this.waiting.length >= queueMax) throw new RenderRefused('queue-full', renderer);
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
    try {
      await Promise.race([this.slot(deadline.signal), expired]);
      try {
        return await Promise.race([work(deadline.signal), expired]);
      } finally {
        this.release();
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** No render is let in from now on; those in flight and in line go on. */
  drain(): void {
    this.draining = true;
  }

  /** A slot now, or a place in line that is given up when the deadline passes first. */
  private slot(signal: AbortSignal): Promise<void> {
    if (this.running < this.options.slots) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const take = () => {
        signal.removeEventListener('abort', leave);
        this.running++;
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(take);
        if (at >= 0) this.waiting.splice(at, 1);
      };
      signal.addEventListener('abort', leave, { once: true });
      this.waiting.push(take);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}
