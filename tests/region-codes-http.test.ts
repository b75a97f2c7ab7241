// Tables keyed by the codes of statistics offices and Eurostat (docs/region-codes.md), POSTed as exported
// (tests/fixtures/tables/README.md) and sent by GET: through HTTP and the real renderer, each value sits on the
// region the code means, in the class its value falls in, at the level the codes or `division` choose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { fetchSvg, fill, region, regionIds } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';

const service = serviceForTests();
const { svg, expectError } = mapRequests(service);
const { light } = themes;
/** the five classes of a quantile scale over five or more values, lowest first */
const classes = rampColors(light.sequential, 5);

const table = (name: string) => readFileSync(new URL(`./fixtures/tables/${name}`, import.meta.url));
const postTable = (path: string, name: string) =>
  fetchSvg(service.url, `${path}&theme=light&format=svg`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: table(name),
  });
type Doc = Parameters<typeof region>[0];
const value = (doc: Doc, id: string) => region(doc, id)?.getAttribute('data-value');
const withData = (doc: Doc) => regionIds(doc).filter((id) => value(doc, id) != null);

test('a Destatis GENESIS table keyed by AGS (Windows-1252, `;`, `.` grouping thousands): each Land its value', async () => {
  const { doc, response } = await postTable('/render/map?scope=DE&valueColumn=3', 'destatis-genesis-ags.csv');
  assert.equal(response.status, 200);
  assert.equal(withData(doc).length, 16);
  assert.equal(value(doc, 'DE-SH'), '2922005', 'AGS 01');
  assert.equal(value(doc, 'DE-TH'), '2108863', 'AGS 16');
  assert.equal(fill(doc, 'DE-NW'), classes[4], 'AGS 05, the most populous');
  assert.equal(fill(doc, 'DE-HB'), classes[0], 'AGS 04, the least');
});

test('INSEE départements 01…976 as INSEE writes them: the id column is CODDEP, not the région of each', async () => {
  const { doc } = await postTable('/render/map?scope=FR&valueColumn=PMUN', 'insee-departements.csv');
  assert.equal(withData(doc).length, 101);
  for (const [id, population] of [
    ['FR-01', '679344'],
    ['FR-2A', '168306'],
    ['FR-75C', '2103778'],
    ['FR-971', '384160'],
    ['FR-976', '256518'],
  ])
    assert.equal(value(doc, id), population, id);
  assert.equal(fill(doc, 'FR-59'), classes[4], 'Nord, the most populous');
  assert.equal(fill(doc, 'FR-48'), classes[0], 'Lozère, the least');
  // as a spreadsheet keeps them: the leading zero lost, Corsica's letters in lower case
  const lost = await svg('/map.svg?scope=FR&theme=light&data=1:1,2a:2,971:3,75:4');
  assert.deepEqual(
    ['FR-01', 'FR-2A', 'FR-971', 'FR-75C'].map((id) => fill(lost.doc, id)),
    rampColors(light.sequential, 4),
  );
});

test('INSEE régions: their codes draw the régions, by themselves or with division=regions; division decides', async () => {
  for (const query of ['', '&division=regions']) {
    const { doc } = await postTable(`/render/map?scope=FR&valueColumn=PMUN${query}`, 'insee-regions.csv');
    assert.equal(regionIds(doc).length, 18, `régions ${query}`);
    assert.equal(value(doc, 'FR-ARA'), '8205557', '84');
    assert.equal(value(doc, 'FR-971'), '384160', '01: Guadeloupe');
    assert.equal(fill(doc, 'FR-IDF'), classes[4], '11: Île-de-France');
    assert.equal(fill(doc, 'FR-976'), classes[0], '06: Mayotte');
  }
  // the same codes as départements, when asked for
  const departements = await postTable(
    '/render/map?scope=FR&valueColumn=PMUN&division=departments',
    'insee-regions.csv',
  );
  assert.equal(regionIds(departements.doc).length, 101);
  assert.equal(value(departements.doc, 'FR-84'), '8205557', 'Vaucluse');
  // two région codes alone keep the départements (the rule before codes), unless division says otherwise
  const two = '/map.svg?scope=FR&theme=light&data=84:1,93:2';
  const departementsByCode = (await svg(two)).doc;
  assert.deepEqual(
    ['FR-84', 'FR-93'].map((id) => fill(departementsByCode, id)),
    rampColors(light.sequential, 2),
  );
  const regions = (await svg(`${two}&division=regions`)).doc;
  assert.deepEqual(
    ['FR-ARA', 'FR-PAC'].map((id) => fill(regions, id)),
    rampColors(light.sequential, 2),
  );
  await expectError('/map.svg?scope=FR&division=counties&data=84:1', undefined, 'invalid_field', 'division');
});

test('an ISTAT table of regioni (codes 01…20) draws the regions; provinces by UTS and historical codes', async () => {
  const { doc } = await postTable('/render/map?scope=IT', 'istat-regioni.csv');
  assert.equal(regionIds(doc).length, 20);
  assert.equal(value(doc, 'IT-32'), '1029475', '04: Trentino-Alto Adige, whole');
  assert.equal(fill(doc, 'IT-25'), classes[4], '03: Lombardia');
  assert.equal(fill(doc, 'IT-23'), classes[0], "02: Valle d'Aosta");
  const provinces = (await svg('/map.svg?scope=IT&theme=light&data=201:1,015:2,58:3')).doc;
  assert.deepEqual(
    ['IT-TO', 'IT-MI', 'IT-RM'].map((id) => fill(provinces, id)),
    rampColors(light.sequential, 3),
  );
});

test('Eurostat NUTS: an SDMX-CSV of France by NUTS 3, Austria by NUTS 2, and EL for Greece on the EU', async () => {
  const { doc } = await postTable('/render/map?scope=FR&idColumn=geo&valueColumn=OBS_VALUE', 'eurostat-nuts3-fr.csv');
  assert.equal(withData(doc).length, 101);
  assert.equal(value(doc, 'FR-75C'), '2103778', 'FR101: Paris');
  assert.equal(fill(doc, 'FR-59'), classes[4], 'FRE11: Nord');
  // Eurostat's own TSV of GDP by NUTS 2 region, as downloaded: Austria's rows on Austria, Turkey's unknown there
  const tsv = await fetchSvg(service.url, '/render/map?scope=AT&theme=light&format=svg&valueColumn=2022', {
    method: 'POST',
    headers: { 'content-type': 'text/tab-separated-values' },
    body: table('eurostat-tgs00003.tsv'),
  });
  assert.equal(value(tsv.doc, 'AT-1'), '10454.97', 'AT11: Burgenland');
  assert.equal(value(tsv.doc, 'AT-3'), '71757.87', 'AT12: Lower Austria');
  assert.deepEqual(
    ['AT-1', 'AT-3'].map((id) => fill(tsv.doc, id)),
    rampColors(light.sequential, 2),
  );
  assert.match(tsv.response.headers.get('x-geo-warnings') ?? '', /unknown-ids:TRB1/);
  const austria = (await svg('/map.svg?scope=AT&theme=light&data=AT11:1,AT13:2,AT34:3')).doc;
  assert.deepEqual(
    ['AT-1', 'AT-9', 'AT-8'].map((id) => fill(austria, id)),
    rampColors(light.sequential, 3),
  );
  const eu = (await svg('/map.svg?scope=EU&theme=light&data=EL:1,DE:2')).doc;
  assert.deepEqual(
    ['GR', 'DE'].map((id) => fill(eu, id)),
    rampColors(light.sequential, 2),
  );
});

test('e-Stat prefectures by 5-digit code, and JIS codes with and without the check digit', async () => {
  const { doc } = await postTable('/render/map?scope=JP&valueColumn=5', 'e-stat-prefectures.csv');
  assert.deepEqual(
    ['JP-02', 'JP-47', 'JP-01', 'JP-27', 'JP-13'].map((id) => fill(doc, id)),
    classes,
    'Aomori < Okinawa < Hokkaido < Osaka < Tokyo',
  );
  assert.equal(value(doc, 'JP-13'), '14047594');
  const codes = (await svg('/map.svg?scope=JP&theme=light&data=1000:1,130001:2,47:3')).doc;
  assert.deepEqual(
    ['JP-01', 'JP-13', 'JP-47'].map((id) => fill(codes, id)),
    rampColors(light.sequential, 3),
  );
});

test('a cell of code and name (INE `28 Madrid`), and INE community codes with division=communities', async () => {
  const provinces = (await svg('/map.svg?scope=ES&theme=light&data=28%20Madrid:1,08%20Barcelona:2')).doc;
  assert.deepEqual(
    ['ES-M', 'ES-B'].map((id) => fill(provinces, id)),
    rampColors(light.sequential, 2),
  );
  const communities = (await svg('/map.svg?scope=ES&theme=light&division=communities&data=01:1,13:2')).doc;
  assert.deepEqual(
    ['ES-AN', 'ES-MD'].map((id) => fill(communities, id)),
    rampColors(light.sequential, 2),
  );
  const same = (await svg('/map.svg?scope=ES&theme=light&data=01:1,13:2')).doc;
  assert.deepEqual(
    ['ES-VI', 'ES-CR'].map((id) => fill(same, id)),
    rampColors(light.sequential, 2),
    'provinces',
  );
});

test('ONS GSS codes: council areas, a successor of the same area, and the nations on their own level', async () => {
  const areas = (await svg('/map.svg?scope=GB&theme=light&data=E06000060:1,S12000049:2,W06000015:3')).doc;
  assert.deepEqual(
    ['GB-BKM', 'GB-GLG', 'GB-CRF'].map((id) => fill(areas, id)),
    rampColors(light.sequential, 3),
  );
  const nations = (await svg('/map.svg?scope=GB&theme=light&data=E92000001:1,S92000003:2')).doc;
  assert.equal(regionIds(nations).length, 4);
  assert.deepEqual(
    ['GB-ENG', 'GB-SCT'].map((id) => fill(nations, id)),
    rampColors(light.sequential, 2),
  );
});
