// Soak run, by hand (not part of `npm test`): N unique maps rendered through HTTP by the real service, with
// resident memory printed every 1,000 renders: this process (Node) and the whole process trees of the Chromiums.
//
//   node --import tsx tests/soak.ts 10000
//   node --expose-gc --import tsx tests/soak.ts 10000    (Node's heap measured after a full GC)
//
// SOAK_EVERY (1000) sets how often memory is printed. POOL_SIZE (2), PAGE_MAX_RENDERS and PAGE_MAX_MIB (the service's defaults) and CACHE_MAX_BYTES (32 MiB, small so that
// Node's figure is not the cache filling up) may be set in the environment. Every tenth map is a PNG.
// RSS counts pages shared between Chromium's processes once per process; PSS shares them out, so it is the
// truer total of the two.
import { readFileSync } from 'node:fs';
import { readConfig } from '../server/config.ts';
import { startService } from '../server/service.ts';
import { processTree, treeRssMiB } from './support/process-tree.ts';

const total = Number(process.argv[2] ?? 10_000);
const every = Math.min(Number(process.env.SOAK_EVERY ?? 1000), total);
const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
const poolSize = env('POOL_SIZE', 2);

/** Proportional set size of the processes, in MiB (shared pages divided among their sharers). */
function pssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      kib += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kib / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};
const mib = (bytes: number) => bytes / 2 ** 20;
const ids = [
  'US',
  'CN',
  'IN',
  'BR',
  'RU',
  'DE',
  'FR',
  'GB',
  'JP',
  'AU',
  'CA',
  'MX',
  'AR',
  'ZA',
  'NG',
  'EG',
  'RO',
  'PL',
  'IT',
  'ES',
];
const themes = ['dark', 'light', 'light-blue', 'terrain', 'minimal'];

/** The i-th map: different data, size and title every time, so that no answer comes from the cache. */
function path(i: number): string {
  const data = ids.map((id, k) => `${id}:${(i * 31 + k * 17) % 1000}`).join(',');
  const format = i % 10 === 0 ? 'png' : 'svg';
  return (
    `/map.${format}?scope=world&width=${500 + (i % 300)}&theme=${themes[i % themes.length]}&data=${data}&title=Soak+${i}` +
    `&patterns=FR:stripes,DE:dots&annotations=RO:map+${i}&markers=44.43,26.10:pin:Bucharest+${i}`
  );
}

// the service itself, not the tests' wrapper (that one keeps every spec rendered, which would be counted here)
const config = readConfig({ LOG_LEVEL: 'silent', ...process.env });
const service = await startService({
  ...config,
  port: 0,
  host: '127.0.0.1',
  poolSize,
  queueMax: 64,
  cacheMaxBytes: env('CACHE_MAX_BYTES', 32 * 2 ** 20),
});
console.log(
  `soak: ${total} unique renders, pool ${poolSize}, pages replaced after ${config.pageMaxRenders} renders or past ${config.pageMaxMib} MiB`,
);
console.log(
  'renders  seconds  maps/s  median ms  node RSS  node heap  chromium RSS  chromium PSS  processes  pages opened  launches',
);

let next = 1;
let done = 0;
let failed = 0;
let latencies: number[] = [];
const started = Date.now();
let blockStarted = started;

async function worker(): Promise<void> {
  while (next <= total) {
    const i = next++;
    const begun = performance.now();
    const response = await fetch(service.url + path(i));
    await response.arrayBuffer();
    if (response.status !== 200) failed++;
    latencies.push(performance.now() - begun);
    done++;
    if (done % every === 0) await report();
  }
}

async function report(): Promise<void> {
  const pids = await service.pool.browserPids();
  const tree = pids.flatMap((pid) => processTree(pid));
  // with --expose-gc, Node's heap is measured after a full collection: what is really kept
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const now = Date.now();
  const stats = service.pool.stats();
  console.log(
    [
      String(done).padStart(7),
      ((now - started) / 1000).toFixed(0).padStart(8),
      (latencies.length / ((now - blockStarted) / 1000)).toFixed(1).padStart(7),
      median(latencies).toFixed(0).padStart(10),
      `${mib(memory.rss).toFixed(0)} MiB`.padStart(9),
      `${mib(memory.heapUsed).toFixed(0)} MiB`.padStart(10),
      `${pids.reduce((sum, pid) => sum + treeRssMiB(pid), 0).toFixed(0)} MiB`.padStart(13),
      `${pssMiB(tree).toFixed(0)} MiB`.padStart(13),
      String(tree.length).padStart(10),
      String(stats.pagesOpened).padStart(13),
      String(stats.launches).padStart(9),
    ].join(' '),
  );
  latencies = [];
  blockStarted = now;
}

try {
  await Promise.all(Array.from({ length: poolSize }, () => worker()));
  console.log(`${done} renders, ${failed} not 200, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await service.close();
}
