// A country's second level of division through HTTP and a real Chromium: French régions beside départements,
// US counties beside states; the ids a request gives choose the level, and ids of both are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { all, fill, pathPieces, region, regionIds } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';

const service = serviceForTests();
const { svg } = mapRequests(service);

test('FR by région: the ids choose the level; each région is its départements merged, border for border', async () => {
  const { doc } = await svg('/map.svg?scope=FR&theme=light&data=FR-IDF:1,Bretagne:2,Occitanie:3,Grand%20Est:4');
  assert.equal(regionIds(doc).length, 18, '13 metropolitan régions, Corsica counted, and 5 overseas');
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
  assert.ok(regionIds(doc).length > 3100, `${regionIds(doc).length} counties`);
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
