// The benchmark's measure of new sizes: every `<img>` embed asks for its own width, so an SVG at a width never
// asked before is the common miss. Each sample is a pair asked in turn (the order alternating): the world at a
// width no request had, beside the world at the width of the latency table (1200 px) with new data.
import { get, median, ms, p95, row, SAMPLES, WARMUP_MS } from './measure.ts';

/** Widths 600–1999 px, each once: 3 is prime to the span's 1,400. */
let step = 0;
const newWidth = () => 600 + ((++step * 3) % 1400);
let counter = 0;

const TARGETS = { low: 5, high: 30 };

export async function freshSizes(url: string): Promise<void> {
  for (const level of ['low', 'high'] as const) {
    const query = `/map.svg?scope=world&level=${level}`;
    const fresh: number[] = [];
    const known: number[] = [];
    const pair = async (i: number, keep: boolean) => {
      const asked = [
        async () => fresh.push((await get(`${url}${query}&width=${newWidth()}&data=US:1`)).ms),
        async () => known.push((await get(`${url}${query}&width=1200&data=US:${++counter}`)).ms),
      ];
      for (const ask of i % 2 ? asked.reverse() : asked) await ask();
      if (!keep) fresh.length = known.length = 0;
    };
    let i = 0;
    for (const end = performance.now() + WARMUP_MS; i < 20 || performance.now() < end; i++) await pair(i, false);
    for (let n = 0; n < SAMPLES; n++, i++) await pair(i, true);
    row(
      `world ${level} SVG at a width never asked before: median (p95); beside it, a known width with new data`,
      `${ms(median(fresh))} (${ms(p95(fresh))}); ${ms(median(known))} (${ms(p95(known))})`,
      `≤ ${TARGETS[level]} ms`,
      median(fresh) <= TARGETS[level],
    );
  }
}
