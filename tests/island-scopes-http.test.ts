// Groups and island scopes through the real service: oceania draws every member with data, the Polynesian ones
// east of New Zealand across the antimeridian, and the description counts only what is drawn; a scope of atolls
// strung along a meridian (the Maldives) gets a frame at most twice as tall as wide, all its islands inside, and
// one strung across the antimeridian (Kiribati's groups: Natural Earth's Kiribati and Tuvalu have no scope of
// their own, so a user's file of them) one frame, west to east.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, largestRingCentre, root } from './support/svg.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

/** The members the old box (110° to 190° E, 50° S to the equator) left out, five distinct values between them:
 *  one class each, its legend swatch starting at the value. */
const FAR = { PF: 1, PN: 2, CK: 3, FM: 4, MH: 5, PW: 1, GU: 2, MP: 3, UM: 4 };
const QUERY = `scope=oceania&theme=light&data=${Object.entries(FAR)
  .map(([id, v]) => `${id}:${v}`)
  .join(',')},AU:5,NZ:3`;

const svg = async (query: string) => (await fetchSvg(service.url, `/map.svg?${query}`)).doc;
const regionsLayer = (doc: Document) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'regions')!;
/** The outline or dot the regions layer draws for `id`. */
const drawnAs = (doc: Document, id: string) =>
  Array.from(regionsLayer(doc).getElementsByTagName('*') as unknown as ArrayLike<Element>).filter(
    (e) => e.getAttribute('data-id') === id && (e.tagName === 'path' || e.tagName === 'circle'),
  );
const legendFill = (doc: Document, value: number) =>
  all(doc, 'rect')
    .find((r) => r.getAttribute('data-legend')?.split(' – ')[0] === String(value))
    ?.getAttribute('fill');
/** Where the element is painted: a dot's centre, an outline's largest ring's. */
const paintedAt = (e: Element): [number, number] =>
  e.tagName === 'circle'
    ? [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))]
    : largestRingCentre(e.getAttribute('d') ?? '');
const description = (doc: Document) => all(doc, 'desc')[0]?.textContent ?? '';

test('oceania draws each member with data in its class colour, in the SVG and where the PNG paints it', async () => {
  const doc = await svg(QUERY);
  const response = await fetch(`${service.url}/map.png?${QUERY}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  for (const [id, value] of Object.entries(FAR)) {
    const drawn = drawnAs(doc, id);
    assert.equal(drawn.length, 1, `${id} is drawn once`);
    const colour = drawn[0].getAttribute('fill');
    assert.equal(colour, legendFill(doc, value), `${id} has its class's colour`);
    const [x, y] = paintedAt(drawn[0]).map(Math.floor);
    assert.ok(x >= 0 && y >= 0 && x < png.width && y < png.height, `${id} inside the picture: ${x},${y}`);
    assert.equal(pixelColor(png, x, y), colour, `${id} painted at ${x},${y}`);
  }
});

test('oceania is centred on the Pacific: Polynesia lies east of New Zealand, Palau west of it', async () => {
  const doc = await svg(QUERY);
  const x = (id: string) => paintedAt(drawnAs(doc, id)[0])[0];
  for (const id of ['PF', 'PN', 'CK']) assert.ok(x(id) > x('NZ'), `${id} east of New Zealand`);
  assert.ok(x('PW') < x('NZ'), 'Palau west of New Zealand');
});

test('the description counts what is drawn; what the frame leaves out is named there and in X-Geo-Warnings', async () => {
  const whole = description(await svg(QUERY));
  assert.match(whole, /11 of 25 regions have data/);
  assert.doesNotMatch(whole, /Not drawn/);
  // a box that holds Australia but not French Polynesia: its value is not counted as shown
  const { doc, response } = await fetchSvg(service.url, '/map.svg?scope=oceania&bbox=110,-45,160,-10&data=PF:1,AU:2');
  assert.equal(response.headers.get('x-geo-warnings'), 'not-drawn:PF', 'a warning, as for an unknown id');
  const png = await fetch(`${service.url}/map.png?scope=oceania&bbox=110,-45,160,-10&data=PF:1,AU:2`);
  assert.equal(png.headers.get('x-geo-warnings'), 'not-drawn:PF', 'and from Chromium');
  const boxed = description(doc);
  assert.match(boxed, /1 of 25 regions has data/);
  assert.match(boxed, /Not drawn, outside the map: French Polynesia\./);
  assert.doesNotMatch(boxed, /French Polynesia \(/, 'nor is it the lowest value');
});

test('the Maldives at 1000 px: a frame at most twice as tall as wide, every atoll with data inside it', async () => {
  const { regions } = (await (await fetch(`${service.url}/scopes/MV`)).json()) as { regions: Array<{ id: string }> };
  const query = `scope=MV&width=1000&data=${regions.map((r, i) => `${r.id}:${i + 1}`).join(',')}`;
  const response = await fetch(`${service.url}/map.png?${query}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  assert.equal(png.width, 1000);
  assert.ok(png.height <= 2000, `height ${png.height}`);
  const doc = await svg(query);
  assert.equal(Number(root(doc).getAttribute('height')), png.height);
  for (const { id } of regions) {
    const [drawn] = drawnAs(doc, id);
    assert.ok(drawn, `${id} is drawn`);
    const [x, y] = paintedAt(drawn);
    assert.ok(x > 0 && x < 1000 && y > 0 && y < png.height, `${id} inside the frame: ${x},${y}`);
  }
});

test('the Marshall Islands, atolls over 7° by 10°, keep within 2:1 too', async () => {
  const doc = await svg('scope=MH&width=1000');
  const height = Number(root(doc).getAttribute('height'));
  assert.ok(height >= 500 && height <= 2000, `height ${height}`);
});

/** A speck of an atoll, 0.05° a side, as a user's own file of island groups might hold it. */
const atoll = (id: string, lon: number, lat: number) => ({
  type: 'Feature',
  properties: { id },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + 0.05, lat],
        [lon + 0.05, lat + 0.05],
        [lon, lat + 0.05],
        [lon, lat],
      ],
    ],
  },
});

test("Kiribati's island groups across the antimeridian: one frame, west to east, within 2:1", async () => {
  // the Gilberts (172.9° E), the Phoenix Islands (171.7° W), the Line Islands (157.4° and 150.2° W)
  const groups = [
    atoll('GI', 172.9, 1.4),
    atoll('PH', -171.7, -3.7),
    atoll('LI', -157.4, 1.8),
    atoll('LS', -150.2, -11.4),
  ];
  const body = {
    scope: 'custom',
    geometry: { type: 'FeatureCollection', features: groups },
    idProperty: 'id',
    width: 1000,
    regions: groups.map((g, i) => ({ id: g.properties.id, value: i + 1 })),
  };
  const { doc } = await fetchSvg(service.url, '/render/map', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const height = Number(root(doc).getAttribute('height'));
  assert.ok(height >= 500 && height <= 2000, `height ${height}`);
  const xs = groups.map((g) => {
    const [drawn] = drawnAs(doc, g.properties.id);
    assert.ok(drawn, `${g.properties.id} is drawn`);
    const [x, y] = paintedAt(drawn);
    assert.ok(x > 0 && x < 1000 && y > 0 && y < height, `${g.properties.id} inside the frame: ${x},${y}`);
    return x;
  });
  assert.deepEqual(
    xs,
    [...xs].sort((a, b) => a - b),
    'west to east across the antimeridian',
  );
});
