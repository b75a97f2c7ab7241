// Memory given back when a renderer falls idle. V8 keeps the heap of a renderer's busiest moment long after a
// load, and collects nothing in a heap that allocates nothing: after a mixed load, an SVG thread held 120 MiB of
// old space for 35 MiB live, and the Chromium pages 280 MiB for 140, for 10 to 30 s or more. So a renderer that
// has drawn nothing for a second collects its garbage. It costs a full collection (10 to 60 ms of the
// renderer's time) once per burst of renders, and only in an idle moment: under a steady load, none.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

const IDLE_MS = 1000;
/** Less garbage than this in a Node thread's heap is not worth a full collection (a map of the world leaves
 *  2 to 5 MiB). */
export const WORTH_BYTES = 8 * 1024 * 1024;

export class IdleTrim {
  private timer: NodeJS.Timeout | undefined;
  /** renders under way: none is ever slowed by a collection */
  private running = 0;

  constructor(private readonly collect: () => unknown) {}

  /** `render`, after which, a second after the last render under way ended, `collect` runs. */
  async around<T>(render: () => Promise<T>): Promise<T> {
    this.running++;
    clearTimeout(this.timer);
    try {
      return await render();
    } finally {
      if (--this.running === 0) this.idle();
    }
  }

  /** Nothing is under way (a page has just opened, say): `collect` runs a second from now, unless a render
   *  begins meanwhile. */
  idle(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.collect, IDLE_MS).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

let gc: (() => void) | undefined;

/** A full collection of the calling thread's heap, with V8's `gc`, which the service's command line need not
 *  expose: set now, the flag gives it to the contexts made after it, and a collection in any context collects
 *  the thread's whole heap. */
export function collectOwnHeap(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** The trim of the calling thread's own heap (the service's main thread, an SVG thread), collected when the
 *  renders since the last collection left enough garbage to be worth it. */
export function ownHeapTrim(): IdleTrim {
  const used = () => v8.getHeapStatistics().used_heap_size;
  let live = 0;
  return new IdleTrim(() => {
    if (used() - live < WORTH_BYTES) return;
    collectOwnHeap();
    live = used();
  });
}
