// Names as data sets write them, through HTTP and the real SVG renderer: each lands on the region it means, with
// its value and its fill; units drawn apart (Somaliland, Northern Cyprus) take their country's value unless given
// their own; regions' names of one level draw that level; renamed counties keep their old codes.
//   NODE_ENV=test node --import tsx --test --test-concurrency=1 tests/region-names-http.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serviceForTests } from './support/service.ts';
import { all, fetchSvg } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

const { light } = themes;
const service = serviceForTests();

const post = (body: string | Buffer): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'text/csv' },
  body,
});
type Doc = Awaited<ReturnType<typeof fetchSvg>>['doc'];
/** A region's outline, or its dot where it is too small to show (the UN buffer zone in Cyprus). */
const region = (doc: Doc, id: string) => all(doc, '*').find((e) => e.getAttribute('data-id') === id);
const value = (doc: Doc, id: string) => region(doc, id)?.getAttribute('data-value');
const fill = (doc: Doc, id: string) => region(doc, id)?.getAttribute('fill');
const tooltip = (doc: Doc, id: string) => region(doc, id)?.getElementsByTagName('title')[0]?.textContent;
const description = (doc: Doc) => doc.getElementsByTagName('desc')[0]?.textContent ?? '';
const svgOf = (path: string, init?: RequestInit) => fetchSvg(service.url, path, init);

test("the spellings issue 32 found unknown: each on its country, the same map as ISO ids'", async () => {
  const names: Array<[string, string]> = [
    ['Taiwan, China', 'TW'],
    ['Türkiye, Republic of', 'TR'],
    ['Kosovo*', 'XK'],
    ['États-Unis', 'US'],
    ['Tchéquie', 'CZ'],
    ['Corea del Sur', 'KR'],
    ['República Democrática do Congo', 'CD'],
    ['Chinese Taipei', 'TW'],
  ];
  const csv = (column: 0 | 1) =>
    'country,value\n' +
    names
      .slice(0, 7)
      .map((row, i) => `"${row[column]}",${(i + 1) * 10}`)
      .join('\n');
  const path = '/render/map?scope=world&format=svg&theme=light&width=800';
  const { doc, response } = await svgOf(path, post(csv(0)));
  assert.equal(response.headers.get('x-geo-warnings'), null);
  names.slice(0, 7).forEach(([raw, id], i) => assert.equal(value(doc, id), String((i + 1) * 10), raw));
  // the Republic of the Congo, which i18n-iso-countries' Portuguese name sent it to, has no data
  assert.equal(fill(doc, 'CG'), light.noData);
  const [byName, byId] = await Promise.all([0, 1].map((c) => fetch(service.url + path, post(csv(c as 0 | 1)))));
  assert.equal(await byName!.text(), await byId!.text(), 'the same map');

  const taipei = await svgOf('/map.svg?scope=world&data=Chinese%20Taipei:5');
  assert.equal(value(taipei.doc, 'TW'), '5');
});

test("the World Bank's country table as downloaded: every economy on its country, Somaliland with Somalia", async () => {
  const table = readFileSync(new URL('./fixtures/tables/world-bank-income-groups.csv', import.meta.url));
  const { doc, response } = await svgOf(
    '/render/map?scope=world&format=svg&theme=light&level=high&idColumn=TableName&valueColumn=IncomeGroup',
    post(table),
  );
  // the aggregate World, whose cells are empty, is the one row without a country
  assert.doesNotMatch(response.headers.get('x-geo-warnings') ?? '', /unknown-ids:(?!World$)/);
  for (const [id, group] of [
    ['TW', 'High income'],
    ['KR', 'High income'],
    ['KP', 'Low income'],
    ['CD', 'Low income'],
    ['CG', 'Lower middle income'],
    ['TR', 'Upper middle income'],
    ['XK', 'Upper middle income'],
    ['VE', 'Not classified'],
    ['SO', 'Low income'],
    ['CY', 'High income'],
  ])
    assert.equal(value(doc, id!), group, id);
  // the units drawn apart show their country's category, in its colour
  for (const [unit, country] of [
    ['SOL', 'SO'],
    ['CYN', 'CY'],
    ['CNM', 'CY'],
    ['KAB', 'KZ'],
  ]) {
    assert.equal(value(doc, unit!), value(doc, country!), unit);
    assert.equal(fill(doc, unit!), fill(doc, country!), unit);
  }
  assert.match(tooltip(doc, 'SOL') ?? '', /^Somaliland: Low income \(the value of Somalia\)/);
  assert.match(description(doc), /Somaliland takes the value of Somalia\./);
});

test("Somaliland and Northern Cyprus: their country's fill unless given their own, on the world and its groups", async () => {
  for (const scope of ['world', 'africa']) {
    const { doc } = await svgOf(`/map.svg?scope=${scope}&theme=light&data=SO:9,KE:1,ET:5`);
    assert.equal(fill(doc, 'SOL'), fill(doc, 'SO'), scope);
    assert.notEqual(fill(doc, 'SOL'), light.noData, scope);
    assert.match(tooltip(doc, 'SOL') ?? '', /Somaliland: 9 \(the value of Somalia\)/);
    // the classes are Somalia's, Kenya's and Ethiopia's: Somaliland's copy counts no twice
    assert.match(description(doc), /Highest: Somalia \(9\); lowest: Kenya \(1\)\./);

    const own = await svgOf(`/map.svg?scope=${scope}&theme=light&data=SO:9,KE:1,ET:5,SOL:1`);
    assert.equal(fill(own.doc, 'SOL'), fill(own.doc, 'KE'), `${scope}: its own value`);
    assert.notEqual(fill(own.doc, 'SOL'), fill(own.doc, 'SO'));
    assert.doesNotMatch(description(own.doc), /takes the value/);
  }
  for (const scope of ['world', 'EU']) {
    const { doc } = await svgOf(`/map.svg?scope=${scope}&theme=light&level=high&data=CY:3,GR:1,DE:2`);
    for (const unit of ['CYN', 'CNM']) assert.equal(fill(doc, unit), fill(doc, 'CY'), `${scope}: ${unit}`);
    assert.match(description(doc), /take the value of Cyprus\./);
  }
  // without a value for the country, the unit has none either
  const none = await svgOf('/map.svg?scope=world&theme=light&data=KE:1');
  assert.equal(fill(none.doc, 'SOL'), light.noData);
});

test('regions named as ISTAT, INSEE and INE write them draw the regions, each on its own', async () => {
  const istat =
    'Regione,Valore\nLiguria,1\nTrentino-Alto Adige/Südtirol,2\n"Valle d\'Aosta/Vallée d\'Aoste",3\nPiemonte,4\n';
  const it = await svgOf('/render/map?scope=IT&format=svg&theme=light', post(istat));
  assert.equal(it.response.headers.get('x-geo-warnings'), null);
  for (const [id, v] of [
    ['IT-42', '1'],
    ['IT-32', '2'],
    ['IT-23', '3'],
    ['IT-21', '4'],
  ])
    assert.equal(value(it.doc, id!), v, id);
  assert.equal(region(it.doc, 'IT-GE'), undefined, 'the regions are drawn, not Genoa');

  const insee = 'Région,Taux\nGuyane,1\nÎle-de-France,2\n"Provence-Alpes-Côte d\'Azur",3\nLa Réunion,4\n';
  const fr = await svgOf('/render/map?scope=FR&format=svg&theme=light', post(insee));
  assert.equal(value(fr.doc, 'FR-973'), '1');
  assert.equal(value(fr.doc, 'FR-PAC'), '3');
  assert.ok(region(fr.doc, 'FR-IDF'), 'régions drawn');

  const ine =
    'CCAA,Valor\n"Balears, Illes",1\nCastilla - La Mancha,2\nComunitat Valenciana,3\n"Rioja, La",4\nMadrid,5\n';
  const es = await svgOf('/render/map?scope=ES&format=svg&theme=light', post(ine));
  assert.equal(value(es.doc, 'ES-IB'), '1');
  assert.equal(value(es.doc, 'ES-MD'), '5');
});

test("ONS regions on GB: London is not the City of London; the nations' rows are drawn, the rest reported", async () => {
  const ons = 'Region,Rate\nLondon,4.6\nNorth West,4.1\nWales,3.9\nScotland,3.7\n';
  const { doc, response } = await svgOf('/render/map?scope=GB&format=svg&theme=light', post(ons));
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:London,North%20West');
  assert.equal(value(doc, 'GB-WLS'), '3.9');
  assert.equal(value(doc, 'GB-SCT'), '3.7');
  assert.equal(region(doc, 'GB-LND'), undefined);
});

test('renamed US counties: the old FIPS codes land on Kusilvak and Oglala Lakota', async () => {
  const { doc } = await svgOf('/map.svg?scope=US&theme=light&data=02270:1,46113:2,06037:3');
  assert.equal(value(doc, '02158'), '1');
  assert.equal(value(doc, '46102'), '2');
  assert.equal(value(doc, '06037'), '3');
});
