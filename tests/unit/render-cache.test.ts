import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryRenderCache } from '../../server/cache/render-cache.ts';

const entry = (bytes: number) => ({ body: Buffer.alloc(bytes), renderWarnings: [], description: 'a map' });

test('the memory cache is bounded by bytes, least recently used out first', async () => {
  const cache = memoryRenderCache({ maxBytes: 2000, ttlMs: 60_000 });
  await cache.set('a', entry(700));
  await cache.set('b', entry(700));
  assert.ok(await cache.get('a'), 'a is read, so b is now the least recently used');
  await cache.set('c', entry(700));
  assert.ok(await cache.get('a'));
  assert.equal(await cache.get('b'), undefined);
  assert.ok(await cache.get('c'));
  assert.equal(cache.bytes(), 2 * (700 + 256), 'two bodies and their bookkeeping');
  await cache.set('huge', entry(5000));
  assert.equal(await cache.get('huge'), undefined, 'an entry larger than the whole cache is not kept');
  assert.equal(cache.bytes(), 2 * (700 + 256));
});

test('entries expire after the TTL', async () => {
  const cache = memoryRenderCache({ maxBytes: 10_000, ttlMs: 30 });
  await cache.set('a', entry(10));
  assert.ok(await cache.get('a'));
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(await cache.get('a'), undefined);
});
