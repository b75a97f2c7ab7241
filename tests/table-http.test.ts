// Tables as tools export them, POSTed as they are (tests/fixtures/tables/README.md): through HTTP and the real
// renderers, each region shows the value of the right cell, a missing value is drawn as no data, the lines around
// the table are reported, and a table that needs a choice is a 400 that says which.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serviceForTests } from './support/service.ts';
import { fetchSvg, fill, legendEntries, region, tooltip } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

const { light } = themes;
const service = serviceForTests();

const bytes = (name: string) => readFileSync(new URL(`./fixtures/tables/${name}`, import.meta.url));
const postTable = (body: Buffer | string, type = 'text/csv'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});
const value = (doc: Parameters<typeof region>[0], id: string) => region(doc, id)?.getAttribute('data-value');
const description = (doc: Parameters<typeof region>[0]) => doc.getElementsByTagName('desc')[0]?.textContent ?? '';

async function refused(path: string, init: RequestInit, code: string, pattern: RegExp): Promise<void> {
  const response = await fetch(service.url + path, init);
  const body = (await response.json()) as { error: string; message: string };
  assert.equal(response.status, 400, body.message);
  assert.equal(body.error, code, body.message);
  assert.match(body.message, pattern);
}

test('a Destatis GENESIS export in Windows-1252: `.` groups thousands, `-` is no data, title and notes reported', async () => {
  const genesis = bytes('destatis-genesis.csv');
  await refused(
    '/render/map?scope=DE',
    postTable(genesis),
    'invalid_csv',
    /2 columns of numbers \(31\.12\.2021, 31\.12\.2022\).*valueColumn/,
  );
  const { doc, response } = await fetchSvg(
    service.url,
    '/render/map?scope=DE&theme=light&format=svg&valueColumn=31.12.2022',
    postTable(genesis, 'text/csv; charset=utf-8'),
  );
  assert.equal(response.headers.get('x-geo-warnings'), 'skipped-lines:1-5,24-26');
  assert.equal(value(doc, 'DE-HB'), '684864', 'Bremen: 684.864 is 684864');
  assert.equal(value(doc, 'DE-BW'), '11280257', 'Baden-Württemberg, read from Windows-1252');
  // Thüringen's `-`: drawn as no data, never highlighted, and counted so
  assert.equal(value(doc, 'DE-TH'), null);
  assert.equal(fill(doc, 'DE-TH'), light.noData);
  assert.notEqual(fill(doc, 'DE-TH'), light.highlight);
  assert.match(description(doc), /1 region has no data/);
  assert.doesNotMatch(description(doc), /Every region has data/);
});

test('the World Bank bulk file: its 4 lines above skipped, the year chosen by valueColumn, aggregates unknown', async () => {
  const wdi = bytes('world-bank-bulk.csv');
  await refused('/render/map?scope=world', postTable(wdi), 'invalid_csv', /\(1991, 2021, 2022, 2023\)/);
  const { doc, response } = await fetchSvg(
    service.url,
    '/render/map?scope=world&theme=light&format=svg&valueColumn=2022',
    postTable(wdi),
  );
  assert.equal(
    response.headers.get('x-geo-warnings'),
    'skipped-lines:1-4; unknown-ids:Africa%20Eastern%20and%20Southern,World',
  );
  assert.equal(value(doc, 'DE'), '3.135');
  assert.equal(value(doc, 'ES'), '12.92');
});

test('POST /render/spec says how a table was read: its columns, the ones taken, and each row left out with why', async () => {
  const response = await fetch(
    `${service.url}/render/spec?scope=world&valueColumn=2022`,
    postTable(bytes('world-bank-bulk.csv')),
  );
  const body = (await response.json()) as {
    table: {
      columns: string[];
      idColumn: number;
      valueColumn: number;
      rows: number;
      skippedRows: Array<{ line: number; id: string; reason: string; cell?: string }>;
      skippedCount: number;
    };
    spec: { regions: Array<{ id: string }> };
  };
  assert.equal(response.status, 200);
  const { table } = body;
  assert.deepEqual(table.columns.slice(0, 5), [
    'Country Name',
    'Country Code',
    'Indicator Name',
    'Indicator Code',
    '1960',
  ]);
  assert.equal(table.columns[table.idColumn - 1], 'Country Name', 'the names are the ids it took');
  assert.equal(table.columns[table.valueColumn - 1], '2022');
  assert.equal(table.rows, 8, 'the 4 lines above the header are not rows');
  // the aggregates are no countries; Aruba and Kosovo have no 2022 value in the file: each with its file line
  assert.deepEqual(
    table.skippedRows.map(({ line, id, reason }) => `${line} ${id}: ${reason}`),
    ['6 Aruba: no value', '7 Africa Eastern and Southern: unknown id', '12 World: unknown id', '13 Kosovo: no value'],
  );
  assert.equal(table.skippedRows[0]!.cell, '');
  assert.equal(table.skippedCount, 4);
  assert.deepEqual(body.spec.regions.map((r) => r.id).sort(), ['AF', 'DE', 'ES', 'FR']);

  // a JSON body has no table to report
  const json = await (
    await fetch(`${service.url}/render/spec`, postTable('{"scope":"world"}', 'application/json'))
  ).json();
  assert.equal((json as { table?: unknown }).table, undefined);
});

test('territories the world draws inside another region are named as such; `&` reads as `and`', async () => {
  // as the UN's and the IMF's country tables write them: overseas départements and `&` in names
  const csv =
    'Country,Value\nFrance,1\nRéunion,2\nMayotte,3\nTrinidad & Tobago,4\nAntigua & Barbuda,5\nTokelau,6\nAtlantis,7\n';
  const response = await fetch(`${service.url}/render/spec?scope=world`, postTable(csv));
  const body = (await response.json()) as {
    table: { skippedRows: Array<{ id: string; reason: string; within?: string }> };
    drawnWithin: Array<{ given: string; id: string }>;
    spec: { regions: Array<{ id: string; value: number }> };
  };
  assert.equal(response.status, 200);
  assert.deepEqual(
    body.spec.regions.map((r) => `${r.id}:${r.value}`),
    ['AG:5', 'FR:1', 'TT:4'],
    'France keeps its own value: Réunion’s is not put on it',
  );
  assert.deepEqual(body.table.skippedRows, [
    { line: 3, id: 'Réunion', reason: 'unknown id', within: 'FR' },
    { line: 4, id: 'Mayotte', reason: 'unknown id', within: 'FR' },
    { line: 7, id: 'Tokelau', reason: 'unknown id', within: 'NZ' },
    { line: 8, id: 'Atlantis', reason: 'unknown id' },
  ]);
  assert.deepEqual(body.drawnWithin, [
    { given: 'Réunion', id: 'FR' },
    { given: 'Mayotte', id: 'FR' },
    { given: 'Tokelau', id: 'NZ' },
  ]);
  // on France's own map Réunion is a région of its own
  const france = (await (
    await fetch(`${service.url}/render/spec?scope=FR`, postTable('region,value\nRéunion,2\nBretagne,1\n'))
  ).json()) as typeof body;
  assert.deepEqual(france.drawnWithin, []);
  assert.equal(france.spec.regions.length, 2);
});

test("Connecticut's planning regions (ACS 2022 on) are named as Connecticut's, with no county suggested for them", async () => {
  // as the Census Bureau's API writes an ACS 2022 county table: GEOID and NAME, Connecticut by planning region
  const csv =
    'GEOID,NAME,B01003_001E\n06037,"Los Angeles County, California",9721138\n' +
    '09110,"Capitol Planning Region, Connecticut",976248\n09190,"Western Connecticut Planning Region, Connecticut",620549\n';
  const response = await fetch(
    `${service.url}/render/spec?scope=US&division=counties&valueColumn=B01003_001E`,
    postTable(csv),
  );
  const body = (await response.json()) as {
    table: { skippedRows: Array<{ id: string; reason: string; within?: string }> };
    drawnWithin: Array<{ given: string; id: string }>;
    suggestions: Array<{ given: string; id: string }>;
    spec: { regions: Array<{ id: string }> };
  };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.deepEqual(
    body.spec.regions.map((r) => r.id),
    ['06037'],
  );
  assert.deepEqual(
    body.table.skippedRows.map(({ id, within }) => `${id} ${within}`),
    ['Capitol Planning Region, Connecticut US-CT', 'Western Connecticut Planning Region, Connecticut US-CT'],
  );
  assert.deepEqual(
    body.drawnWithin.map((d) => d.id),
    ['US-CT', 'US-CT'],
  );
  // by FIPS code alone, as a GEOID column read as the ids
  const byCode = (await (
    await fetch(`${service.url}/render/spec?scope=US&division=counties&data=06037:1,09110:2,09190:3`)
  ).json()) as typeof body;
  assert.deepEqual(byCode.drawnWithin, [
    { given: '09110', id: 'US-CT' },
    { given: '09190', id: 'US-CT' },
  ]);
  assert.deepEqual(byCode.suggestions, [], '09110 is no typo for Juneau, Alaska (02110)');
});

test('UTF-16 from Excel as text/tab-separated-values, Windows-1252 as text/plain, pandas as application/csv', async () => {
  for (const [name, type] of [
    ['excel-unicode-text.txt', 'text/tab-separated-values'],
    ['utf-16be.csv', 'text/csv'],
    ['excel-windows-1252.csv', 'text/plain'],
  ] as const) {
    const { doc } = await fetchSvg(service.url, '/render/map?scope=DE&format=svg', postTable(bytes(name), type));
    assert.equal(value(doc, 'DE-TH'), '6.1', `${name}: Thüringen, decimal comma`);
    assert.equal(value(doc, 'DE-BW'), '3.9', `${name}: Baden-Württemberg`);
  }
  const pandas = await fetchSvg(
    service.url,
    '/render/map?scope=world&format=svg',
    postTable(bytes('pandas-to-csv.csv'), 'application/csv'),
  );
  assert.equal(value(pandas.doc, 'DE'), '48717.99', 'the index column is not the ids');
  const r = await fetchSvg(service.url, '/render/map?scope=US&format=svg', postTable(bytes('r-write-csv.csv')));
  assert.equal(value(r.doc, 'US-CA'), '4.8');
});

test('text among numbers is a 400 naming its line; a column option naming nothing is a 400 listing the columns', async () => {
  await refused(
    '/render/map?scope=world',
    postTable('country,gdp\nDE,1\nFR,n.v.\nIT,3'),
    'invalid_data',
    /line 3 "n\.v\."/,
  );
  await refused(
    '/render/map?scope=world&valueColumn=GDP',
    postTable('Name,Pop,Area\nGermany,84,357'),
    'invalid_field',
    /valueColumn "GDP" names no column.*Name, Pop, Area/,
  );
  await refused('/render/map?scope=world&decimal=;', postTable('DE,1'), 'invalid_field', /decimal must be one of/);
});

test('JSON records read as a table; percentages keep their % in tooltips and legend', async () => {
  const records = await fetchSvg(
    service.url,
    '/render/map',
    postTable(
      JSON.stringify({
        scope: 'world',
        format: 'svg',
        regions: [
          { country: 'Germany', gdp: '48,717.99' },
          { country: 'France', gdp: 40886.25 },
        ],
      }),
      'application/json',
    ),
  );
  assert.equal(value(records.doc, 'DE'), '48717.99');
  assert.equal(value(records.doc, 'FR'), '40886.25');

  const { doc } = await fetchSvg(
    service.url,
    '/render/map?scope=world&format=svg',
    postTable('country,rate\nDE,12.5%\nFR,3%\nIT,7 %'),
  );
  assert.equal(value(doc, 'DE'), '12.5');
  assert.equal(tooltip(doc, 'DE'), 'Germany: 12.5%');
  assert.ok(
    legendEntries(doc).some((label) => label?.includes('%')),
    legendEntries(doc).join(' | '),
  );
});

test('no known ids is a 422 naming the closest, with X-Geo-Warnings; strict=true refuses what would be left out', async () => {
  const none = await fetch(`${service.url}/render/map?scope=world`, postTable('country,gdp\nGermny,1\nFrnace,2'));
  const body = (await none.json()) as { error: string; message: string };
  assert.equal(none.status, 422);
  assert.equal(body.error, 'no_known_ids');
  assert.match(body.message, /"Germny" \(closest: DE\), "Frnace" \(closest: FR\)/);
  assert.equal(none.headers.get('x-geo-warnings'), 'unknown-ids:Germny,Frnace');
  const viaGet = await fetch(`${service.url}/map.svg?scope=world&data=Atlantis:1`);
  assert.equal(viaGet.status, 422);

  // strict: an unknown id among known ones, a skipped line, a route with an unknown end (no region, and no place:
  // Atlantis is a town in South Africa that GET /places knows)
  const strictly = async (path: string, init?: RequestInit) => {
    const response = await fetch(service.url + path, init);
    const answer = (await response.json()) as { error: string; message: string };
    assert.equal(response.status, 422, answer.message);
    assert.equal(answer.error, 'unplaced_data');
    return answer.message;
  };
  assert.match(await strictly('/map.svg?scope=world&data=DE:1,Atlantis:2&strict=true'), /"Atlantis"/);
  assert.match(
    await strictly('/render/map?scope=world&strict=true', postTable('Population 2024\nid,value\nDE,1')),
    /file lines around the table were not read: 1$|file lines around the table were not read: 1;/,
  );
  assert.match(
    await strictly('/map.svg?scope=world&data=DE:1&routes=DE>Qwertyland&strict=true'),
    /route has an unknown end: DE>Qwertyland/,
  );
  // without strict the same map is drawn, with its warnings
  const { response } = await fetchSvg(service.url, '/map.svg?scope=world&data=DE:1,Atlantis:2');
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:Atlantis');
});
