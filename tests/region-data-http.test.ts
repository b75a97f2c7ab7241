// The region-data half through HTTP and a real Chromium: scales, classes, legends, patterns,
// annotations, CSV, limits; asserted on the SVG a user gets.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, largestRingCentre, pathPieces, region } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';
import { THEMES } from '../server/request/enums.ts';

const { light, dark } = themes;
let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const svg = (path: string, init?: RequestInit) => fetchSvg(service.url, path, init);
const fill = (doc: Document, id: string) => region(doc, id)?.getAttribute('fill');
const legend = (doc: Document) =>
  all(doc, 'rect')
    .map((r) => r.getAttribute('data-legend'))
    .filter(Boolean);
const title = (doc: Document, id: string) => region(doc, id)?.getElementsByTagName('title')[0]?.textContent;
const post = (body: string, type = 'application/json', query = ''): RequestInit & { query: string } => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
  query,
});
async function postSvg(body: string, type?: string, query = '') {
  return svg(`/render/map${query}`, post(body, type));
}
async function expectError(path: string, init: RequestInit | undefined, code: string, field: string) {
  const response = await fetch(service.url + path, init);
  const body = (await response.json()) as { error: string; field?: string; message: string };
  assert.equal(response.status, 400, body.message);
  assert.equal(body.error, code, body.message);
  assert.equal(body.field, field, body.message);
}

test('diverging: symmetric classes around zero, negative and positive sides', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&data=US:5,CA:-3,MX:1,BR:-2,RU:-5,CN:8,IN:-1,AU:3,FR:-4,DE:6&theme=light&colorScale=diverging&legendTitle=%CE%94%25',
  );
  const d = light.diverging;
  assert.deepEqual(
    ['RU', 'CA', 'MX', 'US', 'CN'].map((id) => fill(doc, id)),
    [d[1], d[1], d[2], d[3], d[4]],
  );
  assert.deepEqual(legend(doc), ['−10 – −6', '−6 – −2', '−2 – 2', '2 – 6', '6 – 10', 'No data']);
  assert.ok(all(doc, 'text').some((t) => t.textContent === 'Δ%'));
});

test('custom breaks: each break the top of a class, the legend lists them all', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&theme=light&data=US:200,CN:150,RU:120,BR:60,IN:80,DE:95,FR:40&classification=custom&breaks=10,30,60,100,150,200,300&legendTitle=Custom',
  );
  assert.deepEqual(legend(doc), [
    '≤ 10',
    '10 – 30',
    '30 – 60',
    '60 – 100',
    '100 – 150',
    '150 – 200',
    '200 – 300',
    'No data',
  ]);
  const seven = rampColors(light.sequential, 7);
  assert.deepEqual(
    ['FR', 'BR', 'IN', 'CN', 'US'].map((id) => fill(doc, id)),
    [seven[2], seven[2], seven[3], seven[4], seven[5]],
  );
});

test('jenks and equal classes through GET', async () => {
  const data = 'data=AA:1,US:1,CA:2,MX:3,BR:10,AR:11,CL:12,PE:50,CO:51,VE:52,RU:100,CN:101,IN:200';
  const { doc } = await svg(`/map.svg?scope=world&theme=light&classification=jenks&${data}`);
  const s = light.sequential;
  assert.deepEqual(
    ['US', 'BR', 'PE', 'RU', 'IN'].map((id) => fill(doc, id)),
    s,
  );
  const equal = (await svg(`/map.svg?scope=world&theme=light&classification=equal&${data}`)).doc;
  assert.deepEqual(legend(equal).slice(0, 5), [
    '1 – 40.8',
    '40.8 – 80.6',
    '80.6 – 120.4',
    '120.4 – 160.2',
    '160.2 – 200',
  ]);
});

test('categories: automatic on GET for text, palette in order of first appearance, legend names them', async () => {
  const { doc } = await svg('/map.svg?scope=world&theme=dark&data=US:High,CN:Low,DE:High,BR:Mid');
  const c = dark.categorical;
  assert.deepEqual(
    ['US', 'CN', 'DE', 'BR'].map((id) => fill(doc, id)),
    [c[0], c[1], c[0], c[2]],
  );
  assert.deepEqual(legend(doc), ['High', 'Low', 'Mid', 'No data']);
  const viaPost = await postSvg(
    JSON.stringify({
      scope: 'world',
      regions: [
        { id: 'US', value: 'High' },
        { id: 'CN', value: 'Low' },
      ],
    }),
  );
  assert.equal(fill(viaPost.doc, 'CN'), c[1], 'all-text values choose categories on POST too');
  const numbers = await postSvg(
    JSON.stringify({
      scope: 'world',
      colorScale: 'categorical',
      regions: [
        { id: 'US', value: 3 },
        { id: 'CN', value: 1 },
      ],
    }),
  );
  assert.deepEqual(legend(numbers.doc), ['3', '1', 'No data'], 'numbers become categories when asked');
});

test('text values meet an explicit sequential or diverging scale: 400', async () => {
  await expectError(
    '/render/map',
    post(JSON.stringify({ scope: 'world', colorScale: 'diverging', regions: [{ id: 'US', value: 'x' }] })),
    'invalid_data',
    'colorScale',
  );
  await expectError('/map.svg?scope=world&data=US:x&colorScale=sequential', undefined, 'invalid_data', 'colorScale');
});

test('flat colours and per-region colour overrides', async () => {
  const { doc } = await svg('/map.svg?scope=world&data=RO:1:%23ff0000,DE:2:%2300ff00,FR:3&theme=light');
  assert.equal(fill(doc, 'RO'), '#ff0000');
  assert.equal(fill(doc, 'DE'), '#00ff00');
  assert.ok(light.sequential.includes(fill(doc, 'FR') ?? ''));
  const flat = (await svg('/map.svg?scope=world&data=US:%23123456&theme=light')).doc;
  assert.equal(fill(flat, 'US'), '#123456');
  assert.deepEqual(legend(flat), [], 'a flat colour is no class, so there is nothing to explain');
});

test('highlight only: null or empty values, regions=, and POST items with only an id', async () => {
  const { doc } = await svg('/map.svg?scope=world&theme=light&data=US:,CA:5');
  assert.equal(fill(doc, 'US'), light.highlight);
  assert.ok(legend(doc).includes('Highlighted'));
  const viaPost = await postSvg(
    JSON.stringify({ scope: 'world', theme: 'light', regions: [{ id: 'US' }, { id: 'CA', value: null }] }),
  );
  assert.equal(fill(viaPost.doc, 'US'), light.highlight);
  assert.equal(fill(viaPost.doc, 'CA'), light.highlight);
});

test('patterns: over the class colour, the override as foreground, ink that shows otherwise', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&theme=light&data=FR:40,US:200&patterns=FR:stripes,DE:dots,US:solid-outline',
  );
  const patternOf = (id: string) => {
    const ref = /^url\(#(pattern-\d+)\)$/.exec(fill(doc, id) ?? '')?.[1];
    return all(doc, 'pattern').find((p) => p.getAttribute('id') === ref);
  };
  const fr = patternOf('FR');
  assert.equal(fr?.getAttribute('data-pattern'), 'stripes');
  assert.equal(fr?.getAttribute('width'), '8');
  assert.equal(
    all(doc, 'rect')
      .find((r) => r.parentNode === fr)
      ?.getAttribute('fill'),
    light.sequential[0],
  );
  assert.equal(
    all(doc, 'rect')
      .find((r) => r.parentNode === patternOf('DE'))
      ?.getAttribute('fill'),
    light.noData,
  );
  assert.equal(fill(doc, 'US'), light.sequential[4], 'solid-outline keeps the solid fill');
  assert.ok(region(doc, 'US')?.getAttribute('stroke'), 'and adds an outline');

  const coloured = await postSvg(
    JSON.stringify({
      scope: 'world',
      theme: 'light',
      regions: [{ id: 'FR', value: 40, color: '#ff0000', pattern: 'crosshatch' }],
    }),
  );
  const ink = all(coloured.doc, 'path').find((p) => p.parentNode?.nodeName === 'pattern');
  assert.equal(ink?.getAttribute('stroke'), '#ff0000');
  await expectError('/map.svg?scope=world&patterns=FR:zigzag', undefined, 'invalid_data', 'patterns[0].pattern');
});

test('annotations: in the region tooltip with its name and value; markup stays text', async () => {
  const { doc, response } = await svg(
    '/map.svg?scope=world&theme=dark&data=US:200&annotations=US:Largest+economy,CN:Second+%3Cb%3Elargest%3C/b%3E,ZZ:nowhere',
  );
  assert.equal(title(doc, 'US'), 'United States: 200\nLargest economy');
  assert.equal(title(doc, 'CN'), 'China\nSecond <b>largest</b>');
  assert.equal(fill(doc, 'CN'), dark.noData, 'an annotation alone does not highlight');
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:ZZ');
});

test('legend layouts: horizontal in rows, continuous as one gradient, or none', async () => {
  const data = 'scope=world&theme=light&data=US:200,CN:150,IN:80,BR:60,RU:120,DE:95';
  const horizontal = (await svg(`/map.svg?${data}&legendLayout=horizontal`)).doc;
  const swatches = all(horizontal, 'rect').filter((r) => r.getAttribute('data-legend'));
  assert.equal(new Set(swatches.map((r) => r.getAttribute('y'))).size, 1, 'one row');
  assert.ok(Number(swatches[1].getAttribute('x')) > Number(swatches[0].getAttribute('x')));

  const continuous = (await svg(`/map.svg?${data}&legendLayout=continuous&legendTitle=GDP`)).doc;
  assert.ok(legend(continuous).includes('gradient'));
  assert.deepEqual(
    all(continuous, 'stop').map((s) => s.getAttribute('stop-color')),
    light.sequential,
  );
  assert.equal(fill(continuous, 'US'), light.sequential[4], 'the largest value takes the end of the ramp');
  assert.equal(fill(continuous, 'BR'), light.sequential[0]);
  assert.ok(!light.sequential.includes(fill(continuous, 'RU') ?? ''), 'values between are interpolated');
  const labels = all(continuous, 'text').map((t) => t.textContent);
  assert.ok(labels.includes('60') && labels.includes('200'));

  const none = (await svg(`/map.svg?${data}&legend=false`)).doc;
  assert.ok(!all(none, 'g').some((g) => g.getAttribute('data-layer') === 'legend'));
});

test('the legend moves to a corner where it covers no data', async () => {
  // albersUsa puts Alaska in the lower left, where the legend would go first
  const { doc } = await svg('/map.svg?scope=world&projection=albersUsa&data=US:5,CA:3,MX:1&width=700&theme=light');
  const group = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'legend');
  const [x, y] = (/translate\(([\d.]+),([\d.]+)\)/.exec(group?.getAttribute('transform') ?? '') ?? [])
    .slice(1)
    .map(Number);
  const panel = all(doc, 'rect').find((r) => r.parentNode === group);
  const [w, h] = ['width', 'height'].map((a) => Number(panel?.getAttribute(a)));
  const points = pathPieces(region(doc, 'US')?.getAttribute('d') ?? '').flat();
  const inside = points.filter(([px, py]) => px >= x && px <= x + w && py >= y && py <= y + h);
  assert.equal(inside.length, 0, `legend at ${x},${y} ${w}×${h} covers ${inside.length} points of the US`);
  assert.ok(largestRingCentre(region(doc, 'US')?.getAttribute('d') ?? '')[0] > 0);
});

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
  assert.equal(title(excel.doc, 'DE'), 'Germany: 1.5\nBund');
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
  await expectError('/render/map?scope=world', post('id,population\nUS,1', 'text/csv'), 'invalid_csv', 'body');
});

test('limits, each a 400 naming the field', async () => {
  await expectError(
    `/map.svg?scope=world&breaks=${Array.from({ length: 21 }, (_, i) => i).join(',')}`,
    undefined,
    'invalid_field',
    'breaks',
  );
  await expectError('/map.svg?scope=world&breaks=10,5', undefined, 'invalid_field', 'breaks');
  await expectError('/map.svg?scope=world&breaks=1,x', undefined, 'invalid_field', 'breaks');
  await expectError('/map.svg?scope=world&classification=custom', undefined, 'invalid_field', 'breaks');
  await expectError('/map.svg?scope=world&classification=jenks&breaks=1,2', undefined, 'invalid_field', 'breaks');
  await expectError(`/map.svg?scope=world&data=US:${'x'.repeat(65)}`, undefined, 'invalid_data', 'regions[0].value');
  await expectError(
    `/map.svg?scope=world&annotations=US:${'x'.repeat(257)}`,
    undefined,
    'invalid_data',
    'annotations[0].annotation',
  );
  await expectError('/map.svg?scope=world&legendLayout=diagonal', undefined, 'invalid_field', 'legendLayout');
  await expectError('/map.svg?scope=world&colorScale=rainbow', undefined, 'invalid_field', 'colorScale');
  await expectError('/map.svg?scope=world&classification=kmeans', undefined, 'invalid_field', 'classification');
  const many = Array.from({ length: 5001 }, (_, i) => `X${i},1`).join('\n');
  const response = await fetch(`${service.url}/render/map?scope=world`, post(many, 'text/csv'));
  assert.equal(((await response.json()) as { error: string }).error, 'too_many_items');
});

test('all ten themes render with their own palette', async () => {
  assert.equal(THEMES.length, 10);
  for (const name of THEMES) {
    const { doc } = await svg(
      `/map.svg?scope=world&theme=${name}&data=US:200,CN:150,IN:80,BR:60,RU:120&width=400&title=T`,
    );
    const theme = themes[name];
    assert.equal(all(doc, 'rect')[0].getAttribute('fill'), theme.background, name);
    assert.equal(fill(doc, 'US'), theme.sequential[4], name);
    assert.equal(fill(doc, 'AU'), theme.noData, name);
    assert.equal(
      all(doc, 'text')
        .find((t) => t.textContent === 'T')
        ?.getAttribute('fill'),
      theme.text,
      name,
    );
  }
});
