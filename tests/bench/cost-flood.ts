// A polite client beside a flood of costly maps (DECISIONS §12: shares weighed by estimated cost): 100 connections of
// one client asking for new PNGs of the world at random widths from 300 to 8000 px, the attack, while the
// polite client asks for a new PNG and a map it has already been drawn, a map a second each. Alone and beside the
// flood take turns, three rounds of each, each round on a service of its own: after a flood of large PNGs, the
// pages drew PNGs about twice as slowly for a minute or more (the browsers' memory), which would make a later round's
// time alone no time alone. Targets: the new PNG's median within twice its median alone and its p95 within four
// times its p95 alone; the cached map's median within twice.
import { Pool } from 'undici';
import { startFlood } from '../support/flood-client.ts';
import { median, ms, p95, row, sleep, start } from './measure.ts';

const SAMPLES = 10;
const ROUNDS = 3;
const CACHED = '/map.png?scope=world&width=800&data=US:1,CN:150,IN:80&title=Cached';

let counter = 0;
const newMap = () => `/map.png?scope=world&width=800&data=US:${++counter},CN:150,IN:80,BR:60&title=Polite`;

async function ask(pool: Pool, path: string): Promise<number> {
  const started = performance.now();
  const { statusCode, body } = await pool.request({
    method: 'GET',
    path,
    headers: { 'x-forwarded-for': '198.51.100.7' },
  });
  await body.dump({ limit: Infinity });
  if (statusCode !== 200) throw new Error(`the polite client was answered ${statusCode} for ${path}`);
  return performance.now() - started;
}

/** The polite client's latencies: a new PNG and the cached one, a second apart. */
async function polite(url: string): Promise<{ fresh: number[]; cached: number[] }> {
  const pool = new Pool(url, { connections: 1 });
  const fresh: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    fresh.push(await ask(pool, newMap()));
    cached.push(await ask(pool, CACHED));
    await sleep(1000);
  }
  await pool.close();
  return { fresh, cached };
}

export interface FloodFigures {
  alone: { fresh: number[]; cached: number[] };
  beside: { fresh: number[]; cached: number[] };
  statuses: Record<string, number>;
}

/** The polite client alone and beside the flood, in turn, each round on a service of its own started by `script`
 *  (the service's, or an older one's, with TRUST_PROXY=1). */
export async function costFlood(script: string[], connections = 100): Promise<FloodFigures> {
  const figures: FloodFigures = { alone: { fresh: [], cached: [] }, beside: { fresh: [], cached: [] }, statuses: {} };
  for (let round = 0; round < ROUNDS; round++) {
    const service = await start(script, { TRUST_PROXY: '1', LOG_LEVEL: 'warn' });
    try {
      // warm: the map drawn and cached, the pages compiled
      await polite(service.url);
      const alone = await polite(service.url);
      figures.alone.fresh.push(...alone.fresh);
      figures.alone.cached.push(...alone.cached);
      const stop = startFlood(service.url, {
        connections,
        path: `'/map.png?scope=world&width=' + (300 + Math.floor(Math.random() * 7700)) + '&data=US:' + (1e7 + n) + ',CN:150&title=Flood'`,
        address: '203.0.113.9',
      });
      await sleep(1500);
      const beside = await polite(service.url);
      figures.beside.fresh.push(...beside.fresh);
      figures.beside.cached.push(...beside.cached);
      for (const [status, count] of Object.entries((await stop()).statuses))
        figures.statuses[status] = (figures.statuses[status] ?? 0) + count;
    } finally {
      service.child.kill('SIGTERM');
      await new Promise((resolve) => service.child.once('exit', resolve));
    }
  }
  return figures;
}

export function costFloodRows({ alone, beside, statuses }: FloodFigures): void {
  const answers = Object.entries(statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  row(
    `a polite client's new 800 px PNG, a map a second: median and p95 alone; beside 100 connections of new PNGs 300–8000 px wide (their answers); ${ROUNDS} rounds of ${SAMPLES}, in turn`,
    `${ms(median(alone.fresh))}, ${ms(p95(alone.fresh))}; ${ms(median(beside.fresh))}, ${ms(p95(beside.fresh))} (${answers})`,
  );
  const freshMedian = median(beside.fresh) / median(alone.fresh);
  const freshP95 = p95(beside.fresh) / p95(alone.fresh);
  row("the polite client's new PNG beside that flood ÷ alone: median", freshMedian.toFixed(2), '≤ 2', freshMedian <= 2);
  row("the polite client's new PNG beside that flood ÷ alone: p95", freshP95.toFixed(2), '≤ 4', freshP95 <= 4);
  row(
    "the polite client's cached PNG: median alone; beside that flood",
    `${ms(median(alone.cached))}; ${ms(median(beside.cached))}`,
  );
  const cachedMedian = median(beside.cached) / median(alone.cached);
  row(
    "the polite client's cached PNG beside that flood ÷ alone: median",
    cachedMedian.toFixed(2),
    '≤ 2',
    cachedMedian <= 2,
  );
}
