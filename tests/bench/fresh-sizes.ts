// The benchmark's measure of new sizes: every `<img>` embed asks for its own width, so an SVG at a width never
// asked before is the common miss. Each sample is a pair asked in turn (the order alternating): the world at a
// width no request had, beside the world at the width of the latency table (1200 px) with new data
// (measure.ts's sideBySide).
import { get, median, ms, p95, row, sideBySide } from './measure.ts';

/** Widths 600–1999 px, each once: 3 is prime to the span's 1,400. */
let step = 0;
const newWidth = () => 600 + ((++step * 3) % 1400);
let counter = 0;

const TARGETS = { low: 5, high: 30 };

export async function freshSizes(url: string): Promise<void> {
  for (const level of ['low', 'high'] as const) {
    const query = `${url}/map.svg?scope=world&level=${level}`;
    const { fresh, known } = await sideBySide(() => ({
      fresh: () => get(`${query}&width=${newWidth()}&data=US:1`),
      known: () => get(`${query}&width=1200&data=US:${++counter}`),
    }));
    row(
      `world ${level} SVG at a width never asked before: median (p95); beside it, a known width with new data`,
      `${ms(median(fresh.times))} (${ms(p95(fresh.times))}); ${ms(median(known.times))} (${ms(p95(known.times))})`,
      `≤ ${TARGETS[level]} ms`,
      median(fresh.times) <= TARGETS[level],
    );
  }
}
