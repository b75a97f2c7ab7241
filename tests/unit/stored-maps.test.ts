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
import { StoreUnavailable } from '../../server/store/map-store.ts';
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
  const store = directoryStore(path.join(dir, 'maps'));
  const record = Buffer.from('a record');
  assert.equal(await store.get('abcdefghijklmnopqrstuv'), undefined);
  assert.equal(await store.put('abcdefghijklmnopqrstuv', record), true);
  assert.equal(await store.put('abcdefghijklmnopqrstuv', record), false, 'already stored');
  assert.deepEqual(await store.get('abcdefghijklmnopqrstuv'), record);
  assert.deepEqual(readdirSync(path.join(dir, 'maps'), { recursive: true }).sort(), [
    'ab',
    path.join('ab', 'abcdefghijklmnopqrstuv.json.gz'),
  ]);
  // a re-opened store (a restart) reads what the last one kept
  assert.deepEqual(await directoryStore(path.join(dir, 'maps')).get('abcdefghijklmnopqrstuv'), record);
});

test('a folder that cannot be written is StoreUnavailable, and nothing is left in it', async (t) => {
  if (process.getuid?.() === 0) return t.skip('root writes anywhere');
  const dir = scratch();
  chmodSync(dir, 0o500);
  try {
    await assert.rejects(directoryStore(dir).put('abcdefghijklmnopqrstuv', Buffer.from('x')), StoreUnavailable);
    assert.deepEqual(readdirSync(dir), []);
  } finally {
    chmodSync(dir, 0o700);
  }
});

test('settings: MAPS_DIR, MAPS_REDIS_URL (REDIS_URL unless none), PUBLIC_URL', () => {
  const defaults = readConfig({});
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
