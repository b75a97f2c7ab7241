// Keys and signed URLs (DECISIONS §12): what `npm run keys` mints verifies, tampering, expiry and a foreign secret
// do not, secrets rotate, and a URL signed as the hosted service's tools sign it (its assistant server's
// `sign.ts`, written again here from its description, apart from ours) verifies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { checkKey, checkSignedQuery, mintKey, signUrl } from '../../server/access/key-tokens.ts';
import { canonicalQuery } from '../../renderer-page/preview/canonical-query.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const OLD = 'the-secret-before-the-rotation-of-2026';
const PREFIX = 'mr_live_';
const NOW = 1_800_000_000;
const claims = { id: 'kid1', owner: 'newsroom', expires: NOW + 3600 };

/** The hosted service's signer: k = the key's payload, t = HMAC-SHA256 keyed with the key's signature text over
 *  the query's pairs but k and t, sorted, joined with &, never decoded. */
function signAsHostedToolsDo(url: string, key: string): string {
  const [payload, signature] = key.slice(PREFIX.length).split('.') as [string, string];
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const canonical = query
    .split('&')
    .filter((pair) => pair !== '' && !/^[kt](=|$)/.test(pair))
    .sort()
    .join('&');
  const token = createHmac('sha256', signature).update(canonical).digest('base64url');
  return `${url}${url.includes('?') ? '&' : '?'}k=${payload}&t=${token}`;
}

const queryOf = (url: string) => url.slice(url.indexOf('?') + 1);
const pairOf = (url: string, name: string) => new URLSearchParams(queryOf(url)).get(name)!;
const verify = (url: string, secrets = [SECRET], now = NOW) =>
  checkSignedQuery(queryOf(url), pairOf(url, 'k'), pairOf(url, 't'), secrets, now);

test('a minted key verifies; with another secret, tampered, expired or with another prefix it does not', () => {
  const key = mintKey(claims, SECRET, PREFIX);
  assert.match(key, /^mr_live_[\w-]+\.[\w-]{43}$/);
  assert.deepEqual(checkKey(key, [SECRET], PREFIX, NOW), { ok: true, claims });
  assert.deepEqual(checkKey(key, [OLD], PREFIX, NOW), { ok: false, refusal: 'bad signature' });
  const forged = mintKey({ ...claims, owner: 'someone else' }, OLD, PREFIX).split('.')[0] + '.' + key.split('.')[1];
  assert.deepEqual(checkKey(forged, [SECRET], PREFIX, NOW), { ok: false, refusal: 'bad signature' });
  assert.deepEqual(checkKey(key, [SECRET], PREFIX, NOW + 3600), { ok: false, refusal: 'expired' });
  assert.deepEqual(checkKey(key.replace('mr_live_', 'mr_test_'), [SECRET], PREFIX, NOW), {
    ok: false,
    refusal: 'malformed',
  });
  for (const bad of ['', 'mr_live_', 'mr_live_abc', 'mr_live_.sig', `${key}.x`])
    assert.equal(checkKey(bad, [SECRET], PREFIX, NOW).ok, false, bad);
});

test('secrets rotate: a key signed with the old secret verifies while it is listed after the new one', () => {
  const old = mintKey(claims, OLD, PREFIX);
  assert.equal(checkKey(old, [SECRET, OLD], PREFIX, NOW).ok, true);
  assert.equal(checkKey(old, [SECRET], PREFIX, NOW).ok, false);
  const url = signAsHostedToolsDo('https://maps.example/map.svg?scope=world&data=US%3A1', old);
  assert.equal(verify(url, [SECRET, OLD]).ok, true);
});

test("a URL signed by the hosted service's algorithm verifies, and only for its own query", () => {
  const key = mintKey(claims, SECRET, PREFIX);
  const url = 'https://maps.example/map.svg?scope=world&data=US:200,CN:150&title=GDP%20per%20head&src=mcp';
  const signed = signAsHostedToolsDo(url, key);
  assert.deepEqual(verify(signed), { ok: true, claims });
  assert.equal(signUrl(url, key, PREFIX), signed, 'our signer writes the same URL');
  assert.equal(verify(signed.replace('US:200', 'US:999')).ok, false, 'another map');
  assert.equal(verify(signed.replace('title=GDP%20per%20head', 'title=GDP+per+head')).ok, false, 'bytes, not meaning');
  assert.equal(verify(signed.replace('&src=mcp', '')).ok, false, 'src is signed when present');
  assert.equal(verify(signed, [OLD]).ok, false, 'another service');
  assert.deepEqual(verify(signed, [SECRET], NOW + 7200), { ok: false, refusal: 'expired' });
  // a map URL without a query signs its empty query
  assert.equal(verify(signAsHostedToolsDo('https://maps.example/map.svg', key)).ok, true);
});

test('the canonical query: pairs sorted, k and t left out, nothing decoded, empty pairs dropped', () => {
  assert.equal(canonicalQuery('theme=dark&scope=world&k=a&t=b'), 'scope=world&theme=dark');
  assert.equal(canonicalQuery('title=a%20b&&legend&k'), 'legend&title=a%20b');
  assert.equal(canonicalQuery(''), '');
});
