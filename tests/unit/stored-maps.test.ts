// Stored maps without a browser: the id and record a request is stored as, the folder store, and their settings.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { readConfig } from '../../server/config.ts';
import { recordText, storedForm, storedRequest } from '../../server/store/stored-form.ts';
import { directoryStore } from '../../server/store/directory-store.ts';
import { StoreBudgetSpent, StoreUnavailable, holderOf } from '../../server/store/map-store.ts';
import { ApiError } from '../../server/errors.ts';

const catalogue = loadCatalogue();
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'map-store-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NO_BUDGETS = { perHolder: 0, total: 0 };
const idOf = (input: unknown) => storedForm(input, catalogue).stored.id;

test('the id: a hash of the normalised request, the same for every spelling of one map', () => {
  const id = idOf({ scope: 'world', regions: [{ id: 'DE', value: 1 }], title: 'A' });
  assert.match(id, /^[A-Za-z0-9_-]{22}$/);
  assert.equal(idOf({ title: 'A', regions: [{ id: 'Germany', value: 1 }], scope: 'WORLD' }), id, 'alias, case, order');
  assert.equal(idOf({ scope: 'world', regions: [{ id: 'DE', value: 1 }], title: 'A', format: 'pdf' }), id, 'format');
  assert.equal(idOf({ scope: 'world', regions: [{ id: 'DE', value: 1 }], title: 'A', width: 1200 }), id, 'a default');
  assert.notEqual(idOf({ scope: 'world', regions: [{ id: 'DE', value: 2 }], title: 'A' }), id, 'another value');
  assert.notEqual(idOf({ scope: 'world', regions: [{ id: 'DE', value: 1 }], title: 'A', scale: 2 }), id, 'scale');
  assert.notEqual(idOf({ scope: 'world', regions: [{ id: 'DE', value: 1 }], title: 'A', quality: 50 }), id, 'quality');
});

test('the record: the request as sent, format left out, gzipped; a bad request is refused before it', async () => {
  const input = { scope: 'world', format: 'png', regions: [{ id: 'Germany', value: 1 }] };
  const { stored } = storedForm(input, catalogue);
  assert.deepEqual(storedRequest(await recordText(stored.record)), {
    scope: 'world',
    regions: [{ id: 'Germany', value: 1 }],
  });
  assert.equal(stored.record.subarray(0, 2).toString('hex'), '1f8b', 'gzip');
  assert.throws(
    () => storedForm({ scope: 'world', width: 'wide' }, catalogue),
    (error: unknown) => {
      return error instanceof ApiError && error.code === 'invalid_field' && error.field === 'width';
    },
  );
  assert.throws(
    () => storedForm([1, 2], catalogue),
    (error: unknown) => error instanceof ApiError,
  );
});

test('the folder store: kept whole under its id, once; no temporary files left', async () => {
  const dir = scratch();
  const store = directoryStore(path.join(dir, 'maps'), NO_BUDGETS);
  const record = Buffer.from('a record');
  assert.equal(await store.get('abcdefghijklmnopqrstuv'), undefined);
  assert.equal(await store.put('abcdefghijklmnopqrstuv', record, 'key:a'), true);
  assert.equal(await store.put('abcdefghijklmnopqrstuv', record, 'key:a'), false, 'already stored');
  assert.deepEqual(await store.get('abcdefghijklmnopqrstuv'), record);
  assert.deepEqual(readdirSync(path.join(dir, 'maps'), { recursive: true }).sort(), [
    'ab',
    path.join('ab', 'abcdefghijklmnopqrstuv.json.gz'),
    'stored-bytes.log',
  ]);
  // a re-opened store (a restart) reads what the last one kept
  assert.deepEqual(await directoryStore(path.join(dir, 'maps'), NO_BUDGETS).get('abcdefghijklmnopqrstuv'), record);
});

test('the folder store counts what each holder holds: past its budget or the store’s, refused, nothing touched', async () => {
  const root = path.join(scratch(), 'maps');
  const store = directoryStore(root, { perHolder: 25, total: 40 });
  const ten = Buffer.alloc(10, 1);
  const id = (n: number) => `${String(n).padStart(2, '0')}cdefghijklmnopqrstuv`;
  // ten at once, made one at a time: two fit under alice's 25, the third would pass it
  const puts = await Promise.allSettled([1, 2, 3].map((n) => store.put(id(n), ten, 'key:alice')));
  assert.deepEqual(
    puts.map((p) => (p.status === 'fulfilled' ? p.value : (p.reason as StoreBudgetSpent).budget)),
    [true, true, 'holder'],
  );
  assert.equal(await store.put(id(1), ten, 'key:alice'), false, 'the same map again is no more bytes');
  assert.equal(await store.put(id(4), ten, 'key:bob'), true);
  // 30 held: bob's second would pass the store's 40
  await assert.rejects(store.put(id(5), Buffer.alloc(11), 'key:bob'), (error: StoreBudgetSpent) => {
    return error.budget === 'store' && error.held === 30 && error.limit === 40 && error.bytes === 11;
  });
  assert.equal(await store.get(id(3)), undefined, 'nothing of a refused map is kept');
  // a restart reads the ledger again
  const again = directoryStore(root, { perHolder: 25, total: 40 });
  await assert.rejects(again.put(id(6), ten, 'key:alice'), (error: StoreBudgetSpent) => error.budget === 'holder');
  assert.equal(await again.put(id(7), ten, 'key:carol'), true, 'carol holds nothing, the store 30');
  assert.deepEqual(await again.get(id(1)), ten, 'every map stored before is kept');
});

test('an address is held as a hash of it, a key as its id', () => {
  assert.equal(holderOf('key:newsroom'), 'key:newsroom');
  assert.match(holderOf('203.0.113.9'), /^address:[\w-]{22}$/);
  assert.notEqual(holderOf('203.0.113.9'), holderOf('203.0.113.10'));
});

test('a folder that cannot be written is StoreUnavailable, and nothing is left in it', async (t) => {
  if (process.getuid?.() === 0) return t.skip('root writes anywhere');
  const dir = scratch();
  chmodSync(dir, 0o500);
  try {
    await assert.rejects(
      directoryStore(dir, NO_BUDGETS).put('abcdefghijklmnopqrstuv', Buffer.from('x'), 'key:a'),
      StoreUnavailable,
    );
    assert.deepEqual(readdirSync(dir), []);
  } finally {
    chmodSync(dir, 0o700);
  }
});

test('settings: MAPS_DIR, MAPS_REDIS_URL (REDIS_URL unless none), PUBLIC_URL, the budgets', () => {
  const defaults = readConfig({});
  assert.deepEqual([defaults.storeMaxBytesPerKey, defaults.storeMaxBytes], [64 * 1024 * 1024, 512 * 1024 * 1024]);
  assert.equal(readConfig({ STORE_MAX_BYTES: '0' }).storeMaxBytes, 0);
  assert.deepEqual(
    [defaults.mapsDir, defaults.mapsRedisUrl, defaults.publicUrl],
    ['./data/maps', undefined, undefined],
  );
  assert.equal(readConfig({ REDIS_URL: 'redis://cache:6379' }).mapsRedisUrl, 'redis://cache:6379');
  assert.equal(
    readConfig({ REDIS_URL: 'redis://cache:6379', MAPS_REDIS_URL: 'redis://maps:6379' }).mapsRedisUrl,
    'redis://maps:6379',
  );
  assert.equal(readConfig({ REDIS_URL: 'redis://cache:6379', MAPS_REDIS_URL: 'none' }).mapsRedisUrl, undefined);
  assert.throws(() => readConfig({ MAPS_REDIS_URL: 'maps:6379' }), /MAPS_REDIS_URL must be a redis:\/\//);
  assert.equal(readConfig({ PUBLIC_URL: 'https://maps.example.org/' }).publicUrl, 'https://maps.example.org');
  assert.throws(() => readConfig({ PUBLIC_URL: 'maps.example.org' }), /PUBLIC_URL must be an http/);
  assert.throws(() => readConfig({ PUBLIC_URL: 'ftp://maps.example.org' }), /PUBLIC_URL must be an http/);
});
