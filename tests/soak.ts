// Soak run, by hand (not part of `npm test`): mixed load on the real service for a while, an hour by default, with
// its memory printed every minute: Node's, and the whole process trees of the Chromiums. Two polite clients ask
// new maps (SVG and PNG, world and countries, now and then the same map again) as fast as they are answered; beside
// them, from addresses of their own (the service trusts X-Forwarded-For here), attackers send what the issue
// "Crash-proof and fair under hostile load" found: maps too costly to draw, TopoJSON reusing its arcs, overflowing
// values and number formats, a million-row CSV, large geometry, floods of new PNGs, and clients that stop reading.
//
//   node --import tsx tests/soak.ts            (60 minutes)
//   node --import tsx tests/soak.ts 5          (5 minutes)
//   node --expose-gc --import tsx tests/soak.ts (Node's heap measured after a full GC)
//
// POOL_SIZE (2), PAGE_MAX_RENDERS, PAGE_MAX_MIB and CACHE_MAX_BYTES (32 MiB, small so that Node's figure is not the
// cache filling up) may be set in the environment. RSS counts pages shared between Chromium's processes once per
// process; PSS shares them out, so it is the truer total of the two. At the end it prints what every client was
// answered, which must hold no 5xx but 503.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { readConfig } from '../server/config.ts';
import { startService } from '../server/service.ts';
import { processTree, treeRssMiB } from './support/process-tree.ts';

const minutes = Number(process.argv[2] ?? 60);
const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);

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
const IDS = ['US', 'CN', 'IN', 'BR', 'RU', 'DE', 'FR', 'GB', 'JP', 'AU', 'CA', 'MX', 'AR', 'ZA', 'NG', 'EG', 'RO'];
const SCOPES = ['world', 'DE', 'FR', 'US', 'IN', 'BR', 'EU', 'africa'];
const themes = ['dark', 'light', 'light-blue', 'terrain', 'minimal'];

/** The i-th polite map: new data, size and title nine times in ten, the tenth a map asked for before. */
function politeMap(i: number): string {
  const n = i % 10 === 9 ? i - 9 : i;
  const scope = SCOPES[n % SCOPES.length]!;
  const data = scope === 'world' ? IDS.map((id, k) => `${id}:${(n * 31 + k * 17) % 1000}`).join(',') : '';
  const format = n % 4 === 0 ? 'png' : 'svg';
  return (
    `/map.${format}?scope=${scope}&width=${500 + (n % 300)}&theme=${themes[n % themes.length]}&data=${data}` +
    `&title=Soak+${n}&markers=44.43,26.10:pin:Bucharest+${n}`
  );
}

const json = (body: unknown) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const arc = Array.from({ length: 1000 }, (_, i) => [i % 2, (i + 1) % 2]);
const ring = Array.from({ length: 60_001 }, (_, i) => [
  +(20 + 2 * Math.cos(i / 9549.3)).toFixed(5),
  +(45 + 2 * Math.sin(i / 9549.3)).toFixed(5),
]);
ring[60_000] = ring[0]!;

/** What attackers send, in turn: each a path and what it is sent with. */
const ATTACKS: Array<(i: number) => [string, Parameters<typeof request>[1]]> = [
  () => ['/map.png?scope=world&level=high&width=4096&height=4096&scale=4', {}],
  (i) => ['/map.png?scope=VN&width=8000&title=' + i, {}],
  () => [
    '/render/map',
    json({
      scope: 'custom',
      geometry: {
        type: 'Topology',
        objects: {
          a: { type: 'GeometryCollection', geometries: [{ type: 'MultiPolygon', arcs: Array(8000).fill([[0]]) }] },
        },
        arcs: [arc],
      },
    }),
  ],
  () => ['/map.svg?scope=world&data=US:1e308,CN:-1e308&legendLayout=continuous', {}],
  () => ['/map.svg?scope=world&data=US:1&numberFormat=0%3E100000000d', {}],
  () => [
    '/render/map?scope=world',
    { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,1\n'.repeat(1_000_000) },
  ],
  (i) => [
    '/render/map',
    json({
      scope: 'custom',
      format: i % 2 ? 'svg' : 'png',
      title: `large ${i}`,
      geometry: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', id: 'a', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
      },
    }),
  ],
  (i) => [
    '/map.png?scope=world&theme=bogus&width=8000&height=8000&title=' + i,
    { headers: { 'sec-fetch-dest': 'image' } },
  ],
];

// the service itself, not the tests' wrapper (that one keeps every spec rendered, which would be counted here)
const config = readConfig({ LOG_LEVEL: 'silent', ...process.env });
const service = await startService({
  ...config,
  port: 0,
  host: '127.0.0.1',
  poolSize: env('POOL_SIZE', 2),
  trustProxy: 1,
  cacheMaxBytes: env('CACHE_MAX_BYTES', 32 * 2 ** 20),
});
const agent = new Agent({ connections: 64 });
const answered: Record<string, Record<string, number>> = {};
const count = (who: string, status: number | string) => {
  answered[who] ??= {};
  answered[who][status] = (answered[who][status] ?? 0) + 1;
};
let latencies: number[] = [];
let served = 0;
const started = Date.now();
const end = started + minutes * 60_000;

async function ask(who: string, client: string, path: string, init: Parameters<typeof request>[1] = {}) {
  const begun = performance.now();
  try {
    const response = await request(service.url + path, {
      ...init,
      dispatcher: agent,
      headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': client },
    });
    await response.body.dump({ limit: Infinity });
    count(who, response.statusCode);
    return { status: response.statusCode, ms: performance.now() - begun };
  } catch (error) {
    count(who, (error as { code?: string }).code ?? 'error');
    return { status: 0, ms: performance.now() - begun };
  }
}

async function polite(client: number): Promise<void> {
  for (let i = client; Date.now() < end; i += 2) {
    const { status, ms } = await ask('polite', `198.51.100.${client}`, politeMap(i));
    if (status === 200) latencies.push(ms);
    served++;
  }
}

async function attacker(): Promise<void> {
  for (let i = 0; Date.now() < end; i++) {
    const [path, init] = ATTACKS[i % ATTACKS.length]!(i);
    await ask('attacks', `203.0.113.${i % 50}`, path, init);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every 20 s for 5 s, 30 connections of new PNGs from one address. */
async function flooder(): Promise<void> {
  for (let round = 0; Date.now() < end; round++) {
    const stop = Date.now() + 5000;
    await Promise.all(
      Array.from({ length: 30 }, async (_, c) => {
        for (let i = 0; Date.now() < stop; i++)
          await ask('flood', '192.0.2.66', `/map.png?scope=world&width=900&data=US:${round * 1e6 + c * 1e4 + i}`);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
}

/** Every 30 s, a client that pipelines ten large PNGs and reads none of them, then goes. */
async function stalled(): Promise<void> {
  const path = '/map.png?scope=world&width=6000&height=6000&patterns=US:stripes,CN:dots,BR:crosshatch,RU:stripes';
  const { port } = new URL(service.url);
  while (Date.now() < end) {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`GET ${path} HTTP/1.1\r\nHost: soak\r\nX-Forwarded-For: 192.0.2.99\r\n\r\n`.repeat(10));
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    socket.destroy();
    count('stalled', 'sent');
  }
}

function report(): void {
  void service.pool.browserPids().then((pids) => {
    const tree = pids.flatMap((pid) => processTree(pid));
    // with --expose-gc, Node's heap is measured after a full collection: what is really kept
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const stats = service.pool.stats();
    console.log(
      [
        ((Date.now() - started) / 60_000).toFixed(0).padStart(6),
        String(served).padStart(8),
        median(latencies).toFixed(0).padStart(10),
        `${mib(memory.rss).toFixed(0)} MiB`.padStart(9),
        `${mib(memory.heapUsed).toFixed(0)} MiB`.padStart(10),
        `${pids.reduce((sum, pid) => sum + treeRssMiB(pid), 0).toFixed(0)} MiB`.padStart(13),
        `${pssMiB(tree).toFixed(0)} MiB`.padStart(13),
        `${pssMiB([process.pid, ...tree]).toFixed(0)} MiB`.padStart(10),
        String(stats.pagesOpened).padStart(13),
        String(stats.launches).padStart(9),
      ].join(' '),
    );
    latencies = [];
  });
}

console.log(`soak: ${minutes} min of mixed load and attacks, pool ${env('POOL_SIZE', 2)}`);
console.log(
  'minute  polite  median ms  node RSS  node heap  chromium RSS  chromium PSS  all PSS  pages opened  launches',
);
const minutely = setInterval(report, 60_000);
try {
  await Promise.all([polite(1), polite(2), attacker(), flooder(), stalled()]);
  report();
  console.log('answered:', JSON.stringify(answered));
} finally {
  clearInterval(minutely);
  await agent.close();
  await service.close();
}
