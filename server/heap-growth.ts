// How far V8 lets the service's heap grow between full collections. V8 grows it by a factor worked out from how
// fast it believes the program allocates, and that belief leaves out what a PNG brings: its pixels arrive as a
// base64 string of about 230 KB in a DevTools message that Playwright parses whole, and V8 allocates what it
// parses from so large a text straight in the old generation. Under PNG load the main thread's old generation grew
// by about 40 KB/ms where V8 counted 2 to 8, so after the idle trim's collection (idle-trim.ts) it set a growth of
// 10%, marked again as soon as it had finished, and collected in full every quarter of a second: ten times in a
// 3 s round at 8 clients, 300 to 400 ms of the main thread, 3 to 4 ms of CPU a PNG on cores Chromium needs.
import v8 from 'node:v8';

/** The old generation may double before it is collected in full. At 8 clients it then was once in a 3 s round.
 *  It is V8's flag, and so it holds for the SVG threads too, whose heaps the idle trim collects as well. */
const HEAP_GROWING_PERCENT = 100;

/** Set before the service starts, in the process that runs it (main.ts). */
export function letHeapGrow(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
