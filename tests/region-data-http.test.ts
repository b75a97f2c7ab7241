// Region data through HTTP and a real Chromium: scales, classes and categories, colours, highlights, patterns,
// annotations, themes and limits; asserted on the SVG a user gets. CSV bodies are in csv-http.test.ts, the
// legend's layouts and place in legend-http.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { mapRequests, post } from './support/map-requests.ts';
import { all, fill, legendEntries, region, tooltip } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';
import { THEMES } from '../shared/lists.ts';

const { light, dark } = themes;

const service = serviceForTests();
const { svg, postSvg, expectError } = mapRequests(service);

test('diverging: symmetric classes around zero, negative and positive sides', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&data=US:5,CA:-3,MX:1,BR:-2,RU:-5,CN:8,IN:-1,AU:3,FR:-4,DE:6&theme=light&colorScale=diverging&legendTitle=%CE%94%25',
  );
  const d = light.diverging;
  assert.deepEqual(
    ['RU', 'CA', 'MX', 'US', 'CN'].map((id) => fill(doc, id)),
    [d[0], d[1], d[2], d[4], d[4]],
    'fitted to ±8: ±5 lie on an edge and take the outer class',
  );
  assert.deepEqual(legendEntries(doc), ['−8 – −5', '−5 – −2', '−2 – 2', '2 – 5', '5 – 8', 'No data']);
  assert.ok(all(doc, 'text').some((t) => t.textContent === 'Δ%'));
});

test('custom breaks: each break the top of a class, the legend lists them all', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&theme=light&data=US:200,CN:150,RU:120,BR:60,IN:80,DE:95,FR:40&classification=custom&breaks=10,30,60,100,150,200,300&legendTitle=Custom',
  );
  assert.deepEqual(legendEntries(doc), [
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
  // 40.8, 80.6, 120.4 and 160.2, rounded as far as every region stays in its class (only IN reaches 160.2)
  assert.deepEqual(legendEntries(equal).slice(0, 5), ['1 – 40', '40 – 80', '80 – 120', '120 – 200', '200']);
});

test('categories: automatic on GET for text, palette in order of first appearance, legend names them', async () => {
  const { doc } = await svg('/map.svg?scope=world&theme=dark&data=US:High,CN:Low,DE:High,BR:Mid');
  const c = dark.categorical;
  assert.deepEqual(
    ['US', 'CN', 'DE', 'BR'].map((id) => fill(doc, id)),
    [c[0], c[1], c[0], c[2]],
  );
  assert.deepEqual(legendEntries(doc), ['High', 'Low', 'Mid', 'No data']);
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
  assert.deepEqual(legendEntries(numbers.doc), ['3', '1', 'No data'], 'numbers become categories when asked');
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
  assert.deepEqual(legendEntries(flat), [], 'a flat colour is no class, so there is nothing to explain');
});

test('highlight only: null or empty values, regions=, and POST items with only an id', async () => {
  const { doc } = await svg('/map.svg?scope=world&theme=light&data=US:,CA:5');
  assert.equal(fill(doc, 'US'), light.highlight);
  assert.ok(legendEntries(doc).includes('Highlighted'));
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
  assert.equal(tooltip(doc, 'US'), 'United States: 200\nLargest economy');
  assert.equal(tooltip(doc, 'CN'), 'China\nSecond <b>largest</b>');
  assert.equal(fill(doc, 'CN'), dark.noData, 'an annotation alone does not highlight');
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-ids:ZZ');
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
