// Country scopes through HTTP and a real Chromium: German Länder, US states with Alaska, Hawaii and Puerto Rico
// in insets, French départements with the overseas ones in insets, British nations, Spanish communities and
// Italian regions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { all, fill, largestRingCentre, region, regionIds, root } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';

const service = serviceForTests();
const { svg } = mapRequests(service);

test('DE: the 16 Länder, by code, HASC, English and German names, coloured by their values', async () => {
  const { doc, response } = await svg(
    '/map.svg?scope=de&theme=light&data=BY:1,DE.BE:2,Nordrhein-Westfalen:3,Hesse:4,Sachsen:5',
  );
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.equal(regionIds(doc).length, 16);
  const ramp = rampColors(themes.light.sequential, 5);
  assert.deepEqual(
    ['DE-BY', 'DE-BE', 'DE-NW', 'DE-HE', 'DE-SN'].map((id) => fill(doc, id)),
    ramp,
  );
  assert.equal(fill(doc, 'DE-BB'), themes.light.noData);
  assert.match(region(doc, 'DE-BY')!.getElementsByTagName('title')[0]!.textContent ?? '', /^Bavaria: 1/);
  // the neighbours are drawn muted, without ids
  const context = all(doc, 'path').filter((p) => !p.getAttribute('data-id'));
  assert.ok(context.length > 0);
});

test('DE as a PNG: Chromium paints each Land in its class colour', async () => {
  const path = '/map.svg?scope=DE&theme=light&width=600&data=BY:1,NI:9';
  const { doc } = await svg(path);
  const response = await fetch(`${service.url}${path.replace('.svg', '.png')}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  for (const id of ['DE-BY', 'DE-NI']) {
    const [x, y] = largestRingCentre(region(doc, id)!.getAttribute('d')!).map(Math.round);
    assert.equal(pixelColor(png, x, y), fill(doc, id), id);
  }
});

test('US: states by postal code, name and FIPS; albersUsa with Alaska, Hawaii and Puerto Rico on the map', async () => {
  const { doc } = await svg('/map.svg?scope=US&theme=light&width=960&data=CA:1,Texas:2,36:3,AK:4,Hawaii:5,PR:6');
  assert.equal(regionIds(doc).length, 52, '50 states, DC and Puerto Rico');
  const width = Number(root(doc).getAttribute('width'));
  const height = Number(root(doc).getAttribute('height'));
  for (const id of ['US-CA', 'US-TX', 'US-NY', 'US-AK', 'US-HI', 'US-PR']) {
    const [x, y] = largestRingCentre(region(doc, id)!.getAttribute('d')!);
    assert.ok(x > 0 && x < width && y > 0 && y < height, `${id} at ${x},${y} is outside the ${width}×${height} map`);
  }
  // Alaska sits in its inset at the lower left, not at its true place north-west of Canada
  const [akX, akY] = largestRingCentre(region(doc, 'US-AK')!.getAttribute('d')!);
  assert.ok(akX < width * 0.3 && akY > height * 0.6, `Alaska at ${akX},${akY}`);
  const spec = (await (await fetch(`${service.url}/render/spec?scope=US&data=06:1`)).json()) as {
    spec: { projection: string; regions: Array<{ id: string }> };
  };
  assert.equal(spec.spec.projection, 'albersUsa');
  assert.deepEqual(
    spec.spec.regions.map((r) => r.id),
    ['US-CA'],
  );
});

test('FR: départements, the overseas ones in insets inside the frame', async () => {
  const { doc, response } = await svg(
    '/map.svg?scope=FR&theme=light&data=Paris:1,13:2,Martinique:3,FR-974:4,Gironde:5',
  );
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.ok(regionIds(doc).length >= 101);
  const width = Number(root(doc).getAttribute('width'));
  const height = Number(root(doc).getAttribute('height'));
  const [gx, gy] = largestRingCentre(region(doc, 'FR-33')!.getAttribute('d')!);
  const [mx, my] = largestRingCentre(region(doc, 'FR-972')!.getAttribute('d')!);
  for (const [x, y] of [
    [gx, gy],
    [mx, my],
  ])
    assert.ok(x > 0 && x < width && y > 0 && y < height);
  // the mainland fills the frame: Gironde is no speck in a corner of the Atlantic
  assert.ok(gx > width * 0.2 && gy > height * 0.4, `Gironde at ${gx},${gy}`);
});

test('GB by nation, ES by autonomous community, IT by region', async () => {
  for (const [path, count, division] of [
    ['/map.svg?scope=GB&data=Scotland:1,Wales:2,ENG:3,NIR:4', 4, 'nations'],
    ['/map.svg?scope=ES&data=Catalonia:1,ES-MD:2,Andalucía:3', 19, 'communities'],
    ['/map.svg?scope=IT&data=Lazio:1,Lombardia:2,IT-82:3', 20, 'regions'],
  ] as const) {
    const { doc } = await svg(path);
    assert.equal(regionIds(doc).length, count, path);
    const spec = (await (await fetch(service.url + path.replace('/map.svg', '/render/spec'))).json()) as {
      spec: { division: string };
    };
    assert.equal(spec.spec.division, division);
  }
});
