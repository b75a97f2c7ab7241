// The benchmark's measure of SVG_RENDERER: the same service started twice, SVGs drawn by worker threads (the
// default) and by the Chromium pages, side by side: start-up, memory at idle, cache-miss latency with the two
// asked in turn (which goes first alternating, as the machine is shared) and throughput at 8 clients.
import { get, load, median, mib, ms, p95, row, SERVICE, sideBySide, sleep, start } from './measure.ts';
import { treePssMiB } from '../support/process-tree.ts';

const RENDERERS = ['threads', 'chromium'] as const;
type Renderer = (typeof RENDERERS)[number];
type Started = Awaited<ReturnType<typeof start>>;

let counter = 0;
/** A world map whose data differs every time: a cache miss, the same URL for both services. */
const unique = () => `/map.svg?scope=world&data=US:${100_000 + ++counter},CN:150,IN:80,BR:60,RU:120,DE:95`;

export async function svgRenderers(): Promise<void> {
  const services = new Map<Renderer, Started>();
  const startMs: number[] = [];
  try {
    for (const renderer of RENDERERS) {
      const started = performance.now();
      services.set(renderer, await start(SERVICE, { SVG_RENDERER: renderer }));
      startMs.push(performance.now() - started);
    }
    const service = (renderer: Renderer) => services.get(renderer)!;
    await sleep(2000);
    const idle = RENDERERS.map((renderer) => treePssMiB(service(renderer).child.pid as number));
    row(
      'SVG_RENDERER threads, chromium: start to ready; PSS of the tree at idle',
      `${ms(startMs[0])}, ${ms(startMs[1])}; ${mib(idle[0])}, ${mib(idle[1])}`,
    );

    // one cache miss of the same map from each
    const { threads, chromium } = await sideBySide(() => {
      const path = unique();
      return { threads: () => get(service('threads').url + path), chromium: () => get(service('chromium').url + path) };
    });
    const [a, b] = [threads.times, chromium.times];
    row(
      'SVG_RENDERER threads, chromium: world low SVG miss, 1200 px, median (p95)',
      `${ms(median(a))} (${ms(p95(a))}), ${ms(median(b))} (${ms(p95(b))}): chromium ${(median(b) / median(a)).toFixed(1)}×`,
    );

    // 3 s each, in the order threads, chromium, chromium, threads
    const perSecond: Record<Renderer, number> = { threads: 0, chromium: 0 };
    for (const renderer of [...RENDERERS, ...[...RENDERERS].reverse()])
      perSecond[renderer] += (await load(service(renderer).url, 8, 3, unique)).perSecond / 2;
    row(
      'SVG_RENDERER threads, chromium: world low SVG misses at 8 clients',
      `${perSecond.threads.toFixed(0)}, ${perSecond.chromium.toFixed(0)} req/s`,
    );
  } finally {
    for (const started of services.values()) started.child.kill('SIGTERM');
  }
}
