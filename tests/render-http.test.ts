// Real renders through HTTP and a real Chromium pool, checked as a user would look at them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, largestRingCentre, layers, parseSvg, region, root } from './support/svg.ts';
import { dark } from '../renderer-page/themes/dark.ts';
import { light } from '../renderer-page/themes/light.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const SAMPLE =
  '/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60,RU:120,DE:95,FR:40,GB:55,JP:90&theme=dark&legendTitle=Sample';

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(service.url + path, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, text: body.toString('utf8') };
}

test('world SVG: data regions take the ramp in value order, the rest the no-data fill', async () => {
  const { response, text } = await get(SAMPLE);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/svg+xml');
  assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  const doc = parseSvg(text);
  assert.equal(root(doc).getAttribute('width'), '1200');
  const height = Number(root(doc).getAttribute('height'));
  assert.ok(height > 500 && height < 800, `height ${height} follows the projection's aspect`);
  assert.deepEqual(layers(doc), ['background', 'regions', 'legend', 'attribution']);

  const fill = (id: string) => region(doc, id)?.getAttribute('fill');
  const rank = (id: string) => dark.sequential.indexOf(fill(id) ?? '');
  for (const id of ['US', 'CN', 'IN', 'BR', 'RU', 'DE', 'FR', 'GB', 'JP'])
    assert.ok(rank(id) >= 0, `${id} ${fill(id)} is on the ramp`);
  assert.equal(fill('US'), dark.sequential[4], 'the largest value gets the strongest colour');
  assert.equal(fill('FR'), dark.sequential[0], 'the smallest value gets the lightest colour');
  assert.ok(
    rank('CN') >= rank('RU') && rank('RU') >= rank('DE') && rank('DE') >= rank('IN') && rank('IN') >= rank('BR'),
  );
  assert.equal(region(doc, 'US')?.getAttribute('data-value'), '200');
  for (const id of ['CA', 'AU', 'ZA', 'AR']) assert.equal(fill(id), dark.noData, `${id} has no data`);
  assert.ok(all(doc, 'path').filter((p) => p.getAttribute('data-id')).length > 150, 'every country is drawn');

  const legend = all(doc, 'rect')
    .map((r) => r.getAttribute('data-legend'))
    .filter(Boolean);
  assert.deepEqual(legend, ['40 – 60', '60 – 90', '90 – 95', '95 – 150', '150 – 200', 'No data']);
  const texts = all(doc, 'text').map((t) => t.textContent);
  assert.ok(texts.includes('Sample'), 'the legend title is shown');
  assert.ok(texts.includes('Made with Natural Earth'), 'the data source is credited');
  assert.match(
    all(doc, 'title')
      .map((t) => t.textContent)
      .join('|'),
    /United States: 200/,
  );
});

test('world PNG: the signature, the size, and each country painted its colour', async () => {
  const svg = parseSvg((await get(SAMPLE)).text);
  const { response, body } = await get(SAMPLE.replace('map.svg', 'map.png'));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/png');
  assert.deepEqual([...body.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const png = PNG.sync.read(body);
  assert.equal(png.width, 1200);
  assert.equal(png.height, Number(root(svg).getAttribute('height')));
  for (const id of ['US', 'BR', 'RU', 'AU']) {
    const [x, y] = largestRingCentre(region(svg, id)?.getAttribute('d') ?? '').map(Math.round);
    assert.equal(pixelColor(png, x, y), region(svg, id)?.getAttribute('fill'), `${id} at ${x},${y}`);
  }
});

test('RO SVG: 42 counties by ISO id, neighbours as context, light ramp and highlight', async () => {
  const { response, text } = await get(
    '/map.svg?scope=RO&data=RO-B:500,cj:200,Iasi:150,RO.TM:180&theme=light&title=Romania',
  );
  assert.equal(response.status, 200);
  const doc = parseSvg(text);
  const counties = all(doc, 'path').filter((p) => p.getAttribute('data-id'));
  assert.equal(counties.length, 42);
  assert.ok(counties.every((p) => /^RO-[A-Z]{1,2}$/.test(p.getAttribute('data-id') ?? '')));
  assert.equal(region(doc, 'RO-B')?.getAttribute('fill'), light.sequential[4]);
  assert.equal(region(doc, 'RO-IS')?.getAttribute('fill'), light.sequential[0]);
  assert.equal(region(doc, 'RO-AB')?.getAttribute('fill'), light.noData);
  const background = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'background');
  assert.ok(
    background &&
      all(doc, 'path').filter((p) => p.parentNode === background && p.getAttribute('fill') === light.land).length >= 4,
    'neighbouring countries are drawn muted',
  );
  assert.deepEqual(layers(doc), ['background', 'regions', 'title', 'legend', 'attribution']);

  const highlight = parseSvg((await get('/map.svg?scope=RO&regions=CJ,B&theme=light')).text);
  assert.equal(region(highlight, 'RO-CJ')?.getAttribute('fill'), light.highlight);
  assert.equal(region(highlight, 'RO-CJ')?.getAttribute('data-value'), null);
  assert.ok(all(highlight, 'rect').some((r) => r.getAttribute('data-legend') === 'Highlighted'));
});

test('RO PNG at an explicit size', async () => {
  const { response, body } = await get('/map.png?scope=RO&data=RO-CJ:1&width=600&height=400&level=high');
  assert.equal(response.status, 200);
  const png = PNG.sync.read(body);
  assert.deepEqual([png.width, png.height], [600, 400]);
});

test('cache: MISS then HIT with the same bytes; If-None-Match gives 304 without rendering', async () => {
  const path = '/map.svg?scope=world&data=CA:3,MX:2&theme=light';
  const first = await get(path);
  assert.equal(first.response.headers.get('x-cache'), 'MISS');
  const etag = first.response.headers.get('etag') ?? '';
  assert.match(etag, /^"[0-9a-f]{40}"$/);
  const renders = service.rendered.length;
  const second = await get(path.replace('CA:3,MX:2', 'mex:2,can:3').replace('light', 'LIGHT'));
  assert.equal(second.response.headers.get('x-cache'), 'HIT');
  assert.equal(second.response.headers.get('etag'), etag);
  assert.ok(second.body.equals(first.body));
  const conditional = await get(path, { 'If-None-Match': etag });
  assert.equal(conditional.response.status, 304);
  assert.equal(conditional.body.length, 0);
  assert.equal(conditional.response.headers.get('etag'), etag);
  assert.equal(service.rendered.length, renders, 'neither the HIT nor the 304 rendered');
});

test('POST JSON: same map and ETag as GET, no Cache-Control', async () => {
  const viaGet = await get('/map.svg?scope=world&data=CA:3,MX:2&theme=light');
  const response = await fetch(`${service.url}/render/map`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      scope: 'world',
      theme: 'light',
      regions: [
        { id: 'MX', value: 2 },
        { id: 'CA', value: 3 },
      ],
    }),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('etag'), viaGet.response.headers.get('etag'));
  assert.equal(response.headers.get('x-cache'), 'HIT');
  assert.equal(response.headers.get('cache-control'), null);
  assert.ok(Buffer.from(await response.arrayBuffer()).equals(viaGet.body));
});

test('X-Geo-Warnings lists unknown ids (at most 50) and the map is still drawn', async () => {
  const { response, text } = await get('/map.svg?scope=world&data=US:1,ZZ:2,Atlantis:3');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:ZZ,Atlantis');
  assert.equal(region(parseSvg(text), 'US')?.getAttribute('fill'), dark.sequential[4]);
  const many = Array.from({ length: 60 }, (_, i) => `Q${i}:1`).join(',');
  const capped = (await get(`/map.svg?scope=world&data=${many}`)).response.headers.get('x-geo-warnings') ?? '';
  assert.equal(capped.replace('unknown-ids:', '').split(',').length, 50);
  assert.equal((await get('/map.svg?scope=world&data=US:1')).response.headers.get('x-geo-warnings'), null);
});

test('an unknown id holding a lone surrogate (valid JSON) is warned of, as U+FFFD in the header, not a 500', async () => {
  for (const path of ['/render/map', '/render/spec']) {
    const response = await fetch(service.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"scope":"world","regions":[{"id":"US","value":1},{"id":"A\\ud800","value":2}]}',
    });
    assert.equal(response.status, 200, path);
    if (path === '/render/map') assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:A%EF%BF%BD');
    else
      assert.equal(((await response.json()) as { warnings: { unknownIds: string[] } }).warnings.unknownIds.length, 1);
  }
});

test('user text reaches the SVG as text, never as markup', async () => {
  const title = '<script>alert(1)</script>&<b>';
  const { text } = await get(`/map.svg?scope=world&title=${encodeURIComponent(title)}`);
  assert.ok(!text.includes('<script>'));
  assert.ok(all(parseSvg(text), 'text').some((t) => t.textContent === title));
});

test('every projection draws the world, fitted inside the map', async () => {
  for (const projection of ['naturalEarth1', 'equalEarth', 'mercator', 'conicConformal', 'albersUsa']) {
    const { response, text } = await get(`/map.svg?scope=world&projection=${projection}&data=US:1,BR:2&width=800`);
    assert.equal(response.status, 200, projection);
    const doc = parseSvg(text);
    const us = region(doc, 'US');
    assert.ok(us, `${projection} draws the US`);
    const [x, y] = largestRingCentre(us.getAttribute('d') ?? '');
    const height = Number(root(doc).getAttribute('height'));
    assert.ok(x > 0 && x < 800 && y > 0 && y < height, `${projection}: the US lies inside the ${800}×${height} map`);
    if (projection !== 'albersUsa') {
      const [germany] = largestRingCentre(region(doc, 'DE')?.getAttribute('d') ?? '');
      assert.ok(x < germany, `${projection}: centred on Greenwich, the US west of Germany`);
    }
  }
});

test('GET /scopes lists the world first, then the countries; GET /scopes/{scope} lists ids, names and aliases', async () => {
  const list = (await (await fetch(`${service.url}/scopes`)).json()) as {
    scopes: Array<{ id: string; levels: string[]; defaultProjection: string }>;
  };
  assert.equal(list.scopes[0]!.id, 'world');
  const romania = list.scopes.find((s) => s.id === 'RO')!;
  assert.deepEqual(romania.levels, ['low', 'medium', 'high']);
  assert.equal(romania.defaultProjection, 'conicConformal');
  const ro = (await (await fetch(`${service.url}/scopes/ro`)).json()) as {
    regions: Array<{ id: string; name: string; aliases: string[] }>;
  };
  assert.equal(ro.regions.length, 42);
  const cluj = ro.regions.find((r) => r.id === 'RO-CJ');
  assert.equal(cluj?.name, 'Cluj');
  assert.ok(cluj?.aliases.includes('RO.CJ') && cluj.aliases.includes('CJ'));
  const missing = await fetch(`${service.url}/scopes/mars`);
  assert.equal(missing.status, 404);
  assert.equal(((await missing.json()) as { error: string }).error, 'invalid_scope');
});
