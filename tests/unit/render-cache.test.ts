import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noWarnings } from '../../renderer-page/spec.ts';
import { memoryRenderCache } from '../../server/cache/render-cache.ts';

const entry = (bytes: number) => ({ body: Buffer.alloc(bytes), renderWarnings: noWarnings(), description: 'a map' });

test('the memory cache is bounded by bytes, least recently used out first', async () => {
  const cache = memoryRenderCache({ maxBytes: 32_000, ttlMs: 60_000, maxEntryBytes: 32_000 });
  const entries = Array.from({ length: 16 }, (_, i) => `m${i}`);
  for (const key of entries) await cache.set(key, entry(1700));
  assert.equal(cache.bytes(), 16 * (1700 + 256), 'sixteen bodies and their bookkeeping');
  assert.ok(await cache.get('m0'), 'm0 is read, so m1 is now the least recently used');
  await cache.set('new', entry(1700));
  assert.ok(await cache.get('m0'));
  assert.equal(await cache.get('m1'), undefined);
  assert.ok(await cache.get('new'));
});

test('a map over a sixteenth of the bound, or over maxEntryBytes, is not kept, and pushes nothing out', async () => {
  const cache = memoryRenderCache({ maxBytes: 32_000, ttlMs: 60_000, maxEntryBytes: 1000 });
  await cache.set('small', entry(900));
  await cache.set('over the entry bound', entry(1100));
  assert.equal(await cache.get('over the entry bound'), undefined);
  const shared = memoryRenderCache({ maxBytes: 32_000, ttlMs: 60_000, maxEntryBytes: 32_000 });
  await shared.set('small', entry(900));
  // three maps of 25 MB once emptied a cache of 64 MB
  for (const key of ['a', 'b', 'c']) await shared.set(key, entry(2100));
  assert.equal(await shared.get('a'), undefined, 'over a sixteenth of the bound');
  assert.ok(await shared.get('small'), 'the small map stays');
  assert.equal(shared.bytes(), 900 + 256);
});

test('entries expire after the TTL', async () => {
  const cache = memoryRenderCache({ maxBytes: 10_000, ttlMs: 30, maxEntryBytes: 10_000 });
  await cache.set('a', entry(10));
  assert.ok(await cache.get('a'));
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(await cache.get('a'), undefined);
});
