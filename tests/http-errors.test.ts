// Every bad input is a JSON error naming what was wrong; nothing is rendered for it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { startService, type TestService } from './support/service.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

async function expectError(path: string, status: number, code: string, field?: string, init?: RequestInit) {
  const response = await fetch(service.url + path, init);
  assert.equal(response.status, status, `${path} → ${status}`);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = (await response.json()) as { error: string; message: string; status: number; field?: string };
  assert.equal(body.error, code, `${path}: ${body.message}`);
  assert.equal(body.status, status);
  assert.ok(body.message.length > 10, 'the message says what is allowed');
  if (field) assert.equal(body.field, field);
  assert.equal(response.headers.get('etag'), null);
  assert.equal(response.headers.get('cache-control'), null);
  return body;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

test('scope: missing is 400 missing_scope, unknown is 404 invalid_scope', async () => {
  await expectError('/map.svg?data=US:1', 400, 'missing_scope', 'scope');
  const body = await expectError('/map.svg?scope=mars', 404, 'invalid_scope', 'scope');
  assert.match(body.message, /GET \/scopes lists them all/);
  await expectError('/render/map', 400, 'missing_scope', 'scope', postJson({ theme: 'dark' }));
});

test('unknown theme and projection name the allowed values', async () => {
  const theme = await expectError('/map.svg?scope=world&theme=neon', 400, 'invalid_theme', 'theme');
  assert.match(theme.message, /dark, light/);
  const projection = await expectError(
    '/map.png?scope=world&projection=robinson',
    400,
    'invalid_projection',
    'projection',
  );
  assert.match(projection.message, /naturalEarth1/);
  await expectError('/map.svg?scope=RO&projection=albersUsa', 400, 'invalid_projection', 'projection');
});

test('bad data pairs and bad region items are invalid_data', async () => {
  await expectError('/map.svg?scope=world&data=US:200,CN', 400, 'invalid_data', 'data');
  await expectError('/map.svg?scope=world&data=US:1:%23zzzzzz', 400, 'invalid_data', 'data');
  await expectError('/map.svg?scope=world&data=US:1,CN:text', 400, 'invalid_data', 'regions');
  await expectError(
    '/render/map',
    400,
    'invalid_data',
    'regions[0].value',
    postJson({ scope: 'world', regions: [{ id: 'US', value: [1] }] }),
  );
  await expectError(
    '/render/map',
    400,
    'invalid_data',
    'regions[1].color',
    postJson({
      scope: 'world',
      regions: [
        { id: 'US', value: 1 },
        { id: 'CN', value: 2, color: 'red' },
      ],
    }),
  );
});

test('width and height out of range, too-long texts, unknown fields are invalid_field', async () => {
  for (const bad of ['width=0', 'width=8001', 'width=abc', 'width=12.5', 'height=-1', 'height=9000']) {
    await expectError(`/map.svg?scope=world&${bad}`, 400, 'invalid_field', bad.split('=')[0]);
  }
  await expectError(`/map.svg?scope=world&title=${'x'.repeat(121)}`, 400, 'invalid_field', 'title');
  await expectError(`/map.svg?scope=world&subtitle=${'x'.repeat(161)}`, 400, 'invalid_field', 'subtitle');
  await expectError(`/map.svg?scope=world&legendTitle=${'x'.repeat(65)}`, 400, 'invalid_field', 'legendTitle');
  await expectError('/map.svg?scope=world&legend=maybe', 400, 'invalid_field', 'legend');
  await expectError('/map.svg?scope=world&colour=red', 400, 'invalid_field', 'colour');
  await expectError('/map.svg?scope=world&format=png', 400, 'invalid_field', 'format');
});

test('text an SVG cannot hold (control characters, half a surrogate pair) is refused where it was written', async () => {
  const body = await expectError('/map.svg?scope=world&title=a%01b', 400, 'invalid_field', 'title');
  assert.match(body.message, /without control characters/);
  await expectError('/map.svg?scope=world&data=FR:a%07b', 400, 'invalid_data', 'regions[0].value');
  await expectError('/map.svg?scope=world&markers=44.43,26.10:pin:Bu%1Bc', 400, 'invalid_field', 'markers[0].label');
  await expectError(
    '/render/map',
    400,
    'invalid_data',
    'regions[0].annotation',
    postJson({ scope: 'world', regions: [{ id: 'FR', value: 1, annotation: 'x\u0000' }] }),
  );
  await expectError(
    '/render/map',
    400,
    'invalid_field',
    'subtitle',
    postJson({ scope: 'world', subtitle: 'half \ud800 a pair' }),
  );
  const shape = {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [0, 0] },
    properties: { title: 'a\u000cb' },
  };
  await expectError(
    '/render/map',
    400,
    'invalid_field',
    'shapes.features[0].properties.title',
    postJson({ scope: 'world', shapes: { type: 'FeatureCollection', features: [shape] } }),
  );
  await expectError('/render/map?scope=world', 400, 'invalid_data', 'regions[0].value', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: 'id,value\nFR,a\u0001b\n',
  });
});

test('more than 5000 regions is too_many_items', async () => {
  const regions = Array.from({ length: 5001 }, (_, i) => ({ id: `X${i}`, value: i }));
  await expectError('/render/map', 400, 'too_many_items', 'regions', postJson({ scope: 'world', regions }));
});

test('bodies: malformed JSON, not an object, wrong content type, over 4 MB', async () => {
  await expectError('/render/map', 400, 'invalid_json', undefined, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"scope": "world",',
  });
  await expectError('/render/map', 400, 'invalid_json', undefined, postJson(['world']));
  await expectError('/render/map', 400, 'invalid_json', undefined, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '',
  });
  await expectError('/render/map', 415, 'unsupported_media_type', undefined, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: '<map/>',
  });
  const huge = JSON.stringify({ scope: 'world', title: 'x'.repeat(4 * 1024 * 1024) });
  await expectError('/render/map', 413, 'payload_too_large', undefined, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: huge,
  });
});

test('unknown path is 404 not_found, wrong method 405, URL over 16 KB 414', async () => {
  await expectError('/nowhere', 404, 'not_found');
  await expectError('/map.svg?scope=world', 405, 'method_not_allowed', undefined, { method: 'DELETE' });
  const allowed = await fetch(`${service.url}/map.svg?scope=world`, { method: 'PUT' });
  assert.equal(allowed.headers.get('allow'), 'HEAD, GET', 'a 405 says which methods the path answers');
  assert.match(((await allowed.json()) as { message: string }).message, /\/map\.svg answers HEAD, GET, not PUT/);
  await expectError(`/map.svg?scope=world&title=${'x'.repeat(17 * 1024)}`, 414, 'uri_too_long');
});

test('a method no path answers (TRACE, PROPFIND, made up) is 405 with the path’s Allow; on an unknown path, 404', async () => {
  // fetch refuses to send TRACE, so these go through undici's request
  for (const [method, path, allow] of [
    ['TRACE', '/map.svg?scope=world', 'HEAD, GET'],
    ['PROPFIND', '/', 'HEAD, GET'],
    ['MKCOL', '/scopes', 'HEAD, GET'],
    ['TRACE', '/render/map', 'POST'],
  ] as const) {
    const response = await request(service.url + path, { method });
    assert.equal(response.statusCode, 405, `${method} ${path}`);
    assert.equal(response.headers.allow, allow);
    const body = (await response.body.json()) as { error: string; message: string };
    assert.equal(body.error, 'method_not_allowed');
    assert.match(body.message, new RegExp(`answers ${allow}, not ${method}$`));
  }
  const nowhere = await request(`${service.url}/nowhere`, { method: 'PROPFIND' });
  assert.equal(nowhere.statusCode, 404);
  assert.equal(((await nowhere.body.json()) as { error: string }).error, 'not_found');
});

test('nothing was rendered for any of these requests', () => {
  assert.equal(service.rendered.length, 0);
});
