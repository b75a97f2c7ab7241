// Whole country lists exported from real data sets, POSTed as CSV to the running service: every
// country resolves, none is reported unknown, and the small ones are drawn at level=high.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, region } from './support/svg.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

/** A fixture's CSV as a user's file holds it: without the fixture's own `#` provenance line. */
function fixture(name: string): { csv: string; rows: number } {
  const csv = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').replace(/^#.*\n/, '');
  return { csv, rows: csv.trim().split('\n').length - 1 };
}

const post = (csv: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });

interface SpecAnswer {
  spec: { regions: Array<{ id: string; partOf?: string }> };
  warnings: { unknownIds: string[] };
}

async function describeCsv(csv: string): Promise<SpecAnswer> {
  const response = await fetch(`${service.url}/render/spec?scope=world`, post(csv));
  const body = (await response.json()) as SpecAnswer & { message?: string };
  assert.equal(response.status, 200, body.message);
  return body;
}

const SMALL_AND_RENAMED = ['CD', 'CG', 'KG', 'SK', 'LC', 'VC', 'SZ', 'MK', 'PS', 'FM'];

test("Gapminder's country list: a map with every country and no unknown ids", async () => {
  const { csv, rows } = fixture('gapminder-countries.csv');
  assert.equal(rows, 193);
  const { doc, response } = await fetchSvg(service.url, '/render/map?scope=world&level=high&theme=light', post(csv));
  assert.equal(response.headers.get('x-geo-warnings'), null);
  // the smallest (Saint Lucia, Micronesia) are dots at 1200 px: any element with the id will do
  const drawn = new Set(all(doc, '*').map((e) => e.getAttribute('data-id')));
  assert.deepEqual(
    SMALL_AND_RENAMED.filter((id) => !drawn.has(id)),
    [],
    'regions not drawn',
  );
  assert.equal(region(doc, 'SK')?.getAttribute('data-value'), '27200');

  const { spec, warnings } = await describeCsv(csv);
  assert.deepEqual(warnings.unknownIds, []);
  // besides the units drawn apart that take their country's value (Somaliland Somalia's)
  const given = spec.regions.filter((r) => !r.partOf);
  assert.equal(new Set(given.map((r) => r.id)).size, rows, 'each row a country of its own');
});

test("the World Bank's WDI country list: every economy with an ISO code resolves", async () => {
  const { csv, rows } = fixture('world-bank-wdi-countries.csv');
  assert.equal(rows, 217);
  const response = await fetch(`${service.url}/render/map?scope=world&level=high`, post(csv));
  assert.equal(response.status, 200, await response.clone().text());
  // Channel Islands is Jersey and Guernsey together: no ISO code, so no id can stand for it.
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:Channel%20Islands');

  const { spec, warnings } = await describeCsv(csv);
  assert.deepEqual(warnings.unknownIds, ['Channel Islands']);
  const ids = new Set(spec.regions.filter((r) => !r.partOf).map((r) => r.id));
  assert.equal(ids.size, rows - 1, 'each row a country of its own');
  for (const id of [
    ...SMALL_AND_RENAMED,
    'EG',
    'YE',
    'VE',
    'IR',
    'KR',
    'KP',
    'LA',
    'BS',
    'GM',
    'HK',
    'MO',
    'MF',
    'VI',
    'XK',
  ]) {
    assert.ok(ids.has(id), id);
  }
});

test('data-set and translated spellings in one CSV, the same map as with ISO ids', async () => {
  const names =
    'id,value\nKorea,1\nTaiwan Province of China,2\n"Congo, Dem. Rep.",3\nDeutschland,4\nТурция,5\nドイツ以外,6\n';
  const { spec, warnings } = await describeCsv(names);
  assert.deepEqual(
    spec.regions.map((r) => r.id),
    ['CD', 'DE', 'KR', 'TR', 'TW'],
  );
  assert.deepEqual(warnings.unknownIds, ['ドイツ以外']);

  const byName = await fetch(`${service.url}/render/map?scope=world`, post(names));
  const byId = await fetch(
    `${service.url}/render/map?scope=world`,
    post('id,value\nKR,1\nTW,2\nCD,3\nDE,4\nTR,5\nドイツ以外,6\n'),
  );
  assert.equal(byName.headers.get('etag'), byId.headers.get('etag'));
});
