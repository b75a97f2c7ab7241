// One client flooding the service beside others, through real HTTP, the clients told apart by X-Forwarded-For as
// behind a proxy (TRUST_PROXY=1): the greedy client is answered 429 for what is over its share, the others are
// served, and a page that crashes with renders in line fails those renders alone; a flood of costly maps or of place
// look-ups leaves another client's maps their pace (bounds generous for a shared machine, each against the same
// client's times alone, measured first). How long a polite client waits beside a flood is measured by
// `npm run bench` (tests/bench/fair-share.ts, cost-flood.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Pool } from 'undici';
import { startFlood } from './support/flood-client.ts';
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

/** `path` asked by one client `samples` times, `pause` ms apart: how long each took. */
async function timesOf(path: () => string, samples: number, pause: number, client = '198.51.100.20') {
  const pool = new Pool(service.url, { connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const answer = await ask(pool, client, path());
    assert.equal(answer.status, 200, `${client} was answered ${answer.status} (${answer.error})`);
    times.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  await pool.close();
  return times;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const medianOf = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const highest = (xs: number[]) => sorted(xs)[xs.length - 2]!;

test('100 connections of new PNGs 300–8000 px wide from one client: another’s new PNG and cached map keep their pace; the flood waits rather than spins', async (t) => {
  let polite = 0;
  const fresh = () => `/map.png?scope=world&width=800&data=US:${++polite},CN:3&title=Polite`;
  const cached = '/map.png?scope=world&width=800&data=US:1,CN:3&title=Cached';
  await timesOf(fresh, 3, 200);
  await timesOf(() => cached, 1, 0);
  const aloneFresh = await timesOf(fresh, 8, 500);
  const aloneCached = await timesOf(() => cached, 8, 100);
  const stop = startFlood(service.url, {
    connections: 100,
    path: `'/map.png?scope=world&width=' + (300 + Math.floor(Math.random() * 7700)) + '&data=US:' + (1e7 + n) + '&title=Flood'`,
    address: '203.0.113.30',
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const besideFresh = await timesOf(fresh, 8, 500);
  const besideCached = await timesOf(() => cached, 8, 100);
  const { statuses, seconds } = await stop();
  const report =
    `new PNG: median ${medianOf(aloneFresh).toFixed(0)} → ${medianOf(besideFresh).toFixed(0)} ms, next to highest ` +
    `${highest(aloneFresh).toFixed(0)} → ${highest(besideFresh).toFixed(0)} ms; cached: median ` +
    `${medianOf(aloneCached).toFixed(1)} → ${medianOf(besideCached).toFixed(1)} ms; the flood: ${JSON.stringify(statuses)} in ${seconds.toFixed(0)} s`;
  t.diagnostic(report);
  // the targets are twice and four times (npm run bench measures them); a test on a shared machine allows more
  assert.ok(medianOf(besideFresh) <= 3 * medianOf(aloneFresh) + 20, report);
  assert.ok(highest(besideFresh) <= 6 * highest(aloneFresh) + 50, report);
  assert.ok(medianOf(besideCached) <= 3 * medianOf(aloneCached) + 5, report);
  // it waited for its own maps: before, it was refused 1,600 times a second, each refusal read and normalised
  const answers = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  assert.ok(answers / seconds < 100, report);
  assert.ok((statuses['200'] ?? 0) > 0, 'the flood is served its share');
  assert.deepEqual(
    Object.keys(statuses).filter((status) => !['200', '429'].includes(status)),
    [],
    report,
  );
});

test('16 connections looking up places as fast as they can: another client’s cached map keeps its pace', async (t) => {
  const cached = '/map.svg?scope=world&width=300&title=Beside+places';
  await timesOf(() => cached, 2, 0);
  const alone = await timesOf(() => cached, 20, 50);
  const stop = startFlood(service.url, { connections: 16, path: `'/places?q=San&limit=50'`, address: '203.0.113.31' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const beside = await timesOf(() => cached, 20, 50);
  const { statuses, seconds } = await stop();
  const report = `cached map: median ${medianOf(alone).toFixed(1)} → ${medianOf(beside).toFixed(1)} ms, next to highest ${highest(alone).toFixed(1)} → ${highest(beside).toFixed(1)} ms; look-ups: ${JSON.stringify(statuses)} in ${seconds.toFixed(0)} s`;
  t.diagnostic(report);
  // before, 2.9 → 210 ms: the look-ups held the thread every client's cached map is answered on
  assert.ok(medianOf(beside) <= 3 * medianOf(alone) + 5, report);
  assert.ok(highest(beside) <= 3 * highest(alone) + 20, report);
  assert.ok((statuses['200'] ?? 0) > 100, 'the look-ups are answered, in turn');
});

test('MCP batches of 100 place look-ups from one client: another client’s cached map keeps its pace', async (t) => {
  const cached = '/map.svg?scope=world&width=300&title=Beside+assistants';
  await timesOf(() => cached, 2, 0);
  const alone = await timesOf(() => cached, 20, 50);
  const batch = Array.from({ length: 100 }, (_, id) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'find_places', arguments: { query: 'San', limit: 50 } },
  }));
  const stop = startFlood(service.url, { connections: 4, path: `'/mcp'`, address: '203.0.113.32', body: batch });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const beside = await timesOf(() => cached, 20, 50);
  const { statuses, seconds } = await stop();
  const report = `cached map: median ${medianOf(alone).toFixed(1)} → ${medianOf(beside).toFixed(1)} ms, next to highest ${highest(alone).toFixed(1)} → ${highest(beside).toFixed(1)} ms; batches: ${JSON.stringify(statuses)} in ${seconds.toFixed(0)} s`;
  t.diagnostic(report);
  // before, 36 times as long: each batch's look-ups made one after another on the thread
  assert.ok(medianOf(beside) <= 3 * medianOf(alone) + 5, report);
  assert.ok(highest(beside) <= 3 * highest(alone) + 20, report);
});
