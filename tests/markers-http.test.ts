// Markers through HTTP and a real Chromium: icons and military symbols where the coordinates are, labels on
// the side asked for, asserted on the SVG (and a PNG) a user gets.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, layers, parseSvg, pathPieces, region } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { ICON_PATHS } from '../renderer-page/markers/icons.ts';

const { dark, light } = themes;
let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const EXAMPLE =
  '/map.svg?scope=world&theme=dark&markers=44.43,26.10:pin:Bucharest%3B52.52,13.40:airport:Berlin' +
  '%3B38.90,-77.04:flag:Washington:left%3B-33.87,151.21:anchor:Sydney:bottom%3B35.68,139.69:star:Tokyo:top';

async function svg(path: string, init?: RequestInit): Promise<Document> {
  const response = await fetch(service.url + path, init);
  const text = await response.text();
  assert.equal(response.status, 200, text.slice(0, 300));
  return parseSvg(text);
}
const postSvg = (body: object) =>
  svg('/render/map', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'svg', ...body }),
  });

/** The marker groups, in document order. */
function markers(doc: Document): Element[] {
  const layer = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'markers');
  return layer ? all(doc, 'g').filter((g) => g.parentNode === layer) : [];
}
function marker(doc: Document, index: number): Element {
  const found = markers(doc).find((g) => g.getAttribute('data-index') === String(index));
  assert.ok(found, `marker ${index} is drawn`);
  return found;
}
/** The screen point a marker group is translated to. */
function anchorOf(group: Element): [number, number] {
  const match = /^translate\((-?[\d.]+),(-?[\d.]+)\)$/.exec(group.getAttribute('transform') ?? '');
  assert.ok(match, `translate in ${group.getAttribute('transform')}`);
  return [Number(match[1]), Number(match[2])];
}
function label(group: Element) {
  const text = all(group as unknown as Document, 'text')[0];
  assert.ok(text, 'the marker has a label');
  return {
    text: text.textContent,
    x: Number(text.getAttribute('x')),
    y: Number(text.getAttribute('y')),
    anchor: text.getAttribute('text-anchor'),
  };
}
/** Bounding box of a region's path. */
function bbox(doc: Document, id: string) {
  const points = pathPieces(region(doc, id)?.getAttribute('d') ?? '').flat();
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  assert.ok(xs.length > 2, `${id} is drawn`);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
const inside = ([x, y]: [number, number], b: ReturnType<typeof bbox>) => x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1;

test('the GET example: five markers in request order, over their countries, labels on the side asked for', async () => {
  const doc = await svg(EXAMPLE);
  const order = layers(doc);
  assert.ok(
    order.indexOf('markers') > order.indexOf('regions') && order.indexOf('regions') >= 0,
    'markers are drawn over the regions',
  );
  assert.ok(order.indexOf('markers') < order.indexOf('attribution'), 'and under the furniture');
  assert.deepEqual(
    markers(doc).map((g) => g.getAttribute('data-index')),
    ['0', '1', '2', '3', '4'],
  );

  assert.ok(inside(anchorOf(marker(doc, 0)), bbox(doc, 'RO')), 'Bucharest lies in Romania');
  assert.ok(inside(anchorOf(marker(doc, 3)), bbox(doc, 'AU')), 'Sydney lies in Australia');
  assert.ok(inside(anchorOf(marker(doc, 2)), bbox(doc, 'US')), 'Washington lies in the United States');
  assert.ok(inside(anchorOf(marker(doc, 4)), bbox(doc, 'JP')), 'Tokyo lies in Japan');

  // label coordinates are relative to the marker's anchor; the icon is 16 px, so it spans ±8 px
  const bucharest = label(marker(doc, 0));
  assert.equal(bucharest.text, 'Bucharest');
  assert.ok(bucharest.x >= 8 && bucharest.anchor === 'start', `Bucharest starts right of its pin (x ${bucharest.x})`);
  const washington = label(marker(doc, 2));
  assert.ok(washington.x <= -8 && washington.anchor === 'end', `Washington ends left of its flag (x ${washington.x})`);
  const sydney = label(marker(doc, 3));
  assert.ok(
    sydney.y >= 8 + 8 && sydney.anchor === 'middle' && sydney.x === 0,
    `Sydney below its anchor (y ${sydney.y})`,
  );
  const tokyo = label(marker(doc, 4));
  assert.ok(tokyo.y <= -8 && tokyo.anchor === 'middle' && tokyo.x === 0, `Tokyo above its star (y ${tokyo.y})`);
  assert.ok(Math.abs(label(marker(doc, 1)).y) < 13, 'Berlin (right by default) sits level with its icon');

  const icon = all(marker(doc, 1) as unknown as Document, 'path')[0];
  assert.equal(icon.getAttribute('d'), ICON_PATHS.airport);
  assert.equal(icon.getAttribute('fill'), dark.highlight, 'default colour: the theme highlight');
  assert.equal(icon.getAttribute('stroke'), dark.background, 'outlined in the background colour');
  assert.equal(
    icon.getAttribute('transform'),
    'scale(0.6667) translate(-12,-12)',
    'the 24 px glyph drawn at 16 px, centred',
  );
  const pin = all(marker(doc, 0) as unknown as Document, 'path')[0];
  assert.equal(pin.getAttribute('transform'), 'scale(0.6667) translate(-12,-22)', "the pin's tip on the point");
  const text = all(marker(doc, 0) as unknown as Document, 'text')[0];
  assert.equal(text.getAttribute('fill'), dark.text);
  assert.equal(text.getAttribute('stroke'), dark.background, 'labels carry a halo');
  assert.equal(text.getAttribute('paint-order'), 'stroke');
});

test('POST: size, rotation and colour reach the icon; a marker off the map is left out', async () => {
  const doc = await postSvg({
    scope: 'RO',
    theme: 'light',
    markers: [
      { lat: 46.77, lon: 23.6, icon: 'car', size: 48, rotation: 45, color: '#dc2626', label: 'Cluj' },
      { lat: 48.86, lon: 2.35, icon: 'star', label: 'Paris is off this map' },
      { lat: 44.43, lon: 26.1, icon: 'dot' },
    ],
  });
  assert.deepEqual(
    markers(doc).map((g) => g.getAttribute('data-index')),
    ['0', '2'],
    'Paris is skipped, the indices keep to the request',
  );
  const car = all(marker(doc, 0) as unknown as Document, 'path')[0];
  assert.equal(car.getAttribute('transform'), 'rotate(45) scale(2) translate(-12,-12)');
  assert.equal(car.getAttribute('fill'), '#dc2626');
  assert.equal(car.getAttribute('stroke'), light.background);
  const cluj = label(marker(doc, 0));
  // the turned 48 px icon reaches 24·√2 ≈ 34 px from its centre; its label starts beyond that
  assert.ok(cluj.x >= 34, `Cluj clears its turned icon (x ${cluj.x})`);
  assert.equal(all(marker(doc, 2) as unknown as Document, 'text').length, 0, 'no label, no text');
  assert.ok(inside(anchorOf(marker(doc, 0)), bbox(doc, 'RO-CJ')), 'Cluj-Napoca lies in Cluj county');
});

test('a SIDC draws milsymbol’s symbol, labelled below by default', async () => {
  const doc = await svg(
    '/map.svg?scope=world&markers=50,10:10031000001211000000:1st+Battalion%3B40,40:10061000001211000000:Enemy:right:40',
  );
  const friendly = marker(doc, 0);
  const symbol = all(friendly as unknown as Document, 'g').find(
    (g) => g.getAttribute('data-sidc') === '10031000001211000000',
  );
  assert.ok(symbol, 'the symbol group names its SIDC');
  const paths = all(symbol as unknown as Document, 'path');
  assert.ok(paths.length >= 2, 'frame and icon are real SVG paths');
  assert.ok(
    paths.some((p) => p.getAttribute('fill') === 'rgb(128,224,255)'),
    'a friendly unit is filled in friendly blue',
  );
  const below = label(friendly);
  assert.equal(below.text, '1st Battalion');
  assert.ok(below.y > 8 && below.anchor === 'middle', `label below the symbol (y ${below.y})`);
  const hostile = all(marker(doc, 1) as unknown as Document, 'path');
  assert.ok(
    hostile.some((p) => p.getAttribute('fill') === 'rgb(255,128,128)'),
    'a hostile unit is filled in hostile red',
  );
  assert.ok(label(marker(doc, 1)).x > 20, 'a 40 px symbol pushes its right label further out');
});

test('markup in a label stays text', async () => {
  const doc = await postSvg({
    scope: 'world',
    markers: [{ lat: 0, lon: 0, icon: 'warning', label: '<script>alert(1)</script><b>bold</b> & co' }],
  });
  assert.equal(label(marker(doc, 0)).text, '<script>alert(1)</script><b>bold</b> & co');
  assert.equal(all(doc, 'script').length, 0);
  assert.equal(all(doc, 'b').length, 0);
});

test('PNG: the marker is painted where its coordinates are', async () => {
  const query = 'scope=world&theme=light&markers=-30,-20:dot::right:24';
  const doc = await svg(`/map.svg?${query}`);
  const [x, y] = anchorOf(marker(doc, 0)).map(Math.round);
  const response = await fetch(`${service.url}/map.png?${query}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  assert.equal(pixelColor(png, x, y), light.highlight, `the dot's centre at ${x},${y}`);
});

test('bad markers are refused with 400, naming the field', async () => {
  const expect = async (init: RequestInit | undefined, path: string, field: string) => {
    const response = await fetch(`${service.url}${path}`, init);
    const body = (await response.json()) as { error: string; field?: string };
    assert.equal(response.status, 400, path);
    assert.deepEqual([body.error, body.field], [field === 'markers' ? 'too_many_items' : 'invalid_field', field]);
  };
  await expect(undefined, '/map.svg?scope=world&markers=50,10:10039900001211000000', 'markers[0].sidc');
  await expect(undefined, '/map.svg?scope=world&markers=50,10:unicorn', 'markers[0].icon');
  await expect(undefined, '/map.svg?scope=world&markers=95,10', 'markers[0].lat');
  await expect(undefined, '/map.svg?scope=world&markers=50,10:pin:A:middle', 'markers[0].labelPosition');
  await expect(undefined, '/map.svg?scope=world&markers=50,10:pin:A:top:201', 'markers[0].size');
  const post = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await expect(
    post({ scope: 'world', markers: [{ lat: 1, lon: 1, icon: 'pin', sidc: '10031000001211000000' }] }),
    '/render/map',
    'markers[0]',
  );
  await expect(
    post({ scope: 'world', markers: [{ lat: 1, lon: 1, rotation: 400 }] }),
    '/render/map',
    'markers[0].rotation',
  );
  await expect(
    post({ scope: 'world', markers: Array.from({ length: 1001 }, () => ({ lat: 1, lon: 1 })) }),
    '/render/map',
    'markers',
  );
});
