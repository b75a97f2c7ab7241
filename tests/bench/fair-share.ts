// A polite client beside a greedy one (DECISIONS §12, server/render/fair-share.ts): the polite client asks for a new
// map once a second, alone and while the greedy client asks for new PNGs as fast as 8 connections can; its median
// latency should stay within twice what it was alone. Alone and beside the flood take turns, three rounds of each,
// as the machine is shared and a load elsewhere would otherwise fall on one of them. Clients are told apart by
// X-Forwarded-For, as behind a proxy (TRUST_PROXY=1). Without shares, the greedy client held every page and place
// in line, and 85% of the polite client's maps were refused.
import { Pool } from 'undici';
import { startFlood } from '../support/flood-client.ts';
import { median, ms, row, SERVICE, sleep, start } from './measure.ts';

const SAMPLES = 8;
const ROUNDS = 3;

let counter = 0;
const map = (format: 'png' | 'svg') =>
  `/map.${format}?scope=world&data=US:${++counter},CN:150,IN:80,BR:60,RU:120,DE:95&title=Fair`;

/** One map for `client`: how long it took, and its status. */
async function ask(pool: Pool, client: string, format: 'png' | 'svg'): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const { statusCode, body } = await pool.request({
    method: 'GET',
    path: map(format),
    headers: { 'x-forwarded-for': client },
  });
  await body.dump({ limit: Infinity });
  return { ms: performance.now() - started, status: statusCode };
}

/** The polite client's latencies, a map a second. */
async function polite(url: string, format: 'png' | 'svg'): Promise<number[]> {
  const pool = new Pool(url, { connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const { ms: took, status } = await ask(pool, '198.51.100.7', format);
    if (status !== 200) throw new Error(`the polite client was answered ${status}`);
    times.push(took);
    await sleep(1000 - took);
  }
  await pool.close();
  return times;
}

/** The greedy client: 8 connections asking for new PNGs, pausing 50 ms after a refusal (a refused client asking
 *  again at once would only spin); stopping it gives the count of each status it was answered. */
function greedy(url: string): () => Promise<Record<string, number>> {
  const stop = startFlood(url, {
    connections: 8,
    path: `'/map.png?scope=world&data=US:' + (1e7 + n) + ',CN:150,IN:80,BR:60,RU:120,DE:95&title=Flood'`,
    address: '203.0.113.9',
    pauseOnRefusalMs: 50,
  });
  return async () => (await stop()).statuses;
}

export async function fairShare(): Promise<void> {
  const service = await start(SERVICE, { TRUST_PROXY: '1', LOG_LEVEL: 'warn' });
  try {
    for (const format of ['png', 'svg'] as const) {
      // warm: the frame of the map drawn, the threads and pages compiled
      await polite(service.url, format);
      const alone: number[] = [];
      const beside: number[] = [];
      const statuses: Record<string, number> = {};
      for (let round = 0; round < ROUNDS; round++) {
        alone.push(...(await polite(service.url, format)));
        const stop = greedy(service.url);
        await sleep(1000);
        beside.push(...(await polite(service.url, format)));
        for (const [status, count] of Object.entries(await stop())) statuses[status] = (statuses[status] ?? 0) + count;
        // the greedy client's last maps leave the renderers before the polite client is alone again
        await sleep(1000);
      }
      const ratio = median(beside) / median(alone);
      row(
        `a polite client's new ${format.toUpperCase()}s, a map a second: median alone; while another floods new PNGs (its answers); ${ROUNDS} rounds of ${SAMPLES} each, in turn`,
        `${ms(median(alone))}; ${ms(median(beside))} (${Object.entries(statuses)
          .map(([status, count]) => `${count} × ${status}`)
          .join(', ')})`,
      );
      row(
        `the polite client's ${format.toUpperCase()} median beside the flood ÷ alone`,
        ratio.toFixed(2),
        '≤ 2',
        ratio <= 2,
      );
    }
  } finally {
    service.child.kill('SIGTERM');
  }
}
