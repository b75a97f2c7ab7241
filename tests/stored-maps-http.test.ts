// Stored maps (POST /maps) through HTTP with a real Chromium and a real folder: a request stored once is drawn at
// its URLs in every format as /render/map draws it, outlives a restart of the service, and a bad request stores
// nothing. The shared Redis store is in stored-maps-redis.test.ts.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { request } from 'undici';
import { serviceForTests, startService } from './support/service.ts';
import { post } from './support/map-requests.ts';
import { fill, parseSvg, regionIds } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

const { light } = themes;
const mapsDir = mkdtempSync(path.join(tmpdir(), 'stored-maps-'));
after(() => rmSync(mapsDir, { recursive: true, force: true }));

const service = serviceForTests({ mapsDir, publicUrl: 'https://maps.example.org' });

interface Stored {
  id: string;
  url: string;
  urls: Record<'svg' | 'png' | 'pdf' | 'jpg' | 'webp', string>;
  warnings: { unknownIds: string[] };
}

/** The files the store holds, by name. */
const storedFiles = (dir = mapsDir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json.gz'));

async function store(body: string, type = 'application/json', query = '', url = service.url) {
  const response = await fetch(`${url}/maps${query}`, post(body, type));
  return { response, body: (await response.json()) as Stored };
}

/** A stored map's URL on this service (the answer's URLs begin with PUBLIC_URL). */
const local = (publicUrl: string, url = service.url) => publicUrl.replace('https://maps.example.org', url);

const europe = {
  scope: 'world',
  theme: 'light',
  width: 600,
  title: 'Stored',
  regions: [
    { id: 'Germany', value: 3 },
    { id: 'FR', value: 5 },
    { id: 'Atlantis', value: 1 },
  ],
};

test('POST /maps answers 201 with permanent URLs; each format draws what /render/map draws', async () => {
  const { response, body } = await store(JSON.stringify({ ...europe, format: 'png' }));
  assert.equal(response.status, 201);
  assert.match(body.id, /^[A-Za-z0-9_-]{22}$/);
  assert.equal(response.headers.get('location'), `https://maps.example.org/maps/${body.id}`, 'PUBLIC_URL first');
  assert.equal(body.urls.png, `https://maps.example.org/maps/${body.id}.png`);
  assert.deepEqual(body.warnings.unknownIds, ['Atlantis']);
  assert.match(response.headers.get('x-geo-warnings') ?? '', /unknown-ids:Atlantis/);

  const types = {
    svg: 'image/svg+xml',
    png: 'image/png',
    pdf: 'application/pdf',
    jpg: 'image/jpeg',
    webp: 'image/webp',
  };
  for (const [extension, type] of Object.entries(types)) {
    const map = await fetch(local(body.urls[extension as keyof Stored['urls']]));
    assert.equal(map.status, 200, extension);
    assert.equal(map.headers.get('content-type'), type, extension);
    assert.equal(map.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const bytes = Buffer.from(await map.arrayBuffer());
    // the same normalised request as the POST body's: the same ETag, and so the same cache entry and bytes
    const format = extension === 'jpg' ? 'jpeg' : extension;
    const direct = await fetch(`${service.url}/render/map`, post(JSON.stringify({ ...europe, format })));
    assert.equal(map.headers.get('etag'), direct.headers.get('etag'), extension);
    if (extension !== 'pdf') assert.ok(bytes.equals(Buffer.from(await direct.arrayBuffer())), extension);
    if (extension === 'svg') {
      const doc = parseSvg(bytes.toString('utf8'));
      assert.equal(fill(doc, 'DE'), light.sequential[0], 'Germany, the lower value, in the first class');
      assert.equal(fill(doc, 'FR'), light.sequential.at(-1), 'France, the higher, in the last');
    }
  }
  // the ETag answers a 304, as on /map.*
  const svg = await fetch(local(body.urls.svg));
  const again = await fetch(local(body.urls.svg), { headers: { 'if-none-match': svg.headers.get('etag')! } });
  assert.equal(again.status, 304);
  // .jpeg is .jpg
  assert.equal((await fetch(local(body.urls.jpg).replace(/jpg$/, 'jpeg'))).headers.get('content-type'), 'image/jpeg');
});

test('the same map stored again, in any spelling, is the same id: 200, nothing new stored', async () => {
  const first = await store(JSON.stringify({ ...europe, width: 500 }));
  assert.equal(first.response.status, 201);
  const files = storedFiles();
  // other key order, an alias for an id, a format (the URL's extension chooses it), a CSV body
  const respelled = {
    regions: [...europe.regions].reverse(),
    title: 'Stored',
    width: 500,
    theme: 'light',
    scope: 'world',
  };
  respelled.regions[2] = { id: 'DE', value: 3 };
  const again = await store(JSON.stringify({ ...respelled, format: 'pdf' }));
  assert.equal(again.response.status, 200);
  assert.equal(again.body.id, first.body.id);
  assert.equal(again.response.headers.get('location'), first.response.headers.get('location'));
  const csv = await store(
    'id,value\nDE,3\nFR,5\nAtlantis,1\n',
    'text/csv',
    '?scope=world&theme=light&width=500&title=Stored',
  );
  assert.equal(csv.response.status, 200);
  assert.equal(csv.body.id, first.body.id);
  assert.deepEqual(storedFiles(), files, 'nothing new in MAPS_DIR');
  // a different map is a different id
  const other = await store(JSON.stringify({ ...europe, width: 500, scale: 2 }));
  assert.notEqual(other.body.id, first.body.id, 'scale is part of the stored map');
});

test('GET /maps/{id} answers the stored request; the URL may add scale and quality, nothing else', async () => {
  const { body } = await store('id,value\nDE,3\nFR,5\n', 'text/csv', '?scope=world&theme=light&width=400&format=png');
  const record = (await (await fetch(local(body.url))).json()) as { id: string; request: Record<string, unknown> };
  assert.equal(record.id, body.id);
  // a CSV body is stored as the JSON request its rows and query make; format is the URL's
  assert.deepEqual(record.request.regions, [
    { id: 'DE', value: 3 },
    { id: 'FR', value: 5 },
  ]);
  assert.equal(record.request.scope, 'world');
  assert.equal(record.request.format, undefined);

  const png = await fetch(`${local(body.urls.png)}?scale=2`);
  assert.equal(png.status, 200);
  assert.equal(PNG.sync.read(Buffer.from(await png.arrayBuffer())).width, 800, 'width × scale');
  const widened = await fetch(`${local(body.urls.png)}?width=1200`);
  const error = (await widened.json()) as { error: string; field: string; message: string };
  assert.equal(widened.status, 400);
  assert.deepEqual([error.error, error.field], ['invalid_field', 'width']);
  assert.match(error.message, /takes only scale and quality/);
});

test('bad input is the 400 /render/map answers, and nothing is stored', async () => {
  const before = storedFiles();
  const cases: Array<[string, string, string, string]> = [
    ['{"scope":"world","width":-3}', 'application/json', '', 'invalid_field'],
    ['{"scope":"nowhere"}', 'application/json', '', 'invalid_scope'],
    ['{"scope":', 'application/json', '', 'invalid_json'],
    ['id,value\nUS,1\nCN,2,"oops\n', 'text/csv', '?scope=world', 'invalid_csv'],
  ];
  for (const [body, type, query, code] of cases) {
    const stored = await fetch(`${service.url}/maps${query}`, post(body, type));
    const rendered = await fetch(`${service.url}/render/map${query}`, post(body, type));
    assert.equal(stored.status, rendered.status, code);
    assert.deepEqual(await stored.json(), await rendered.json(), code);
  }
  const unsupported = await fetch(`${service.url}/maps`, post('scope=world', 'application/x-www-form-urlencoded'));
  assert.equal(unsupported.status, 415);
  assert.deepEqual(storedFiles(), before, 'MAPS_DIR holds nothing new');
});

test('an unknown id is 404 not_found, and a picture of it for an <img>', async () => {
  const response = await fetch(`${service.url}/maps/AAAAAAAAAAAAAAAAAAAAAA.png`);
  const body = (await response.json()) as { error: string; message: string };
  assert.equal(response.status, 404);
  assert.equal(body.error, 'not_found');
  assert.match(body.message, /POST \/maps/);
  const image = await fetch(`${service.url}/maps/AAAAAAAAAAAAAAAAAAAAAA.png`, {
    headers: { 'sec-fetch-dest': 'image' },
  });
  assert.equal(image.status, 404);
  assert.equal(image.headers.get('content-type'), 'image/png');
  assert.equal(image.headers.get('x-map-error'), 'not_found');
  for (const bad of ['/maps/AAAAAAAAAAAAAAAAAAAAAA', '/maps/short.svg', '/maps/AAAAAAAAAAAAAAAAAAAAAA.gif']) {
    assert.equal((await fetch(service.url + bad)).status, 404, bad);
  }
});

test('/render/spec offers POST /maps for 3,220 US counties, whose GET URL is over the limit', async () => {
  const scope = (await (await fetch(`${service.url}/scopes/US`)).json()) as {
    divisions: Array<{ regions: Array<{ id: string }> }>;
  };
  const ids = scope.divisions[0]!.regions.map((r) => r.id);
  assert.ok(ids.length > 3200);
  const csv = `id,value\n${ids.map((id) => `${id},${(Number(id) % 97) / 10}`).join('\n')}\n`;
  const response = await fetch(`${service.url}/render/spec?scope=US&title=Counties`, post(csv, 'text/csv'));
  const described = (await response.json()) as {
    get: string | null;
    store: { why: string; method: string; path: string; body: { scope: string; regions: unknown[] } } | null;
  };
  assert.equal(response.status, 200);
  assert.equal(described.get, null, 'no URL the service would answer 414');
  assert.match(described.store!.why, /GET URL would be \d+ bytes, over the 16384/);
  assert.deepEqual([described.store!.method, described.store!.path], ['POST', '/maps']);
  assert.equal(described.store!.body.regions.length, ids.length);

  // the body offered is one POST /maps takes, and its map is the county map /render/map draws from the CSV
  const stored = await store(JSON.stringify(described.store!.body));
  assert.equal(stored.response.status, 201);
  const map = await (await fetch(local(stored.body.urls.svg))).text();
  const direct = await (await fetch(`${service.url}/render/map?scope=US&title=Counties`, post(csv, 'text/csv'))).text();
  assert.equal(map, direct);
  assert.ok(regionIds(parseSvg(map)).filter((id) => /^\d{5}$/.test(id)).length > 3000, 'drawn by county');

  // a small map's spec offers its GET URL, and no store
  const small = (await (await fetch(`${service.url}/render/spec?scope=world&data=DE:1`)).json()) as {
    get: string;
    store: null;
  };
  assert.equal(small.get, '/map.svg?scope=world&data=DE:1');
  assert.equal(small.store, null);
});

test('a stored map outlives a restart of the service (the same MAPS_DIR)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stored-maps-restart-'));
  try {
    const first = await startService({ mapsDir: dir, poolSize: 1 });
    const { body } = await store(JSON.stringify(europe), 'application/json', '', first.url);
    const before = await fetch(`${first.url}/maps/${body.id}.svg`);
    const drawn = await before.text();
    await first.close();
    const second = await startService({ mapsDir: dir, poolSize: 1 });
    try {
      const after = await fetch(`${second.url}/maps/${body.id}.svg`);
      assert.equal(after.status, 200);
      assert.equal(await after.text(), drawn, 'the same map, byte for byte');
      assert.equal(storedFiles(dir).length, 1);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a large body and a large record are read in the body thread, to the same map', async () => {
  // every code of that shape, but Kusilvak's before its renaming (02270), which is 02158 again
  const regions = Array.from({ length: 2000 }, (_, i) => ({
    id: `${String(1000 + i).padStart(5, '0')}`,
    value: i % 10,
    annotation: `note ${i} `.repeat(15),
  })).filter(({ id }) => id !== '02270');
  const request = { scope: 'US', width: 500, regions };
  const compact = JSON.stringify(request);
  assert.ok(compact.length > 256 * 1024, 'over the thread threshold: the stored record, as JSON');
  const small = await store(JSON.stringify({ scope: 'US', width: 500, regions: [{ id: 'US-CA', value: 1 }] }));
  const padded = await store(JSON.stringify(request, null, 40));
  assert.equal(padded.response.status, 201);
  assert.equal((await store(compact)).body.id, padded.body.id, 'indenting changes nothing');
  assert.notEqual(padded.body.id, small.body.id);
  const map = await fetch(local(padded.body.urls.svg));
  assert.equal(map.status, 200);
  const direct = await fetch(`${service.url}/render/map`, post(compact));
  assert.equal(map.headers.get('etag'), direct.headers.get('etag'));
});

/** POST /maps of `body` from `address` (the service believes X-Forwarded-For: TRUST_PROXY=1). */
async function storeFrom(url: string, address: string, body: unknown) {
  const response = await fetch(`${url}/maps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Stored & { error?: string; message?: string; budget?: string };
  return { status: response.status, limits: response.headers.get('ratelimit'), ...answer };
}

/** A map of its own: `n` in its data and title, so that each is stored anew. */
const numbered = (n: number) => ({ scope: 'world', title: `Stored ${n}`, regions: [{ id: 'FR', value: n }] });

test('storing spends the anonymous quota: with ANON_QUOTA_PER_MINUTE=5 the sixth map of an address is 429, not stored; a bad Host is 400', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stored-quota-'));
  const limited = await startService({ mapsDir: dir, poolSize: 1, trustProxy: 1, anonQuotaPerMinute: 5 });
  try {
    const answers = [];
    for (let n = 0; n < 8; n++) answers.push(await storeFrom(limited.url, '203.0.113.7', numbered(n)));
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 201, 201, 201, 201, 429, 429, 429],
    );
    assert.match(answers[0]!.limits!, /^"minute";r=4;t=\d+$/, 'a store answers where the quota stands');
    assert.equal(answers[5]!.error, 'rate_limited');
    assert.match(answers[5]!.message!, /^this address .* the 5 maps a minute allows/);
    assert.equal(storedFiles(dir).length, 5, 'a refused map is not stored');
    assert.equal((await storeFrom(limited.url, '198.51.100.4', numbered(9))).status, 201, 'another address stores');

    // without PUBLIC_URL, the URLs begin with the Host: one that is no host is a 400 naming it, and nothing is stored
    const badHost = await request(`${limited.url}/maps`, {
      method: 'POST',
      headers: { host: 'ex%ample', 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.5' },
      body: JSON.stringify(numbered(10)),
    });
    const error = (await badHost.body.json()) as { error: string; field: string };
    assert.equal(badHost.statusCode, 400);
    assert.deepEqual([error.error, error.field], ['invalid_field', 'Host']);
    assert.equal(storedFiles(dir).length, 6);
  } finally {
    await limited.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('stored bytes: an address past STORE_MAX_BYTES_PER_KEY is 429, the store past STORE_MAX_BYTES 503 store_full; nothing stored is lost', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stored-budget-'));
  // a record of these is about 150 bytes of gzip: an address holds 3 or 4, the store 6 to 8
  const limited = await startService({
    mapsDir: dir,
    poolSize: 1,
    trustProxy: 1,
    storeMaxBytesPerKey: 600,
    storeMaxBytes: 1000,
  });
  try {
    const byOne = [];
    for (let n = 0; n < 8; n++) byOne.push(await storeFrom(limited.url, '203.0.113.8', numbered(100 + n)));
    const refusedAt = byOne.findIndex((a) => a.status !== 201);
    assert.ok(refusedAt >= 2 && refusedAt <= 5, `refused at ${refusedAt}`);
    const refused = byOne[refusedAt]!;
    assert.deepEqual([refused.status, refused.error, refused.budget], [429, 'rate_limited', 'STORE_MAX_BYTES_PER_KEY']);
    assert.match(
      refused.message!,
      /^this address .* would pass the 600 bytes each may hold \(STORE_MAX_BYTES_PER_KEY\)/,
    );
    assert.equal(storedFiles(dir).length, refusedAt);

    const byOthers = [];
    for (let n = 0; n < 8; n++) byOthers.push(await storeFrom(limited.url, `198.51.100.${n}`, numbered(200 + n)));
    const full = byOthers.find((a) => a.status !== 201)!;
    assert.deepEqual([full.status, full.error, full.budget], [503, 'store_full', 'STORE_MAX_BYTES']);
    assert.match(
      full.message!,
      /would pass the 1,000 bytes it may hold \(STORE_MAX_BYTES\): nothing was stored, and every map stored before is kept/,
    );

    // every map stored before is there and drawn, and storing one of them again adds nothing
    for (const kept of [...byOne, ...byOthers].filter((a) => a.status === 201)) {
      assert.equal((await fetch(`${limited.url}/maps/${kept.id}.svg`)).status, 200);
    }
    assert.equal((await storeFrom(limited.url, '203.0.113.8', numbered(100))).status, 200, 'already stored');
  } finally {
    await limited.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
