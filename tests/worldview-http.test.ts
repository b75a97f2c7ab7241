// Whose boundaries a map draws (docs/boundaries.md), through HTTP and a real Chromium: Crimea takes Ukraine's
// colour by default (`worldview=un`) and Russia's with `worldview=de-facto`, on the world and on Europe; the
// parameter is part of the ETag and refused when unknown. And Norway's scope has the counties of 2024.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { fill } from './support/svg.ts';
import { pixelColor } from './support/png.ts';

const service = serviceForTests();
const { svg, expectError } = mapRequests(service);

/** A frame on Crimea alone: west of Perekop's meridian land is Ukraine's mainland only north of 46°, and Russia's
 *  Taman peninsula lies east of 36.6°. */
const CRIMEA = 'bbox=32.8,44.4,36.2,45.9&width=600';

/** How many pixels of the PNG have each of `colors`. */
async function pixelsOf(path: string, colors: string[]): Promise<number[]> {
  const response = await fetch(service.url + path);
  assert.equal(response.status, 200, path);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  const counts = colors.map(() => 0);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = colors.indexOf(pixelColor(png, x, y));
      if (i >= 0) counts[i]!++;
    }
  }
  return counts;
}

for (const scope of ['europe', 'world']) {
  test(`worldview on ${scope}: Crimea in Ukraine's colour by default, in Russia's de facto`, async () => {
    const query = `scope=${scope}&theme=light&data=UA:10,RU:90`;
    // the colours from the whole map: a frame on Crimea alone draws no outline of Russia in one worldview
    const { doc } = await svg(`/map.svg?${query}`);
    const colors = [fill(doc, 'UA')!, fill(doc, 'RU')!];
    assert.notEqual(colors[0], colors[1]);
    const [ukraine, russia] = await pixelsOf(`/map.png?${query}&${CRIMEA}`, colors);
    assert.ok(
      ukraine! > 20_000 && russia! < ukraine! / 50,
      `un: ${ukraine} px of Ukraine's colour, ${russia} of Russia's`,
    );
    const [ukraineDeFacto, russiaDeFacto] = await pixelsOf(`/map.png?${query}&${CRIMEA}&worldview=de-facto`, colors);
    assert.ok(
      russiaDeFacto! > 20_000 && ukraineDeFacto! < russiaDeFacto! / 50,
      `de-facto: ${ukraineDeFacto} px of Ukraine's colour, ${russiaDeFacto} of Russia's`,
    );
  });
}

test('worldview: part of the ETag where the map differs, the same by GET and POST, a 400 naming the field', async () => {
  const etag = async (path: string, init?: RequestInit) => {
    const response = await fetch(service.url + path, init);
    assert.equal(response.status, 200, path);
    await response.arrayBuffer();
    return response.headers.get('etag');
  };
  const map = '/map.svg?scope=europe&data=UA:10,RU:90';
  const un = await etag(map);
  assert.equal(await etag(`${map}&worldview=UN`), un, 'un is the default, matched case-insensitively');
  const deFacto = await etag(`${map}&worldview=de-facto`);
  assert.notEqual(deFacto, un);
  const body = {
    scope: 'europe',
    worldview: 'de-facto',
    regions: [
      { id: 'RU', value: 90 },
      { id: 'UA', value: 10 },
    ],
  };
  assert.equal(
    await etag('/render/map', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, format: 'svg' }),
    }),
    deFacto,
  );
  // Romania's map draws no disputed line: one map, one ETag
  assert.equal(await etag('/map.svg?scope=RO&worldview=de-facto'), await etag('/map.svg?scope=RO'));
  await expectError('/map.svg?scope=europe&worldview=russia', undefined, 'invalid_field', 'worldview');
});

test("worldview on Ukraine's and Russia's scopes: Crimea and Sevastopol are Ukraine's regions by default, Russia's de facto", async () => {
  const described = async (scope: string) =>
    (await (await fetch(`${service.url}/scopes/${scope}`)).json()) as {
      regions: { id: string }[];
      worldviews?: string[];
    };
  const ids = async (scope: string) => (await described(scope)).regions.map((r) => r.id);
  for (const scope of ['UA', 'RU', 'europe', 'world'])
    assert.deepEqual((await described(scope)).worldviews, ['de-facto']);
  assert.equal((await described('RO')).worldviews, undefined, "Romania's map draws no disputed line");
  // ids never depend on the worldview: each scope lists what either one draws
  assert.ok((await ids('UA')).includes('UA-43') && (await ids('UA')).includes('UA-40'));
  assert.ok((await ids('RU')).includes('RU-43'));
  const ukraine = await svg('/map.svg?scope=UA&data=UA-43:1,UA-40:2,UA-65:3');
  assert.ok(fill(ukraine.doc, 'UA-43') && fill(ukraine.doc, 'UA-40') && fill(ukraine.doc, 'UA-65'));
  const ukraineDeFacto = await svg('/map.svg?scope=UA&worldview=de-facto&data=UA-43:1,UA-40:2,UA-65:3');
  assert.ok(!fill(ukraineDeFacto.doc, 'UA-43') && fill(ukraineDeFacto.doc, 'UA-65'));
  const russia = await svg('/map.svg?scope=RU&data=RU-43:1,RU-MOW:2');
  assert.ok(!fill(russia.doc, 'RU-43') && fill(russia.doc, 'RU-MOW'));
  const russiaDeFacto = await svg('/map.svg?scope=RU&worldview=de-facto&data=RU-43:1,RU-MOW:2');
  assert.ok(fill(russiaDeFacto.doc, 'RU-43'));
});

test("Norway: the 15 counties of 2024 and Svalbard, the old counties' codes as aliases, a map of them drawn", async () => {
  const scope = (await (await fetch(`${service.url}/scopes/NO`)).json()) as {
    regions: { id: string; name: string; aliases: string[] }[];
  };
  const counties = [
    'NO-03 Oslo',
    'NO-11 Rogaland',
    'NO-15 Møre og Romsdal',
    'NO-18 Nordland',
    'NO-21 Svalbard',
    'NO-31 Østfold',
    'NO-32 Akershus',
    'NO-33 Buskerud',
    'NO-34 Innlandet',
    'NO-39 Vestfold',
    'NO-40 Telemark',
    'NO-42 Agder',
    'NO-46 Vestland',
    'NO-50 Trøndelag',
    'NO-55 Troms',
    'NO-56 Finnmark',
  ];
  assert.deepEqual(scope.regions.map((r) => `${r.id} ${r.name}`).sort(), counties);
  const innlandet = scope.regions.find((r) => r.id === 'NO-34')!;
  for (const old of ['NO-04', 'NO-05', 'Hedmark', 'Oppland']) assert.ok(innlandet.aliases.includes(old), old);

  const data = counties.map((c, i) => `${c.slice(0, 5)}:${i + 1}`).join(',');
  const { doc } = await svg(`/map.svg?scope=NO&theme=light&data=${data}`);
  for (const c of counties) assert.match(fill(doc, c.slice(0, 5)) ?? '', /^#[0-9a-f]{6}$/, `${c} is drawn`);
  // data written with the old codes lands on the county that holds them
  const old = await svg('/map.svg?scope=NO&data=NO-01:1,NO-09:2,NO-19:3');
  assert.ok(fill(old.doc, 'NO-31') && fill(old.doc, 'NO-42') && fill(old.doc, 'NO-55'));
});
