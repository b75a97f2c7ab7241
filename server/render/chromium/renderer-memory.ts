// How much memory a pool page's renderer holds of its own: its anonymous resident pages (V8's heap, Blink's and
// Skia's allocations), not the code and fonts it shares with other processes. Read from Linux's /proc (about 30
// µs a read, one a render, two for the render that finds its page worn: 0.1% of a PNG's CPU), so that the pool can
// replace a page by what it holds rather than by what it has drawn.
import { readFileSync } from 'node:fs';

/** `RssAnon` of process `pid` in MiB, or null where it cannot be read (no /proc, the process gone). */
export function ownMemoryMiB(pid: number): number | null {
  try {
    const kib = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}
