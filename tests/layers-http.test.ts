// Shapes, labels, proportional circles, furniture, bbox, padding and scale: through HTTP and a real
// Chromium, asserted on what the map shows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { PNG } from 'pngjs';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, largestRingCentre, layers, parseSvg, pathPieces, region, root } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const svg = (path: string, init?: RequestInit) => fetchSvg(service.url, path, init);
const layer = (doc: Document, name: string) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === name);
const inLayer = (doc: Document, name: string, tag: string) =>
  all(doc, tag).filter((e) => e.parentNode === layer(doc, name));
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
/** bounding box of a path's points */
function bounds(d: string): [number, number, number, number] {
  const pts = pathPieces(d).flat();
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
const inside = ([x, y]: number[], [x0, y0, x1, y1]: number[]) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

test('shapes: points, lines and polygons styled by their properties, titles as tooltips', async () => {
  const shapes = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [2.35, 48.86] },
        properties: { fill: '#ff0000', radius: 9, title: 'Paris <b>' },
      },
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [-74, 40.7],
            [-0.1, 51.5],
          ],
        },
        properties: { stroke: '#00ff00', strokeWidth: 3, dashArray: [4, 2] },
      },
      // wound counter-clockwise as RFC 7946 asks: must cover the triangle, not the rest of the world
      {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [10, 0],
              [20, 0],
              [15, 10],
              [10, 0],
            ],
          ],
        },
        properties: { fill: '#0000ff', opacity: 0.5, name: 'dropped' },
      },
    ],
  };
  const { doc } = await svg('/render/map', postJson({ scope: 'world', theme: 'light', shapes }));
  const [point] = inLayer(doc, 'shapes', 'circle');
  assert.equal(point.getAttribute('fill'), '#ff0000');
  assert.equal(point.getAttribute('r'), '9');
  assert.equal(point.getElementsByTagName('title')[0]?.textContent, 'Paris <b>');
  assert.ok(
    inside(
      [Number(point.getAttribute('cx')), Number(point.getAttribute('cy'))],
      bounds(region(doc, 'FR')?.getAttribute('d') ?? ''),
    ),
  );
  const [line, polygon] = inLayer(doc, 'shapes', 'path');
  assert.equal(line.getAttribute('fill'), 'none');
  assert.equal(line.getAttribute('stroke-dasharray'), '4 2');
  assert.equal(polygon.getAttribute('opacity'), '0.5');
  const [x0, y0, x1, y1] = bounds(polygon.getAttribute('d') ?? '');
  assert.ok(x1 - x0 < 60 && y1 - y0 < 60, `the triangle is small (${x1 - x0}×${y1 - y0}), not the world inverted`);
  assert.equal(layers(doc).indexOf('shapes'), layers(doc).indexOf('regions') + 1);
});

test('shapes: other geometry types, bad styles and too many features are refused', async () => {
  const one = (geometry: unknown, properties: unknown = {}) =>
    postJson({
      scope: 'world',
      shapes: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties }] },
    });
  const expect = async (init: RequestInit, code: string, field: string) => {
    const response = await fetch(`${service.url}/render/map`, init);
    const body = (await response.json()) as { error: string; field: string };
    assert.equal(response.status, 400);
    assert.deepEqual([body.error, body.field], [code, field]);
  };
  await expect(one({ type: 'MultiPoint', coordinates: [[0, 0]] }), 'invalid_field', 'shapes.features[0].geometry.type');
  await expect(
    one({ type: 'Point', coordinates: [200, 0] }),
    'invalid_field',
    'shapes.features[0].geometry.coordinates',
  );
  await expect(
    one({ type: 'LineString', coordinates: [[0, 0]] }),
    'invalid_field',
    'shapes.features[0].geometry.coordinates',
  );
  await expect(
    one({ type: 'Point', coordinates: [0, 0] }, { fill: 'red' }),
    'invalid_field',
    'shapes.features[0].properties.fill',
  );
  await expect(
    one({ type: 'Point', coordinates: [0, 0] }, { opacity: 2 }),
    'invalid_field',
    'shapes.features[0].properties.opacity',
  );
  const features = Array.from({ length: 501 }, () => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [0, 0] },
    properties: {},
  }));
  await expect(
    postJson({ scope: 'world', shapes: { type: 'FeatureCollection', features } }),
    'too_many_items',
    'shapes',
  );
});

test('labels: ISO labels at visual centres never overlap; a listed region is always labelled', async () => {
  const { doc } = await svg('/map.svg?scope=world&theme=light&data=US:200,CN:150&labels=ISO');
  const texts = inLayer(doc, 'labels', 'text');
  assert.ok(texts.length > 40, `${texts.length} labels`);
  const boxes = texts.map((t) => {
    const [x, y, size] = ['x', 'y', 'font-size'].map((a) => Number(t.getAttribute(a)));
    const half = (t.textContent ?? '').length * size * 0.3;
    return [x - half, y - size / 2, x + half, y + size / 2];
  });
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      assert.ok(
        a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1],
        `${texts[i].textContent} overlaps ${texts[j].textContent}`,
      );
    }
  }
  const us = texts.find((t) => t.getAttribute('data-id') === 'US');
  assert.ok(
    us &&
      inside(
        [Number(us.getAttribute('x')), Number(us.getAttribute('y'))],
        bounds(region(doc, 'US')?.getAttribute('d') ?? ''),
      ),
  );
  assert.equal(us?.getAttribute('stroke'), themes.light.background, 'a halo keeps it legible');

  const listed = (await svg('/map.svg?scope=world&labels=BE,NL,LU&theme=light')).doc;
  assert.deepEqual(
    inLayer(listed, 'labels', 'text')
      .map((t) => t.textContent)
      .sort(),
    ['BE', 'LU', 'NL'],
  );
  const ro = (await svg('/map.svg?scope=RO&labels=ISO&labelMinArea=0')).doc;
  // a country's scope drops the country prefix (DECISIONS §4, §11)
  const roIds = inLayer(ro, 'labels', 'text').map((t) => t.textContent);
  assert.ok(roIds.includes('CJ') && !roIds.some((id) => id?.startsWith('RO-')), roIds.join());
});

test('proportional circles: square-root radii within min and max, largest first, at visual centres', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&theme=light&proportional=US:330,CN:1400,IN:1380,LU:1&proportionalMax=40&proportionalMin=4',
  );
  const circles = inLayer(doc, 'proportional', 'circle');
  const r = (id: string) => Number(circles.find((c) => c.getAttribute('data-id') === id)?.getAttribute('r'));
  assert.equal(r('CN'), 40);
  assert.equal(r('US'), Math.round(Math.sqrt(330 / 1400) * 40 * 10) / 10);
  assert.equal(r('LU'), 4, 'never below the minimum');
  assert.deepEqual(
    circles.map((c) => c.getAttribute('data-id')),
    ['CN', 'IN', 'US', 'LU'],
  );
  const us = circles.find((c) => c.getAttribute('data-id') === 'US') as Element;
  assert.ok(
    inside(
      [Number(us.getAttribute('cx')), Number(us.getAttribute('cy'))],
      bounds(region(doc, 'US')?.getAttribute('d') ?? ''),
    ),
  );
  assert.equal(
    region(doc, 'US')?.getAttribute('fill'),
    themes.light.noData,
    'circles alone leave the regions unfilled',
  );
  const both = (
    await svg(
      '/render/map',
      postJson({
        scope: 'world',
        regions: [{ id: 'US', value: 5 }],
        proportional: [{ id: 'US', value: 5, color: '#ff6600' }],
      }),
    )
  ).doc;
  assert.equal(inLayer(both, 'proportional', 'circle')[0].getAttribute('fill'), '#ff6600');
  assert.notEqual(region(both, 'US')?.getAttribute('fill'), themes.dark.noData, 'with a choropleth underneath');
});

test('furniture: graticule, north arrow, scale bar of a round distance, logo, in the order of §7', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&data=US:1&graticule=1&northArrow=yes&scaleBar=true&logo=true&title=T',
  );
  assert.deepEqual(layers(doc), [
    'background',
    'graticule',
    'regions',
    'title',
    'legend',
    'north-arrow',
    'scale-bar',
    'attribution',
    'logo',
  ]);
  const label = inLayer(doc, 'scale-bar', 'text')[0]?.textContent ?? '';
  const km = Number(label.replace(/[^\d]/g, ''));
  assert.match(label, /^[\d,]+ km$/);
  assert.ok([1, 2, 5].includes(km / 10 ** Math.floor(Math.log10(km))), `${km} is 1, 2 or 5 × 10ⁿ`);
  const bar = inLayer(doc, 'scale-bar', 'rect').reduce((sum, r) => sum + Number(r.getAttribute('width')), 0);
  assert.ok(bar > 60 && bar < 320, `bar ${bar} px is near 140`);
  const ro = (await svg('/map.svg?scope=RO&scaleBar=true&width=1200')).doc;
  const roKm = Number((inLayer(ro, 'scale-bar', 'text')[0]?.textContent ?? '').replace(/[^\d]/g, ''));
  assert.ok(
    roKm >= 20 && roKm <= 200,
    `Romania is about 700 km wide, so a 140 px bar on 1200 px is ~100 km (got ${roKm})`,
  );
});

test('bbox fits the map to a box; padding moves the frame; scale sharpens PNGs only', async () => {
  const world = (await svg('/map.svg?scope=world&width=800')).doc;
  const europe = (await svg('/map.svg?scope=world&width=800&bbox=-12,34,32,60')).doc;
  const width = (doc: Document) => {
    const [x0, , x1] = bounds(region(doc, 'DE')?.getAttribute('d') ?? '');
    return x1 - x0;
  };
  assert.ok(width(europe) > 5 * width(world), 'Germany is drawn far larger');
  const [cx] = largestRingCentre(region(europe, 'DE')?.getAttribute('d') ?? '');
  assert.ok(cx > 300 && cx < 600, 'and near the middle');

  const tight = (await svg('/map.svg?scope=world&width=800&padding=0&attribution=false')).doc;
  const loose = (await svg('/map.svg?scope=world&width=800&padding=100&attribution=false')).doc;
  const sphere = (doc: Document) => bounds(inLayer(doc, 'background', 'path')[0].getAttribute('d') ?? '');
  assert.ok(sphere(tight)[0] < 1 && sphere(loose)[0] >= 99);

  const png = await fetch(`${service.url}/map.png?scope=world&width=400&scale=2`);
  const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
  assert.equal(image.width, 800);
  const plain = await fetch(`${service.url}/map.svg?scope=world&width=400`);
  const scaled = await fetch(`${service.url}/map.svg?scope=world&width=400&scale=2`);
  assert.equal(scaled.headers.get('etag'), plain.headers.get('etag'), 'scale means nothing to an SVG');
  assert.equal(root(parseSvg(await scaled.text())).getAttribute('width'), '400');
  const tooBig = await fetch(`${service.url}/map.png?scope=world&width=8000&scale=4`);
  assert.equal(tooBig.status, 400);
  // a box of a few metres would keep a thread drawing past the deadline: refused at once, naming the field
  for (const box of ['10,40,10.0001,41', '10,40,11,40.00000001', '-2e-152,-1e-148,5e-324,5e-324']) {
    const tiny = await fetch(`${service.url}/map.svg?scope=world&bbox=${box}`);
    const body = (await tiny.json()) as { error: string; field: string; message: string };
    assert.equal(tiny.status, 400, box);
    assert.deepEqual([body.error, body.field], ['invalid_field', 'bbox'], box);
    assert.match(body.message, /at least 0\.001/);
  }
  assert.equal((await fetch(`${service.url}/map.svg?scope=world&bbox=10,40,10.001,40.001`)).status, 200);
});

test('routes: bad options, bad ends and more than 500 are refused, naming the field', async () => {
  const expect = async (path: string, init: RequestInit | undefined, code: string, field: string) => {
    const response = await fetch(service.url + path, init);
    const body = (await response.json()) as { error: string; field: string; message: string };
    assert.equal(response.status, 400, body.message);
    assert.deepEqual([body.error, body.field], [code, field]);
  };
  await expect('/map.svg?scope=world&routes=DE>BR:zigzag', undefined, 'invalid_field', 'routes');
  await expect('/map.svg?scope=world&routes=DE', undefined, 'invalid_field', 'routes');
  await expect('/map.svg?scope=world&routes=DE>BR:30', undefined, 'invalid_field', 'routes[0].width');
  await expect('/map.svg?scope=world&routes=DE>BR:%23abc', undefined, 'invalid_field', 'routes[0].color');
  await expect(
    '/render/map',
    postJson({ scope: 'world', routes: [{ from: 'DE', toLatLon: [95, 0] }] }),
    'invalid_field',
    'routes[0].toLatLon',
  );
  await expect('/render/map', postJson({ scope: 'world', routes: [{ from: 'DE' }] }), 'invalid_field', 'routes[0]');
  const many = Array.from({ length: 501 }, () => ({ from: 'DE', to: 'FR' }));
  await expect('/render/map', postJson({ scope: 'world', routes: many }), 'too_many_items', 'routes');
});
