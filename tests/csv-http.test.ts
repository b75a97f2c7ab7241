// CSV bodies through HTTP and a real Chromium: the specification's example and spreadsheet exports draw the
// map GET and JSON draw, and a bad CSV is a 400 that says where.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { mapRequests, post } from './support/map-requests.ts';
import { fill, region, tooltip } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

const { light } = themes;

const service = serviceForTests();
const { svg, postSvg, expectError } = mapRequests(service);

test('CSV: the specification example, spreadsheet exports, query parameters beside it', async () => {
  const { doc, response } = await postSvg(
    'id,value,color\nRO,120,#ff0000\nDE,95,\nFR,40,\n',
    'text/csv',
    '?scope=world&theme=light&format=svg',
  );
  assert.equal(fill(doc, 'RO'), '#ff0000');
  assert.equal(fill(doc, 'FR'), light.sequential[0]);
  const viaGet = await svg('/map.svg?scope=world&theme=light&data=RO:120:%23ff0000,DE:95,FR:40');
  const viaJson = await postSvg(
    JSON.stringify({
      scope: 'world',
      theme: 'light',
      regions: [
        { id: 'FR', value: 40 },
        { id: 'RO', value: 120, color: '#ff0000' },
        { id: 'DE', value: 95 },
      ],
    }),
  );
  assert.equal(response.headers.get('etag'), viaGet.response.headers.get('etag'), 'one ETag for GET and CSV');
  assert.equal(viaJson.response.headers.get('etag'), viaGet.response.headers.get('etag'), 'and JSON');

  const excel = await postSvg(
    '\uFEFF"id";"amount"\r\n"DE";"1,5"\r\nFR;2,5\r\n',
    'text/csv; charset=utf-8',
    '?scope=world&theme=light&annotations=DE:Bund',
  );
  assert.equal(region(excel.doc, 'DE')?.getAttribute('data-value'), '1.5');
  assert.equal(tooltip(excel.doc, 'DE'), 'Germany: 1.5\nBund');
  const png = await fetch(`${service.url}/render/map?scope=RO&format=png`, post('RO-CJ,3\nB,5', 'text/csv'));
  assert.equal(png.headers.get('content-type'), 'image/png');
});

test('CSV errors name the line; data in the query beside a CSV body is refused', async () => {
  const response = await fetch(
    `${service.url}/render/map?scope=world`,
    post('id,value\nUS,1\nCN,2,"oops\n', 'text/csv'),
  );
  const body = (await response.json()) as { error: string; message: string };
  assert.equal(response.status, 400);
  assert.equal(body.error, 'invalid_csv');
  assert.match(body.message, /line 3/);
  await expectError('/render/map?scope=world&data=US:1', post('US,1', 'text/csv'), 'invalid_field', 'data');
  // DECISIONS §10 replaced spec 2.8's fixed header: `id,population` and `name,value` were refused and now read as
  // headers; a table with several columns of numbers and no valueColumn is the 400 now
  await expectError(
    '/render/map?scope=world',
    post('country,2022,2023\nUS,1,2', 'text/csv'),
    'invalid_csv',
    'valueColumn',
  );
});
