// Country scopes through HTTP and a real Chromium: German Länder, US states with Alaska, Hawaii and Puerto
// Rico in insets, French départements with the overseas ones in insets, the catalogue, and unknown scopes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import type { Document } from '@xmldom/xmldom';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, largestRingCentre, pathPieces, region, root } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const svg = (path: string) => fetchSvg(service.url, path);
const ids = (doc: Document) =>
  all(doc, 'path')
    .map((p) => p.getAttribute('data-id'))
    .filter((id): id is string => Boolean(id));
const fill = (doc: Document, id: string) => region(doc, id)?.getAttribute('fill');

interface ScopeSummary {
  id: string;
  kind: string;
  name: string;
  regionCount: number;
  defaultProjection: string;
  boundaries: { source: string; licence: string };
  ownIds: string[];
}

test('DE: the 16 Länder, by code, HASC, English and German names, coloured by their values', async () => {
  const { doc, response } = await svg(
    '/map.svg?scope=de&theme=light&data=BY:1,DE.BE:2,Nordrhein-Westfalen:3,Hesse:4,Sachsen:5',
  );
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.equal(ids(doc).length, 16);
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
  assert.equal(ids(doc).length, 52, '50 states, DC and Puerto Rico');
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
  assert.ok(ids(doc).length >= 101);
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

test('GET /scopes lists every scope with its kind, defaults, region count, source and licence', async () => {
  const { scopes } = (await (await fetch(`${service.url}/scopes`)).json()) as { scopes: ScopeSummary[] };
  assert.ok(scopes.filter((s) => s.kind === 'country').length >= 200);
  const de = scopes.find((s) => s.id === 'DE')!;
  assert.equal(de.name, 'Germany');
  assert.equal(de.regionCount, 16);
  assert.match(de.boundaries.source, /Natural Earth/);
  assert.match(de.boundaries.licence, /public domain/);
  assert.equal(scopes.find((s) => s.id === 'US')!.defaultProjection, 'albersUsa');
  assert.equal(scopes.find((s) => s.id === 'world')!.kind, 'world');

  const detail = (await (await fetch(`${service.url}/scopes/de`)).json()) as ScopeSummary & {
    regions: Array<{ id: string; name: string; aliases: string[] }>;
  };
  const bavaria = detail.regions.find((r) => r.id === 'DE-BY')!;
  assert.equal(bavaria.name, 'Bavaria');
  for (const alias of ['BY', 'DE.BY', 'Bayern']) assert.ok(bavaria.aliases.includes(alias), alias);
  const us = (await (await fetch(`${service.url}/scopes/US`)).json()) as ScopeSummary;
  assert.deepEqual(us.ownIds, ['US-PR']);
});

test('an unknown scope is 404 naming the closest scopes, and nothing is rendered', async () => {
  const before = service.rendered.length;
  for (const [scope, hint] of [
    ['Germany', 'did you mean DE?'],
    ['Deutschland', 'did you mean DE?'],
    ['wrold', 'did you mean world?'],
  ]) {
    const response = await fetch(`${service.url}/map.svg?scope=${scope}&data=BY:5`);
    const body = (await response.json()) as { error: string; message: string; field: string };
    assert.equal(response.status, 404);
    assert.equal(body.error, 'invalid_scope');
    assert.equal(body.field, 'scope');
    assert.ok(body.message.includes(hint), body.message);
  }
  const listing = await fetch(`${service.url}/scopes/Germany`);
  assert.equal(listing.status, 404);
  assert.match(((await listing.json()) as { message: string }).message, /did you mean DE\?/);
  assert.equal(service.rendered.length, before);
});

test('FR by région: the ids choose the level; each région is its départements merged, border for border', async () => {
  const { doc } = await svg('/map.svg?scope=FR&theme=light&data=FR-IDF:1,Bretagne:2,Occitanie:3,Grand%20Est:4');
  assert.equal(ids(doc).length, 18, '13 metropolitan régions, Corsica counted, and 5 overseas');
  assert.deepEqual(
    ['FR-IDF', 'FR-BRE', 'FR-OCC', 'FR-GES'].map((id) => fill(doc, id)),
    rampColors(themes.light.sequential, 4),
  );
  // the région's outline spans exactly its eight départements at the same level and size
  const bounds = (d: string) => {
    const points = pathPieces(d).flat();
    return [
      Math.min(...points.map((p) => p[0])),
      Math.min(...points.map((p) => p[1])),
      Math.max(...points.map((p) => p[0])),
      Math.max(...points.map((p) => p[1])),
    ];
  };
  const departements = (await svg('/map.svg?scope=FR&theme=light&data=75:1')).doc;
  const parts = ['75C', '77', '78', '91', '92', '93', '94', '95'].map((code) =>
    bounds(region(departements, `FR-${code}`)!.getAttribute('d')!),
  );
  const union = [
    Math.min(...parts.map((b) => b[0]!)),
    Math.min(...parts.map((b) => b[1]!)),
    Math.max(...parts.map((b) => b[2]!)),
    Math.max(...parts.map((b) => b[3]!)),
  ];
  const idf = bounds(region(doc, 'FR-IDF')!.getAttribute('d')!);
  // sizes to the rounding of the outlines (0.1 px each side); the two maps are fitted each to its own regions'
  // corners, which may shift one frame against the other by a fraction of a pixel
  assert.ok(
    Math.abs(idf[2]! - idf[0]! - (union[2]! - union[0]!)) <= 0.2 &&
      Math.abs(idf[3]! - idf[1]! - (union[3]! - union[1]!)) <= 0.2,
  );
  idf.forEach((v, i) =>
    assert.ok(Math.abs(v - union[i]!) <= 1, `FR-IDF bounds ${idf} against its départements' ${union}`),
  );
});

test('ids of two levels in one request are a 400 naming them; nothing is rendered', async () => {
  const before = service.rendered.length;
  for (const [path, named] of [
    ['/map.svg?scope=FR&data=FR-IDF:1,75:2', ['FR-IDF', '75']],
    ['/map.svg?scope=US&data=CA:1,06037:2', ['CA', '06037']],
  ] as const) {
    const response = await fetch(service.url + path);
    const body = (await response.json()) as { error: string; field: string; message: string };
    assert.equal(response.status, 400);
    assert.equal(body.error, 'invalid_data');
    assert.equal(body.field, 'regions');
    for (const id of named) assert.ok(body.message.includes(id), body.message);
  }
  assert.equal(service.rendered.length, before);
});

test('US counties by 5-digit FIPS, also with the leading zero lost, and as the Census names them in a CSV', async () => {
  const { doc } = await svg('/map.svg?scope=US&theme=light&width=960&data=06037:1,17031:2,48201:3,4013:4');
  assert.ok(ids(doc).length > 3100, `${ids(doc).length} counties`);
  assert.deepEqual(
    ['06037', '17031', '48201', '04013'].map((id) => fill(doc, id)),
    rampColors(themes.light.sequential, 4),
  );
  assert.ok(
    all(doc, 'text').some((t) => /US Census Bureau/.test(t.textContent ?? '')),
    "the credit names the counties' source",
  );
  const csv =
    'id,value\n"Los Angeles County, California",1\n"Cook County, Illinois",2\n"Orleans Parish, Louisiana",3\n';
  const response = await fetch(`${service.url}/render/spec?scope=US`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  const { spec, warnings } = (await response.json()) as {
    spec: { division: string; regions: Array<{ id: string }> };
    warnings: { unknownIds: string[] };
  };
  assert.deepEqual(warnings.unknownIds, []);
  assert.equal(spec.division, 'counties');
  assert.deepEqual(
    spec.regions.map((r) => r.id),
    ['06037', '17031', '22071'],
  );
});

test('GB by nation, ES by autonomous community, IT by region', async () => {
  for (const [path, count, division] of [
    ['/map.svg?scope=GB&data=Scotland:1,Wales:2,ENG:3,NIR:4', 4, 'nations'],
    ['/map.svg?scope=ES&data=Catalonia:1,ES-MD:2,Andalucía:3', 19, 'communities'],
    ['/map.svg?scope=IT&data=Lazio:1,Lombardia:2,IT-82:3', 20, 'regions'],
  ] as const) {
    const { doc } = await svg(path);
    assert.equal(ids(doc).length, count, path);
    const spec = (await (await fetch(service.url + path.replace('/map.svg', '/render/spec'))).json()) as {
      spec: { division: string };
    };
    assert.equal(spec.spec.division, division);
  }
});

test("groups: the EU's 27 members with insets, the neighbours muted; NATO, BRICS and the continents; memberships dated", async () => {
  const { doc } = await svg('/map.svg?scope=eu&theme=light&data=DE:1,France:2,POL:3,MT:4');
  const members = new Set(
    all(doc, '*')
      .map((e) => e.getAttribute('data-id'))
      .filter(Boolean),
  );
  assert.equal(members.size, 27, 'every member, Malta as a dot at this level');
  assert.ok(members.has('MT') && !members.has('GB') && !members.has('CH'));
  assert.ok(
    all(doc, 'path').some((p) => !p.getAttribute('data-id')),
    'non-members are drawn as context',
  );
  // French Guiana is in an inset: France's outline stays inside the map
  const width = Number(root(doc).getAttribute('width'));
  assert.ok(
    pathPieces(region(doc, 'FR')!.getAttribute('d')!)
      .flat()
      .every(([x]) => x >= 0 && x <= width),
  );

  const { scopes } = (await (await fetch(`${service.url}/scopes`)).json()) as {
    scopes: Array<ScopeSummary & { members?: { asOf: string } }>;
  };
  const groups = scopes.filter((s) => s.kind === 'group');
  for (const id of [
    'EU',
    'NATO',
    'G7',
    'G20',
    'ASEAN',
    'OECD',
    'BRICS',
    'africa',
    'asia',
    'europe',
    'north-america',
    'south-america',
    'oceania',
  ]) {
    const group = groups.find((s) => s.id === id);
    assert.ok(group?.members?.asOf, `${id} is listed with the date its members are true for`);
  }
  assert.deepEqual(
    ['EU', 'NATO', 'G7', 'BRICS', 'ASEAN', 'OECD'].map((id) => groups.find((s) => s.id === id)!.regionCount),
    [27, 32, 7, 10, 11, 38],
  );
  const nato = await svg('/map.svg?scope=NATO&data=US:1,TR:2');
  assert.ok(fill(nato.doc, 'US') && fill(nato.doc, 'TR'));
  const africa = (await (
    await fetch(`${service.url}/render/spec?scope=africa&data=Nigeria:1,Egypt:2,ZZ:3`)
  ).json()) as { warnings: { unknownIds: string[] } };
  assert.deepEqual(africa.warnings.unknownIds, ['ZZ']);
  const outside = (await (await fetch(`${service.url}/render/spec?scope=EU&data=GB:1`)).json()) as {
    warnings: { unknownIds: string[] };
  };
  assert.deepEqual(outside.warnings.unknownIds, ['GB'], 'a non-member is no region of the group');
});

test('/render/spec suggests the closest id for each unknown one', async () => {
  const world = (await (
    await fetch(`${service.url}/render/spec?scope=world&data=Germny:1,Frnace:2,Bavaria:3,US:4`)
  ).json()) as {
    warnings: { unknownIds: string[] };
    suggestions: Array<{ given: string; id: string }>;
  };
  assert.deepEqual(world.warnings.unknownIds, ['Germny', 'Frnace', 'Bavaria']);
  assert.deepEqual(world.suggestions, [
    { given: 'Germny', id: 'DE' },
    { given: 'Frnace', id: 'FR' },
  ]);
  const germany = (await (
    await fetch(`${service.url}/render/spec?scope=DE&data=Bayrn:1,Nordrhein-Westfahlen:2`)
  ).json()) as { suggestions: Array<{ given: string; id: string }> };
  assert.deepEqual(germany.suggestions, [
    { given: 'Bayrn', id: 'DE-BY' },
    { given: 'Nordrhein-Westfahlen', id: 'DE-NW' },
  ]);
});
