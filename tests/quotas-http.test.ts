// Quotas and revocations through real HTTP, two replicas and one real Redis (DECISIONS §12): renders (cache misses)
// a key and an address may ask for add up across both replicas; a cached map is served over quota; every map answer
// carries RateLimit-Policy and RateLimit; over a quota, 429 with Retry-After naming the quota (a picture for an
// <img>); storing a map spends its sender's quota, and its renders spend the reader's, never the keeper's; a key
// put in the Redis set
// `revoked-keys` is refused by both; with Redis gone, each replica counts alone and says so once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@keyv/redis';
import { closedAfterTests, startService } from './support/service.ts';
import { samples } from './support/metrics.ts';
import { mintKey } from '../server/access/key-tokens.ts';
import type { Config } from '../server/config.ts';

const SECRET = 'test-secret-of-at-least-32-characters!';
const { closeLater, redis: startRedis } = closedAfterTests();
const logs: Array<{ level: number; msg: string }> = [];

/** Two replicas of one service, sharing one Redis: keys' quotas 2 a minute and 1,000 a day, an address's 1 a
 *  minute; ACCESS=watermark, so that a request without a key renders too (with the logo). */
const replicas = (async () => {
  const redis = await startRedis();
  const config: Partial<Config> = {
    access: 'watermark',
    keySecrets: [SECRET],
    redisUrl: redis.url,
    quotaPerMinute: 2,
    quotaPerDay: 1000,
    anonQuotaPerMinute: 1,
    anonQuotaPerDay: 0,
    poolSize: 1,
    // the stored maps of this run alone (a folder both replicas share)
    mapsDir: mkdtempSync(path.join(tmpdir(), 'quotas-')),
  };
  const [a, b] = await Promise.all([
    startService({ ...config, logLevel: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line)) }),
    startService(config),
  ]);
  closeLater(() => a.close());
  closeLater(() => b.close());
  const client = createClient({ url: redis.url });
  // the last test kills Redis under it
  client.on('error', () => {});
  await client.connect();
  closeLater(async () => client.destroy());
  return { redis, a: a.url, b: b.url, client };
})();

let keys = 0;
/** A key of its own for each test, so that their counts stay apart. */
function newKey(): { id: string; headers: Record<string, string> } {
  const id = `quota-${++keys}`;
  const key = mintKey({ id, owner: 'newsroom', expires: 4e9 }, SECRET, 'mr_live_');
  return { id, headers: { authorization: `Bearer ${key}` } };
}
let maps = 0;
/** A map no test asked for before: a cache miss. */
const newMap = (extension = 'svg') => `/map.${extension}?scope=world&data=US:${++maps},CN:7`;

interface Answer {
  status: number;
  cache: string | null;
  policy: string | null;
  limit: string | null;
  retryAfter: string | null;
  body: string;
}
async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    policy: response.headers.get('ratelimit-policy'),
    limit: response.headers.get('ratelimit'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
}

test('a key: renders add up across replicas; the third in a minute is refused, a cached map still served', async () => {
  const { a, b } = await replicas;
  const key = newKey();
  const [first, second, third] = [newMap(), newMap(), newMap()];

  const one = await get(a + first, key.headers);
  assert.equal(one.status, 200, one.body);
  assert.equal(one.cache, 'MISS');
  assert.equal(one.policy, '"minute";q=2;w=60, "day";q=1000;w=86400');
  assert.match(one.limit!, /^"minute";r=1;t=(59|60), "day";r=999;t=(86399|86400)$/);

  const two = await get(a + second, key.headers);
  assert.equal(two.status, 200, two.body);
  assert.match(two.limit!, /^"minute";r=0;t=\d+, "day";r=998;t=\d+$/);

  const refused = await get(b + third, key.headers);
  assert.equal(refused.status, 429, 'two renders on A spend the minute on B too');
  const body = JSON.parse(refused.body) as Record<string, unknown>;
  assert.equal(body.error, 'rate_limited');
  assert.equal(body.quota, 'minute');
  assert.equal(body.limit, 2);
  assert.match(String(body.message), /this key has rendered the 2 maps a minute allows; maps already drawn/);
  const retryAfter = Number(refused.retryAfter);
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${refused.retryAfter}`);
  const resets = Date.parse(String(body.resets));
  assert.ok(Math.abs(resets - (Date.now() + retryAfter * 1000)) < 3000, `resets ${String(body.resets)}`);
  assert.equal(refused.policy, '"minute";q=2;w=60, "day";q=1000;w=86400');
  assert.match(refused.limit!, /^"minute";r=0;t=\d+, "day";r=998;t=\d+$/, 'the refusal spent nothing of the day');

  // the map A drew is in the shared cache: B serves it over quota, spending nothing
  const cached = await get(b + first, key.headers);
  assert.equal(cached.status, 200, cached.body);
  assert.equal(cached.cache, 'HIT');
  assert.equal(cached.policy, '"minute";q=2;w=60, "day";q=1000;w=86400');
  assert.match(cached.limit!, /^"minute";r=0;t=\d+/);
  const etag = (await fetch(b + first, { headers: key.headers })).headers.get('etag')!;
  const notModified = await fetch(b + first, { headers: { ...key.headers, 'If-None-Match': etag } });
  assert.equal(notModified.status, 304);
  assert.match(notModified.headers.get('ratelimit') ?? '', /^"minute";r=0;/, 'a 304 says where the key stands too');

  // an <img> is answered a picture of the refusal
  const img = await fetch(b + newMap('png'), { headers: { ...key.headers, 'Sec-Fetch-Dest': 'image' } });
  assert.equal(img.status, 429);
  assert.equal(img.headers.get('x-map-error'), 'rate_limited');
  assert.match(img.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  assert.match(await img.text(), /2 maps a minute/);
});

test('an address has a quota of its own, apart from the keys it does not bring', async () => {
  const { a, b } = await replicas;
  const anonymous = await get(a + newMap());
  assert.equal(anonymous.status, 200, anonymous.body);
  assert.equal(anonymous.policy, '"minute";q=1;w=60', 'no day quota for an address: none is set');
  assert.match(anonymous.limit!, /^"minute";r=0;t=\d+$/);
  const refused = await get(b + newMap());
  assert.equal(refused.status, 429);
  assert.match(JSON.parse(refused.body).message as string, /^this address \(a key has a quota of its own\)/);
  // the same address with a key renders on the key's quota
  const key = newKey();
  const keyed = await get(b + newMap(), key.headers);
  assert.equal(keyed.status, 200, keyed.body);
  assert.match(keyed.limit!, /^"minute";r=1;/);
});

test("storing a map spends its sender's quota; its renders spend the reader's, never the keeper's", async () => {
  const { a, b } = await replicas;
  const [bob, carol] = [newKey(), newKey()];
  const stored = await fetch(`${a}/maps`, {
    method: 'POST',
    headers: { ...bob.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'world', regions: [{ id: 'FR', value: ++maps }] }),
  });
  assert.equal(stored.status, 201);
  assert.match(stored.headers.get('ratelimit')!, /^"minute";r=1;/, "storing spent one of bob's two");
  const { urls } = (await stored.json()) as { urls: Record<string, string> };
  // carol reads it, on the other replica: her quota
  const svg = await get(urls.svg!.replace(a, b), carol.headers);
  assert.equal(svg.status, 200, svg.body);
  assert.match(svg.limit!, /^"minute";r=1;/);
  assert.equal((await get(urls.png!, carol.headers)).status, 200);
  const refused = await get(urls.webp!, carol.headers);
  assert.equal(refused.status, 429);
  assert.match(JSON.parse(refused.body).message as string, /^this key/);
  assert.equal((await get(urls.svg!, carol.headers)).status, 200, 'served from the cache over quota');
  // read without a key at new sizes (the issue's drain): the address's quota, never bob's
  for (const quality of [1, 2, 3]) {
    const anonymous = await get(`${urls.jpg}?quality=${quality}`);
    assert.ok(anonymous.status === 200 || anonymous.status === 429, anonymous.body);
    if (anonymous.status === 200) assert.equal(anonymous.policy, '"minute";q=1;w=60');
    else assert.match(JSON.parse(anonymous.body).message as string, /^this address/);
  }
  // bob still has the render his store left him
  const own = await get(a + newMap(), bob.headers);
  assert.equal(own.status, 200, own.body);
  assert.match(own.limit!, /^"minute";r=0;/);
});

test('a key added to the Redis set revoked-keys is refused by both replicas within seconds', async () => {
  const { a, b, client } = await replicas;
  const key = newKey();
  const map = newMap();
  const keyed = await get(a + map, key.headers);
  assert.equal(keyed.status, 200, keyed.body);
  assert.equal(keyed.policy, '"minute";q=2;w=60, "day";q=1000;w=86400');
  await client.sAdd('revoked-keys', key.id);
  // ACCESS=watermark: a revoked key is no key, so the request is the address's (its quota, the logo drawn)
  const deadline = Date.now() + 6000;
  for (const replica of [a, b]) {
    let answer = await get(replica + map, key.headers);
    while (answer.policy !== '"minute";q=1;w=60' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await get(replica + map, key.headers);
    }
    assert.equal(answer.policy, '"minute";q=1;w=60', `${replica} still honours the key`);
  }
});

test('/metrics counts renders, refusals and cost per key, by a bounded label', async () => {
  const { a } = await replicas;
  const text = await (await fetch(`${a}/metrics`)).text();
  const renders = samples(text, 'map_key_renders_total');
  assert.ok(
    renders.some((s) => s.labels === '{key="quota-1"}' && s.value === 2),
    JSON.stringify(renders),
  );
  assert.ok(renders.some((s) => s.labels === '{key="anonymous"}' && s.value >= 1));
  assert.ok(samples(text, 'map_key_render_cost_total').some((s) => s.labels === '{key="quota-1"}' && s.value > 0));
  const refusals = samples(
    `${text}\n${await (await fetch(`${(await replicas).b}/metrics`)).text()}`,
    'map_key_refusals_total',
  );
  assert.ok(
    refusals.some((s) => s.labels === '{key="quota-1",window="minute"}' && s.value >= 1),
    JSON.stringify(refusals),
  );
});

test('Redis gone: each replica counts alone, warned of once, and still refuses past the quota', async () => {
  const { a, redis } = await replicas;
  await redis.kill();
  const key = newKey();
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push((await get(a + newMap(), key.headers)).status);
  assert.deepEqual(answers, [200, 200, 429, 429, 429]);
  const warnings = logs.filter((line) => /quotas: Redis does not answer/.test(line.msg));
  assert.equal(warnings.length, 1, 'one warning, not one per request');
});
