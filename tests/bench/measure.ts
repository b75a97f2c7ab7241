// What the benchmark's measures share: starting a process on a free port, timing requests, the statistics
// and the rows of docs/benchmark.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Pool, request } from 'undici';

export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
// Each measure starts with this long of unmeasured runs (at least 20), ours and Vega-Lite's alike, so that both
// are measured with their code compiled by the JIT, the steady state of a running service and of its clients:
// the HTTP client here (undici) takes a thousand requests or so to reach it.
export const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3) * 1000;

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `once` unmeasured for WARMUP_MS (at least 20 times), then SAMPLES times measured: the durations. */
export async function timed(once: (i: number) => Promise<void>): Promise<number[]> {
  let i = 0;
  for (const end = performance.now() + WARMUP_MS; i < 20 || performance.now() < end; i++) await once(i);
  const times: number[] = [];
  for (let n = 0; n < SAMPLES; n++, i++) {
    const started = performance.now();
    await once(i);
    times.push(performance.now() - started);
  }
  return times;
}

export interface Took {
  ms: number;
  bytes: number;
}

/** Two or more ways of doing the same thing, measured side by side: each round makes its ways (a fresh request
 *  for each, say) and runs them one after the other, the order reversed every other round, as the machine is
 *  shared. Rounds run unmeasured for WARMUP_MS (at least 20), then SAMPLES measured: each way's durations, and
 *  the size of its last answer. */
export async function sideBySide<Way extends string>(
  round: () => Record<Way, () => Promise<Took>> | Promise<Record<Way, () => Promise<Took>>>,
): Promise<Record<Way, { times: number[]; bytes: number }>> {
  const measured = {} as Record<Way, { times: number[]; bytes: number }>;
  const once = async (i: number, kept: boolean) => {
    const ways = Object.entries(await round()) as Array<[Way, () => Promise<Took>]>;
    for (const [way, run] of i % 2 ? ways.reverse() : ways) {
      const took = await run();
      if (!kept) continue;
      measured[way] ??= { times: [], bytes: 0 };
      measured[way].times.push(took.ms);
      measured[way].bytes = took.bytes;
    }
  };
  let i = 0;
  for (const end = performance.now() + WARMUP_MS; i < 20 || performance.now() < end; i++) await once(i, false);
  for (let n = 0; n < SAMPLES; n++, i++) await once(i, true);
  return measured;
}

/** Rates measured in turn: `rounds` rounds, each running every way once, which goes first alternating, as a single
 *  window of each could fall one on a busy moment of the shared machine and the other on a quiet one. The
 *  median of each way's rates. */
export async function ratesInTurn<Way extends string>(
  rounds: number,
  ways: Record<Way, () => Promise<number>>,
): Promise<Record<Way, number>> {
  const rates = {} as Record<Way, number[]>;
  const entries = Object.entries(ways) as Array<[Way, () => Promise<number>]>;
  for (let round = 0; round < rounds; round++) {
    for (const [way, rate] of round % 2 ? [...entries].reverse() : entries) (rates[way] ??= []).push(await rate());
  }
  return Object.fromEntries(entries.map(([way]) => [way, median(rates[way])])) as Record<Way, number>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The service as `npm start` runs it, once prepare has bundled it. */
export const SERVICE: string[] = ['server/dist/main.mjs'];

/** Starts `node ...script` on a free loopback port and waits until it answers `GET /`. */
export async function start(
  script: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, script, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (
      await fetch(`${url}/`).then(
        () => true,
        () => false,
      )
    )
      return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${script.join(' ')} did not start`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
export const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
export const ms = (x: number) => `${x.toFixed(1)} ms`;
export const mib = (x: number) => `${x.toFixed(0)} MiB`;

// The clients here are undici's own (MIT, by Node's maintainers), which hand a body over as the bytes it came
// as: the client shares the two cores with the service, and what it spends is lost to the service. fetch (undici
// behind web streams) took 0.3 ms more of a world SVG miss's 1.9 ms. autocannon, the load generator before,
// decoded every body into a string as UTF-8: 3 ms of CPU a PNG (perf). In alternating rounds on one service it
// made 55 and 51 PNG misses a second at 8 clients where this loop made 61 and 54, and 8,200 cache hits where this
// loop made 11,800.
/** One GET, its body read whole; throws on a status other than 2xx. The duration and the size. */
export async function get(url: string): Promise<Took> {
  const started = performance.now();
  const response = await request(url);
  const body = await response.body.bytes();
  const took = performance.now() - started;
  if (response.statusCode >= 300)
    throw new Error(`${url}: ${response.statusCode} ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
  return { ms: took, bytes: body.byteLength };
}

export interface Latency {
  median: number;
  p95: number;
  bytes: number;
}

/** Cache-miss latency of `path()` (a new path each call) over HTTP, after the warm-up. */
export async function latency(url: string, path: () => string): Promise<Latency> {
  let bytes = 0;
  const times = await timed(async () => {
    bytes = (await get(url + path())).bytes;
  });
  return { median: median(times), p95: p95(times), bytes };
}

/** Requests per second at `connections` clients, each asking `path()` (or `url`'s own path) again as soon as it
 *  is answered for `seconds`: the count of each status, and of requests left without an answer. */
export async function load(url: string, connections: number, seconds: number, path?: () => string) {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections });
  const statuses: Record<string, number> = {};
  let answered = 0;
  let unanswered = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      try {
        const { statusCode, body } = await pool.request({
          method: 'GET',
          path: path?.() ?? target.pathname + target.search,
        });
        await body.dump({ limit: Infinity });
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        answered++;
      } catch {
        unanswered++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const perSecond = answered / ((performance.now() - started) / 1000);
  await pool.close();
  return { perSecond, statuses, unanswered };
}

/** The table's rows, also echoed to the console as they come. */
export const rows: Array<[string, string, string, string]> = [];
export function row(what: string, result: string, target = '', met?: boolean): void {
  rows.push([what, result, target, met === undefined ? '' : met ? 'yes' : '**no**']);
  console.log(`${what}: ${result}${target ? `  (target ${target}: ${met ? 'met' : 'NOT met'})` : ''}`);
}
