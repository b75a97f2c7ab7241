// Stored maps in a real redis-server shared by two replicas (two services): what one stores the other draws; a
// bad request stores nothing; Redis down is a clear 503 for a POST, while maps served lately are still drawn; the
// budgets of stored bytes hold for every replica; a Redis that would evict stored maps stops the start, one that
// would forget them is warned of.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@keyv/redis';
import type { TestRedis } from './support/redis.ts';
import { closedAfterTests, startService, type TestService } from './support/service.ts';
import { post } from './support/map-requests.ts';
import { redisStore } from '../server/store/redis-store.ts';
import type { StoreBudgetSpent } from '../server/store/map-store.ts';

const BUDGETS = { perHolder: 0, total: 0 };

const testbed = closedAfterTests();
const { redis } = testbed;
const service = (mapsRedisUrl: string) => testbed.service({ mapsRedisUrl, poolSize: 1 });

/** The keys of stored maps in `server`. */
async function storedKeys(server: TestRedis): Promise<string[]> {
  const client = createClient({ url: server.url });
  await client.connect();
  try {
    return (await client.keys('stored-map:*')).sort();
  } finally {
    client.destroy();
  }
}

const request = (value: number) =>
  JSON.stringify({ scope: 'world', width: 400, theme: 'light', regions: [{ id: 'BR', value }] });

async function store(target: TestService, body: string) {
  const response = await fetch(`${target.url}/maps`, post(body));
  return { status: response.status, body: (await response.json()) as { id: string; error?: string; message: string } };
}

test('two replicas share one Redis: what A stored, B draws; bad input stores nothing', async () => {
  const shared = await redis();
  const [a, b] = await Promise.all([service(shared.url), service(shared.url)]);
  const stored = await store(a, request(1));
  assert.equal(stored.status, 201);
  assert.deepEqual(await storedKeys(shared), [`stored-map:${stored.body.id}`]);

  const fromA = await fetch(`${a.url}/maps/${stored.body.id}.svg`);
  const fromB = await fetch(`${b.url}/maps/${stored.body.id}.svg`);
  assert.equal(fromB.status, 200);
  assert.equal(await fromB.text(), await fromA.text(), 'the same map from either replica');
  const png = await fetch(`${b.url}/maps/${stored.body.id}.png`);
  assert.equal(png.headers.get('content-type'), 'image/png');
  // B stores it again: the same id, already there
  assert.deepEqual([(await store(b, request(1))).status, (await store(b, request(1))).body.id], [200, stored.body.id]);

  for (const bad of ['{"scope":"world","width":"wide"}', '{"scope":"world","regions":[{"id":"BR","value":[1]}]}']) {
    assert.equal((await store(a, bad)).status, 400, bad);
  }
  assert.deepEqual(await storedKeys(shared), [`stored-map:${stored.body.id}`], 'nothing new in Redis');
});

test('Redis down: a POST is 503 store_unavailable; maps drawn lately still are; it recovers by itself', async () => {
  const server = await redis();
  const replica = await service(server.url);
  const served = await store(replica, request(2));
  assert.equal((await fetch(`${replica.url}/maps/${served.body.id}.svg`)).status, 200);

  await server.kill();
  const refused = await store(replica, request(3));
  assert.equal(refused.status, 503);
  assert.equal(refused.body.error, 'store_unavailable');
  assert.match(refused.body.message, /nothing was stored/);
  // this replica read the record a moment ago, so its map is drawn on, in any format
  assert.equal((await fetch(`${replica.url}/maps/${served.body.id}.svg`)).status, 200);
  assert.equal((await fetch(`${replica.url}/maps/${served.body.id}.png`)).status, 200);
  // one it never read cannot be told from none: 503, not a 404 that would say the map is gone
  const unknown = await fetch(`${replica.url}/maps/AAAAAAAAAAAAAAAAAAAAAA.svg`);
  assert.equal(unknown.status, 503);

  await server.restart();
  let status = 0;
  for (let tries = 0; tries < 50 && status !== 201; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await store(replica, request(3))).status;
  }
  assert.equal(status, 201, 'stored once Redis is back');
});

test('a Redis that would evict stored maps stops the start, naming what to do; one that would forget them is warned of', async () => {
  const server = await redis();
  const client = createClient({ url: server.url });
  await client.connect();
  await client.configSet('maxmemory-policy', 'allkeys-lru');
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), error: () => {} };
  await assert.rejects(
    redisStore(server.url, BUDGETS, log),
    /allkeys-\* maxmemory-policy.*MAPS_REDIS_URL.*MAPS_REDIS_URL=none/s,
  );
  // the service started with that Redis as its only one (REDIS_URL) does not start at all
  await assert.rejects(startService({ redisUrl: server.url, mapsRedisUrl: server.url }), /would evict stored maps/);

  await client.configSet('maxmemory-policy', 'noeviction');
  client.destroy();
  const opened = await redisStore(server.url, BUDGETS, log);
  testbed.closeLater(() => opened.close());
  for (let tries = 0; tries < 50 && lines.length < 1; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  // the test Redis saves nothing (--save '' --appendonly no)
  assert.ok(
    lines.some((line) => /saves nothing to disk/.test(line)),
    lines.join('\n'),
  );
});

test('a Redis store counts what each holder holds, for every replica: past a budget, refused, nothing touched', async () => {
  const server = await redis();
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  // two replicas, one Redis: one count
  const [one, two] = await Promise.all([1, 2].map(() => redisStore(server.url, { perHolder: 25, total: 40 }, log)));
  testbed.closeLater(async () => Promise.all([one!.close(), two!.close()]));
  const ten = Buffer.alloc(10, 1);
  const id = (n: number) => `${String(n).padStart(2, '0')}cdefghijklmnopqrstuv`;
  assert.equal(await one!.put(id(1), ten, 'key:alice'), true);
  assert.equal(await two!.put(id(2), ten, 'key:alice'), true);
  await assert.rejects(
    one!.put(id(3), ten, 'key:alice'),
    (e: StoreBudgetSpent) => e.budget === 'holder' && e.held === 20,
  );
  assert.equal(await two!.put(id(1), ten, 'key:alice'), false, 'the same map again is no more bytes');
  assert.equal(await two!.put(id(4), ten, 'key:bob'), true);
  await assert.rejects(
    two!.put(id(5), Buffer.alloc(11), 'key:bob'),
    (e: StoreBudgetSpent) => e.budget === 'store' && e.held === 30,
  );
  assert.equal(await one!.get(id(3)), undefined, 'nothing of a refused map is kept');
  assert.deepEqual(await one!.get(id(2)), ten);
});
