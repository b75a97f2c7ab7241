// Keys and signed URLs through real HTTP (DECISIONS §12): under ACCESS=keys a key minted by `npm run keys` opens
// the rendering endpoints and nothing opens them without one; a URL signed by the hosted service's algorithm
// verifies, a tampered, expired or revoked one is refused, an <img> gets a picture of why; under
// ACCESS=watermark a map without a valid key carries the logo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closedAfterTests } from './support/service.ts';
import { mintKey } from '../server/access/key-tokens.ts';

const SECRET = 'test-secret-of-at-least-32-characters!';
const scratch = mkdtempSync(path.join(tmpdir(), 'access-'));
const revokedFile = path.join(scratch, 'revoked-keys.txt');
writeFileSync(revokedFile, '# revoked key ids\n');
const { service } = closedAfterTests();
const keys = service({ access: 'keys', keySecrets: [SECRET], revokedKeys: revokedFile, mapsDir: scratch });
const METRICS_TOKEN = 'scrape-me';
const watermark = service({
  access: 'watermark',
  keySecrets: [SECRET],
  metricsToken: METRICS_TOKEN,
  pages: ['preview'],
});

/** A key as an operator mints one: `npm run keys -- mint`, its last line. */
function mintByCli(owner: string): string {
  const output = execFileSync('npm', ['run', '-s', 'keys', '--', 'mint', '--owner', owner, '--days', '30'], {
    env: { ...process.env, KEY_SECRETS: SECRET },
    encoding: 'utf8',
  });
  return output.trim().split('\n').at(-1)!;
}

/** The hosted service's signer, as its assistant server's sign.ts does it. */
function sign(pathAndQuery: string, key: string): string {
  const [payload, signature] = key.slice('mr_live_'.length).split('.') as [string, string];
  const query = pathAndQuery.slice(pathAndQuery.indexOf('?') + 1);
  const canonical = query.split('&').filter(Boolean).sort().join('&');
  return `${pathAndQuery}&k=${payload}&t=${createHmac('sha256', signature).update(canonical).digest('base64url')}`;
}

const MAP = '/map.svg?scope=world&data=US:200,CN:150&src=mcp';
const bearer = (key: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${key}` },
});
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function refused(url: string, init: RequestInit, status: number, pattern: RegExp): Promise<void> {
  const response = await fetch(url, init);
  const body = (await response.json()) as { error: string; message: string };
  assert.equal(response.status, status, body.message);
  assert.equal(body.error, status === 401 ? 'unauthorized' : 'forbidden');
  assert.match(body.message, pattern);
  if (status === 401) assert.equal(response.headers.get('www-authenticate'), 'Bearer');
}

test('ACCESS=keys: nothing renders without credentials; an <img> gets a picture of the refusal', async () => {
  const { url } = await keys;
  await refused(url + MAP, {}, 401, /Authorization: Bearer <key>, or a URL signed with one/);
  await refused(`${url}/render/map`, postJson({ scope: 'world' }), 401, /keys/);
  await refused(`${url}/render/spec?scope=world`, {}, 401, /keys/);
  await refused(`${url}/maps`, postJson({ scope: 'world' }), 401, /keys/);
  await refused(`${url}${MAP}&k=abc`, {}, 401, /needs both k and t/);
  const img = await fetch(url + MAP, { headers: { 'Sec-Fetch-Dest': 'image' } });
  assert.equal(img.status, 401);
  assert.equal(img.headers.get('x-map-error'), 'unauthorized');
  assert.match(img.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  assert.match(await img.text(), /Bearer/);
  // what reads no data stays open
  for (const open of ['/scopes', '/scopes/DE', '/healthz', '/openapi.json', '/'])
    assert.equal((await fetch(url + open)).status, 200, open);
});

test('ACCESS=keys: a key minted by npm run keys opens GET and POST; a signed URL verifies, and its ETag is the map’s', async () => {
  const { url } = await keys;
  const key = mintByCli('newsroom');
  const byKey = await fetch(url + MAP, bearer(key));
  assert.equal(byKey.status, 200);
  assert.match(await byKey.text(), /<svg/);
  const posted = await fetch(
    `${url}/render/map`,
    bearer(key, postJson({ scope: 'DE', regions: [{ id: 'DE-BY', value: 1 }] })),
  );
  assert.equal(posted.status, 200);
  const stored = await fetch(
    `${url}/maps`,
    bearer(key, postJson({ scope: 'DE', regions: [{ id: 'DE-BE', value: 2 }] })),
  );
  assert.equal(stored.status, 201);
  const { urls } = (await stored.json()) as { urls: { svg: string } };
  assert.equal((await fetch(urls.svg)).status, 200, "a stored map's URL is open");

  const signed = await fetch(url + sign(MAP, key));
  assert.equal(signed.status, 200);
  // k, t and src are no part of the map: the same ETag as the key's request
  assert.equal(signed.headers.get('etag'), byKey.headers.get('etag'));
});

test('ACCESS=keys: a tampered URL, a key of another service, an expired and a revoked key are 403', async () => {
  const { url } = await keys;
  const key = mintByCli('agency');
  await refused(url + sign(MAP, key).replace('US:200', 'US:999'), {}, 403, /does not match its query/);
  const foreign = mintKey(
    { id: 'x', owner: 'y', expires: 4e9 },
    'another-secret-of-32-characters-at-least',
    'mr_live_',
  );
  await refused(url + MAP, bearer(foreign), 403, /not one of this service/);
  const expired = mintKey({ id: 'old', owner: 'y', expires: 1_700_000_000 }, SECRET, 'mr_live_');
  await refused(url + MAP, bearer(expired), 403, /expired/);

  const id = JSON.parse(Buffer.from(key.slice(8).split('.')[0]!, 'base64url').toString()).k as string;
  assert.equal((await fetch(url + MAP, bearer(key))).status, 200);
  writeFileSync(revokedFile, `# revoked key ids\n${id}\n`);
  const deadline = Date.now() + 5000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await fetch(url + sign(MAP, key))).status;
  }
  assert.equal(status, 403, 'revoked within seconds, without a restart');
  await refused(url + MAP, bearer(key), 403, /revoked/);
});

test('ACCESS=keys: the maps a revoked key stored stop being drawn and read (403), cached or not', async () => {
  const { url } = await keys;
  const key = mintKey({ id: 'stores-then-goes', owner: 'y', expires: 4e9 }, SECRET, 'mr_live_');
  const stored = await fetch(
    `${url}/maps`,
    bearer(key, postJson({ scope: 'world', regions: [{ id: 'NO', value: 3 }] })),
  );
  assert.equal(stored.status, 201);
  const { id, urls } = (await stored.json()) as { id: string; urls: { svg: string } };
  assert.equal((await fetch(urls.svg)).status, 200, 'drawn, and cached');
  writeFileSync(revokedFile, `# revoked key ids\nstores-then-goes\n`);
  const deadline = Date.now() + 5000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await fetch(urls.svg)).status;
  }
  await refused(urls.svg, {}, 403, /the key that stored this map has been revoked/);
  await refused(`${url}/maps/${id}.png`, {}, 403, /revoked/);
  await refused(`${url}/maps/${id}`, {}, 403, /revoked/);
});

test('ACCESS=watermark: a map without a valid key carries the logo, whatever it asks; with one, as asked', async () => {
  const { url } = await watermark;
  const key = mintKey({ id: 'w', owner: 'z', expires: 4e9 }, SECRET, 'mr_live_');
  const logo = (svg: string) => /data-layer="logo"/.test(svg);
  const anonymous = await fetch(`${url}/map.svg?scope=world&data=US:1&logo=false`);
  assert.equal(anonymous.status, 200);
  assert.ok(logo(await anonymous.text()), 'anonymous: the logo');
  const tampered = await fetch(url + sign('/map.svg?scope=world&data=US:1', key).replace('US:1', 'US:2'));
  assert.ok(logo(await tampered.text()), 'a bad signature is anonymous');
  const keyed = await fetch(url + sign('/map.svg?scope=world&data=US:1', key));
  assert.equal(keyed.status, 200);
  assert.ok(!logo(await keyed.text()), 'a valid signed URL: no logo');
  assert.notEqual(keyed.headers.get('etag'), anonymous.headers.get('etag'));
  const posted = await fetch(
    `${url}/render/map`,
    postJson({ scope: 'world', regions: [{ id: 'US', value: 1 }], format: 'svg' }),
  );
  assert.ok(logo(await posted.text()), 'a POST without a key: the logo');
});

test("the operator's surface: /metrics behind METRICS_TOKEN; /docs, /openapi.json and the source maps off with PAGES", async () => {
  const { url } = await watermark;
  await refused(`${url}/metrics`, {}, 401, /METRICS_TOKEN/);
  await refused(`${url}/metrics`, bearer('scrape-you'), 403, /not the METRICS_TOKEN/);
  const metrics = await fetch(`${url}/metrics`, bearer(METRICS_TOKEN));
  assert.equal(metrics.status, 200);
  assert.match(await metrics.text(), /^# HELP /m);
  for (const off of ['/docs', '/openapi.json', '/renderer.js.map', '/preview.js.map'])
    assert.equal((await fetch(url + off)).status, 404, off);
  for (const on of ['/', '/preview.js', '/renderer.js']) assert.equal((await fetch(url + on)).status, 200, on);
});
