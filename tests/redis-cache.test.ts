// The shared Redis tier against a real redis-server: instances share renders, Redis trouble never fails or
// stalls a request, and the cache recovers by itself when Redis comes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { createClient } from '@keyv/redis';
import { noWarnings } from '../renderer-page/spec.ts';
import { renderCache, type CachedRender } from '../server/cache/render-cache.ts';
import { freePort } from './support/redis.ts';
import { closedAfterTests, type TestService } from './support/service.ts';

const testbed = closedAfterTests();
const { redis } = testbed;
const service = (redisUrl: string) => testbed.service({ redisUrl, poolSize: 1 });

async function cache(redisUrl: string, ttlMs = 60_000) {
  const log = {
    lines: [] as string[],
    info(line: string) {
      this.lines.push(line);
    },
    error(line: string) {
      this.lines.push(line);
    },
  };
  const opened = await renderCache({ maxBytes: 10_000_000, maxEntryBytes: 10_000_000, ttlMs, redisUrl, log });
  testbed.closeLater(() => opened.close());
  return Object.assign(opened, { log });
}

async function get(target: TestService, path: string) {
  const started = Date.now();
  const response = await fetch(target.url + path);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    type: response.headers.get('content-type'),
    body,
    ms: Date.now() - started,
  };
}

let maps = 0;
/** a map no test has asked for yet, small so it renders fast */
const freshMap = (format: 'svg' | 'png') =>
  `/map.${format}?scope=world&width=320&theme=light&data=US:${++maps},DE:${maps + 1}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function randomPng(): Buffer {
  const png = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < png.data.length; i++) png.data[i] = Math.floor(Math.random() * 256);
  return PNG.sync.write(png);
}

test('two instances share one cache: what A rendered, B answers from Redis, byte for byte', async () => {
  const shared = await redis();
  const [a, b] = await Promise.all([service(shared.url), service(shared.url)]);
  for (const format of ['svg', 'png'] as const) {
    const path = freshMap(format);
    const first = await get(a, path);
    assert.equal(first.status, 200);
    assert.equal(first.cache, 'MISS');
    const second = await get(b, path);
    assert.equal(second.status, 200);
    assert.equal(second.cache, 'HIT', `${format}: B finds A's render in Redis`);
    assert.equal(second.type, first.type);
    assert.ok(second.body.equals(first.body), `${format}: the same bytes`);
  }
  assert.equal(a.rendered.length, 2);
  assert.equal(b.rendered.length, 0, "B's pool never rendered");
});

test('Redis killed mid-run: every request still answers promptly; the shared cache comes back with Redis', async () => {
  const shared = await redis();
  const [a, b] = await Promise.all([service(shared.url), service(shared.url)]);
  const before = freshMap('png');
  assert.equal((await get(a, before)).cache, 'MISS');
  assert.equal((await get(b, before)).cache, 'HIT');

  await shared.kill();
  const outage = [
    [a, freshMap('svg')],
    [a, before],
    [b, before],
    [b, freshMap('png')],
    [a, freshMap('png')],
    [b, freshMap('svg')],
  ] as const;
  for (const [target, path] of outage) {
    const answer = await get(target, path);
    assert.equal(answer.status, 200, `${path} answers while Redis is down`);
    assert.ok(answer.ms < 2000, `${path} took ${answer.ms} ms`);
  }
  assert.equal((await get(a, before)).cache, 'HIT', 'what A holds in memory is still served');
  assert.equal((await get(b, before)).cache, 'HIT', 'so is what B copied from Redis before it went away');

  await shared.restart();
  const deadline = Date.now() + 10_000;
  let shares = false;
  while (!shares && Date.now() < deadline) {
    const path = freshMap('svg');
    assert.equal((await get(a, path)).status, 200);
    const onB = await get(b, path);
    assert.equal(onB.status, 200);
    shares = onB.cache === 'HIT';
    if (!shares) await sleep(250);
  }
  assert.ok(shares, 'within 10 s of the restart, a map rendered on A is a HIT on B again');
});

test('Redis unreachable at start: the service starts, renders, and caches in memory', async () => {
  const started = Date.now();
  const lonely = await service(`redis://127.0.0.1:${await freePort()}`);
  const path = freshMap('png');
  const first = await get(lonely, path);
  assert.equal(first.status, 200);
  assert.equal(first.cache, 'MISS');
  const second = await get(lonely, path);
  assert.equal(second.cache, 'HIT', 'the memory tier still works');
  assert.ok(second.body.equals(first.body));
  assert.equal(lonely.rendered.length, 1);
  assert.ok(Date.now() - started < 15_000);
});

test('a PNG round-trips through Redis exactly, as a Buffer, with its warnings', async () => {
  const shared = await redis();
  const writer = await cache(shared.url);
  const reader = await cache(shared.url); // its memory is empty, so what it finds comes from Redis
  const body = randomPng();
  const entry: CachedRender = {
    body,
    renderWarnings: { unknownRoutes: ['XX>YY', ':starts-with-a-colon'], hiddenLabels: ['Iași'], notDrawn: ['PF'] },
    description: 'Map of România: Iași (1.234,5)',
  };
  await writer.set('"etag-1"', entry);
  const found = await reader.get('"etag-1"');
  assert.ok(found && Buffer.isBuffer(found.body));
  assert.ok(found.body.equals(body), 'the same bytes');
  assert.deepEqual(found.renderWarnings, entry.renderWarnings);
  assert.equal(found.description, entry.description);
  assert.deepEqual(PNG.sync.read(found.body).data, PNG.sync.read(body).data);

  const raw = createClient({ url: shared.url });
  await raw.connect();
  const stored = await raw.get('map-render::"etag-1"');
  const ttl = await raw.pTTL('map-render::"etag-1"');
  await raw.close();
  assert.ok(stored?.includes(`":base64:${body.toString('base64')}"`), 'Keyv stores the Buffer as base64');
  assert.ok(ttl > 59_000 && ttl <= 60_000, `Redis expires it with the TTL (${ttl} ms left)`);
});

test('the TTL applies to both tiers, and a copy from Redis keeps only what it had left', async () => {
  const shared = await redis();
  const writer = await cache(shared.url, 600);
  const copier = await cache(shared.url, 600);
  const entry = { body: randomPng(), renderWarnings: noWarnings(), description: 'a map' };
  await writer.set('k', entry);
  await sleep(300);
  assert.ok(await copier.get('k'), 'found in Redis and copied into memory with ~300 ms left');
  await sleep(450); // 750 ms after the write: past the TTL, though a copy given a full TTL would live till 900
  assert.equal(await writer.get('k'), undefined, 'expired in the memory tier');
  assert.equal(await copier.get('k'), undefined, 'the copy expired with the original');
  assert.equal(await (await cache(shared.url, 600)).get('k'), undefined, 'expired in Redis');
});

test('a hung Redis costs one operation the timeout; the others skip it at once, and it is used again when it answers', async () => {
  const shared = await redis();
  const tier = await cache(shared.url);
  await tier.set('before', { body: randomPng(), renderWarnings: noWarnings(), description: 'a map' });
  process.kill(shared.pid()!, 'SIGSTOP');
  try {
    let started = Date.now();
    await tier.set('during', { body: randomPng(), renderWarnings: noWarnings(), description: 'a map' });
    assert.ok(Date.now() - started < 1000, `the first operation took ${Date.now() - started} ms`);
    assert.match(tier.log.lines.join('\n'), /unavailable \(.*took over 250 ms\)/);
    // the breaker is open: misses do not wait for Redis any more
    started = Date.now();
    for (let i = 0; i < 20; i++) assert.equal(await tier.get(`missing-${i}`), undefined);
    assert.ok(Date.now() - started < 250, `20 misses took ${Date.now() - started} ms`);
    assert.ok((await tier.get('during'))?.body, 'the write during the hang is kept in memory');
  } finally {
    process.kill(shared.pid()!, 'SIGCONT');
  }
  // after its pause, the breaker tries Redis again with one operation, which finds it back
  await sleep(1100);
  assert.equal(await tier.get('missing'), undefined);
  await tier.set('after', { body: randomPng(), renderWarnings: noWarnings(), description: 'a map' });
  const fresh = await cache(shared.url);
  assert.ok((await fresh.get('before'))?.body, 'Redis serves again');
  assert.ok((await fresh.get('after'))?.body, 'and takes writes again');
});

test('a map larger than CACHE_MAX_ENTRY_BYTES is kept in neither tier; a sixteenth of the memory bound is kept in memory alone', async () => {
  const shared = await redis();
  const log = { info() {}, error() {} };
  const tier = await renderCache({
    maxBytes: 16 * 100_000,
    maxEntryBytes: 200_000,
    ttlMs: 60_000,
    redisUrl: shared.url,
    log,
  });
  testbed.closeLater(() => tier.close());
  const map = (bytes: number) => ({ body: Buffer.alloc(bytes, 1), renderWarnings: noWarnings(), description: 'a map' });
  await tier.set('small', map(50_000));
  await tier.set('middling', map(150_000));
  await tier.set('large', map(300_000));
  const fresh = await renderCache({ maxBytes: 0, maxEntryBytes: 200_000, ttlMs: 60_000, redisUrl: shared.url, log });
  testbed.closeLater(() => fresh.close());
  assert.equal((await fresh.get('small'))?.body.length, 50_000, 'in Redis');
  assert.equal((await fresh.get('middling'))?.body.length, 150_000, 'in Redis, over a sixteenth of memory');
  assert.equal(await fresh.get('large'), undefined, 'not in Redis');
  assert.equal(tier.bytes() < 100_000, true, `memory holds the small one alone: ${tier.bytes()} bytes`);
});

test('Redis unreachable: the cache opens within a second, logs once, and works from memory', async () => {
  const started = Date.now();
  const tier = await cache(`redis://:secret@127.0.0.1:${await freePort()}`);
  assert.ok(Date.now() - started < 1500, `opened in ${Date.now() - started} ms`);
  await tier.set('a', { body: randomPng(), renderWarnings: noWarnings(), description: 'a map' });
  assert.ok(await tier.get('a'));
  assert.equal(await tier.get('b'), undefined);
  const lines = tier.log.lines.join('\n');
  assert.equal(tier.log.lines.length, 1, lines);
  assert.match(lines, /unavailable/);
  assert.doesNotMatch(lines, /secret/, 'the password stays out of the logs');
});
