// Every gallery fixture renders, and /render/spec describes it: the normalised request, its ETag, the
// warnings, and a GET URL that draws exactly the same map (or none, when GET cannot express it).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from './support/service.ts';
import { fixtures, type Fixture } from '../renderer-page/preview/gallery-maps.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const request = (f: Fixture, path: 'map' | 'spec'): [string, RequestInit?] =>
  f.query
    ? [path === 'map' ? `/map.svg?${f.query}` : `/render/spec?${f.query}`]
    : [
        `/render/${path}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(f.body) },
      ];

interface Described {
  spec: { scope: string; format: string };
  etag: string;
  warnings: { unknownIds: string[]; unknownRoutes: string[] };
  get: string | null;
}

for (const fixture of fixtures) {
  test(`fixture ${fixture.id}: renders, and its description matches`, async () => {
    const [mapPath, mapInit] = request(fixture, 'map');
    const map = await fetch(service.url + mapPath, mapInit);
    assert.equal(map.status, 200, await map.clone().text());
    assert.equal(map.headers.get('content-type'), 'image/svg+xml');

    const [specPath, specInit] = request(fixture, 'spec');
    const response = await fetch(service.url + specPath, specInit);
    assert.equal(response.status, 200);
    const described = (await response.json()) as Described;
    assert.equal(described.etag, map.headers.get('etag'), 'the ETag the map was served with');
    assert.deepEqual(described.warnings, { unknownIds: [], unknownRoutes: [] });

    // GET has no grammar for your own boundaries, shapes, marker colours or rotation
    const markers = (fixture.body?.markers ?? []) as Array<{ color?: string; rotation?: number }>;
    if (fixture.body?.geometry || fixture.body?.shapes || markers.some((m) => m.color || m.rotation)) {
      assert.equal(described.get, null, 'no GET form is offered');
      return;
    }
    assert.ok(described.get, 'a GET URL is offered');
    const viaGet = await fetch(service.url + described.get);
    assert.equal(viaGet.status, 200);
    assert.equal(viaGet.headers.get('etag'), map.headers.get('etag'), `${described.get} draws the same map`);
  });
}

test('/render/spec reports warnings and errors like the map endpoints', async () => {
  const described = (await (
    await fetch(`${service.url}/render/spec?scope=world&data=US:1,ZZ:2&routes=QQ>DE`)
  ).json()) as Described;
  assert.deepEqual(described.warnings, { unknownIds: ['ZZ'], unknownRoutes: ['QQ>DE'] });
  const bad = await fetch(`${service.url}/render/spec?scope=world&theme=neon`);
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { error: string }).error, 'invalid_theme');
  const markerColor = await fetch(`${service.url}/render/spec`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'world', markers: [{ lat: 1, lon: 2, color: '#ff0000' }] }),
  });
  assert.equal(((await markerColor.json()) as Described).get, null, 'a marker colour has no GET form');

  // the specification's POST example, less its marker colour, has a GET form drawing the same map
  const example = fixtures.find((f) => f.id === 'post-example')?.body as { markers: Array<Record<string, unknown>> };
  const body = JSON.stringify({ ...example, markers: example.markers.map(({ color, ...rest }) => rest) });
  const post = await fetch(`${service.url}/render/spec`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const { get, etag } = (await post.json()) as Described;
  assert.ok(get, 'a GET URL is offered');
  assert.equal((await fetch(service.url + get)).headers.get('etag'), etag);
});
