// One client flooding the service beside others, through real HTTP, the clients told apart by X-Forwarded-For as
// behind a proxy (TRUST_PROXY=1): the greedy client is answered 429 for what is over its share, the others are
// served, and a page that crashes with renders in line fails those renders alone. How long a polite client waits
// beside a flood is measured by `npm run bench` (tests/bench/fair-share.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Pool } from 'undici';
import { startService, type TestService } from './support/service.ts';

let service: TestService;
before(async () => {
  service = await startService({ trustProxy: 1, poolSize: 2, queueMax: 16 });
});
after(() => service.close());

let counter = 0;
const newMap = (format: string) => `/map.${format}?scope=world&width=800&data=US:${++counter},DE:${counter % 97}`;

interface Outcome {
  status: number;
  ms: number;
  retryAfter: string | null;
  error: string | null;
}

async function ask(pool: Pool, client: string, path: string, init: { method?: 'GET' | 'POST'; body?: string } = {}) {
  const started = performance.now();
  const { statusCode, headers, body } = await pool.request({
    method: init.method ?? 'GET',
    path,
    body: init.body,
    headers: { 'x-forwarded-for': client, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await body.text();
  return {
    status: statusCode,
    ms: performance.now() - started,
    retryAfter: (headers['retry-after'] as string | undefined) ?? null,
    error: statusCode >= 400 ? ((JSON.parse(text) as { error: string }).error ?? null) : null,
  } satisfies Outcome;
}

/** `connections` connections of `client` asking `path()` until `done`. */
async function flood(client: string, connections: number, path: () => string, done: () => boolean) {
  const pool = new Pool(service.url, { connections });
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!done()) outcomes.push(await ask(pool, client, path()));
    }),
  );
  await pool.close();
  return outcomes;
}

const count = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>(
    (by, o) => ({ ...by, [o.error ?? o.status]: (by[o.error ?? o.status] ?? 0) + 1 }),
    {},
  );

test('100 connections of new PNGs from one client: it is refused what is over its share, another client is served every map', async () => {
  let flooding = true;
  const greedy = flood(
    '203.0.113.9',
    100,
    () => newMap('png'),
    () => !flooding,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const polite = new Pool(service.url, { connections: 1 });
  const served: Outcome[] = [];
  for (let i = 0; i < 8; i++) {
    served.push(await ask(polite, '198.51.100.7', newMap(i % 2 ? 'png' : 'svg')));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  flooding = false;
  const greedyOutcomes = await greedy;
  await polite.close();
  assert.deepEqual(count(served), { 200: 8 }, 'the polite client was refused nothing');
  const greedyCounts = count(greedyOutcomes);
  // 429 for its maps over its share while the polite client is active; alone, every place is its share, and
  // what is past them is the queue being full (503)
  assert.ok((greedyCounts.rate_limited ?? 0) > 0, `greedy: ${JSON.stringify(greedyCounts)}`);
  assert.ok((greedyCounts[200] ?? 0) > 0, 'the greedy client is served its share');
  const other = Object.keys(greedyCounts).filter((key) => !['200', 'rate_limited', 'overloaded'].includes(key));
  assert.deepEqual(other, [], 'no other answer');
  const limited = greedyOutcomes.find((o) => o.error === 'rate_limited')!;
  assert.equal(limited.retryAfter, '1');
});

test('clients posting maps of 400 sea routes each: another client’s SVG waits for the maps being drawn, not for all in line', async (t) => {
  const routes = Array.from({ length: 400 }, (_, i) => ({
    fromLatLon: [(i % 100) - 50, ((i * 37) % 340) - 170],
    toLatLon: [((i * 13) % 100) - 50, ((i * 91) % 340) - 170],
    mode: 'sea',
  }));
  const heavy = async (client: number) => {
    const pool = new Pool(service.url, { connections: 1 });
    const outcomes = [];
    for (let i = 0; i < 2; i++) {
      const body = JSON.stringify({ scope: 'world', format: 'svg', title: `sea ${client} ${i}`, routes });
      outcomes.push(await ask(pool, `203.0.113.${client}`, '/render/map', { method: 'POST', body }));
    }
    await pool.close();
    return outcomes;
  };
  const alone = await ask(new Pool(service.url), '198.51.100.8', '/render/map', {
    method: 'POST',
    body: JSON.stringify({ scope: 'world', format: 'svg', title: 'one alone', routes }),
  });
  const started = performance.now();
  const flooding = Promise.all([1, 2, 3, 4].map(heavy));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const polite = await ask(new Pool(service.url), '198.51.100.7', newMap('svg'));
  const heavyOutcomes = (await flooding).flat();
  const allHeavy = performance.now() - started;
  assert.equal(polite.status, 200);
  assert.ok(
    heavyOutcomes.every((o) => o.status === 200 || o.error === 'rate_limited'),
    JSON.stringify(count(heavyOutcomes)),
  );
  // without shares it waited for every one of them, as long as all eight took: 17.7 s behind eight clients. With
  // them, for the two being drawn (one a thread), and it is drawn next.
  const report = `the polite SVG took ${Math.round(polite.ms)} ms; one sea map alone ${Math.round(alone.ms)}, all eight ${Math.round(allHeavy)}`;
  t.diagnostic(report);
  assert.ok(polite.ms < 3 * alone.ms, report);
  assert.ok(polite.ms < 0.7 * allHeavy, report);
});
