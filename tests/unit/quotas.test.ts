// Quotas in one replica (memory), their headers and their refusal, the bounded label of the metrics per key, and the
// key a stored map's record names. Two replicas sharing Redis: tests/quotas-http.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { Quotas, QuotaExceeded } from '../../server/access/quotas.ts';
import { quotaRefusal, rateLimitFields } from '../../server/access/quota-gate.ts';
import { keyLabels } from '../../server/observability/key-labels.ts';
import { storedBy, storedForm } from '../../server/store/stored-form.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';

const silent = { warn() {}, info() {} };
const quotas = (minute: number, day: number, anonymous = { minute: 0, day: 0 }) =>
  new Quotas({ key: { minute, day }, anonymous }, undefined, silent);

test('a key spends its minute, then is refused; the refusal says which quota and when it ends', async () => {
  const q = quotas(2, 100);
  assert.deepEqual(
    (await q.spend('key:a')).map((s) => [s.window, s.remaining]),
    [
      ['minute', 1],
      ['day', 99],
    ],
  );
  await q.spend('key:a');
  const refusal = await q.spend('key:a').catch((error: unknown) => error);
  assert.ok(refusal instanceof QuotaExceeded);
  assert.equal(refusal.window, 'minute');
  assert.deepEqual(
    refusal.standing.map((s) => [s.window, s.remaining]),
    [
      ['minute', 0],
      ['day', 98],
    ],
    'the day spends nothing for a request the minute refused',
  );
  const error = quotaRefusal(refusal, Date.parse('2026-01-01T00:00:00Z'));
  assert.equal(error.status, 429);
  assert.equal(error.code, 'rate_limited');
  assert.equal(error.details.quota, 'minute');
  assert.equal(error.details.limit, 2);
  const seconds = Number(error.headers['Retry-After']);
  assert.ok(seconds >= 59 && seconds <= 60);
  assert.equal(error.details.resets, `2026-01-01T00:01:${seconds === 60 ? '00' : '59'}Z`);
  assert.equal(error.headers['RateLimit-Policy'], '"minute";q=2;w=60, "day";q=100;w=86400');
  assert.match(error.message, /^this key has rendered the 2 maps a minute allows/);
  // another key is another count
  assert.equal((await q.spend('key:b'))[0]!.remaining, 1);
});

test('a day refusing a render gives the minute its render back', async () => {
  const q = quotas(10, 2);
  await q.spend('key:a');
  await q.spend('key:a');
  const refusal = (await q.spend('key:a').catch((error: unknown) => error)) as QuotaExceeded;
  assert.equal(refusal.window, 'day');
  assert.deepEqual(
    refusal.standing.map((s) => [s.window, s.remaining]),
    [
      ['minute', 8],
      ['day', 0],
    ],
  );
});

test('the standing of a cached map counts nothing; an address has the anonymous quotas, or none', async () => {
  const q = quotas(5, 0, { minute: 1, day: 0 });
  assert.deepEqual(q.standing('key:a'), [{ window: 'minute', quota: 5, remaining: 5, resetSeconds: 60 }]);
  await q.spend('key:a');
  assert.equal(q.standing('key:a')[0]!.remaining, 4);
  assert.equal(q.standing('key:a')[0]!.remaining, 4, 'reading it spends nothing');
  await q.spend('203.0.113.7');
  await assert.rejects(q.spend('203.0.113.7'), (error: QuotaExceeded) => !error.keyed);
  const none = quotas(0, 0);
  assert.deepEqual(await none.spend('key:a'), []);
  assert.deepEqual(rateLimitFields(none.standing('key:a')), {}, 'no quota, no headers');
});

test('the headers are the structured fields of draft-ietf-httpapi-ratelimit-headers', () => {
  assert.deepEqual(
    rateLimitFields([
      { window: 'minute', quota: 60, remaining: 59, resetSeconds: 60 },
      { window: 'day', quota: 2000, remaining: 1999, resetSeconds: 86_400 },
    ]),
    {
      'RateLimit-Policy': '"minute";q=60;w=60, "day";q=2000;w=86400',
      RateLimit: '"minute";r=59;t=60, "day";r=1999;t=86400',
    },
  );
});

test('the metrics name the first keys they count, the rest `other`, never an address', () => {
  const labelOf = keyLabels(2);
  assert.deepEqual(['key:a', 'key:b', 'key:c', '203.0.113.7', 'key:a', '2001:db8::/64'].map(labelOf), [
    'a',
    'b',
    'other',
    'anonymous',
    'a',
    'anonymous',
  ]);
});

test("a stored map's record names the key that stored it, read from its head", () => {
  const catalogue = loadCatalogue();
  const text = (key?: string) =>
    gunzipSync(storedForm({ scope: 'world', title: '"key":"x"' }, catalogue, key).stored.record).toString('utf8');
  assert.equal(storedBy(text('newsroom-1')), 'newsroom-1');
  assert.equal(storedBy(text('with "quotes"')), 'with "quotes"');
  assert.equal(storedBy(text()), undefined, 'stored without a key, though its title spells one');
});
