// Classes and colours as a reader of the PNG sees them (issue 31, DECISIONS §11), through HTTP and a real Chromium:
// diverging classes fitted to the data with the extremes in the strongest colours, a class per value when there are
// few, the midpoint and no data told apart from each other and from the sea, and categories that never repeat a
// colour nor take the grey of no data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { pixelColor } from './support/png.ts';
import { contrast } from './support/color.ts';
import { largestRingCentre, legendEntries, region } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

const service = serviceForTests();
const { svg, expectError } = mapRequests(service);

/** The PNG of `query`, and a function giving the colour drawn at the middle of a region's largest outline (read
 *  from the SVG of the same query: the two are drawn to the same pixels). */
async function drawn(query: string) {
  const { doc } = await svg(`/map.svg?${query}`);
  const response = await fetch(`${service.url}/map.png?${query}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  const at = (id: string) => {
    const [x, y] = largestRingCentre(region(doc, id)?.getAttribute('d') ?? '');
    return pixelColor(png, Math.round(x), Math.round(y));
  };
  return { doc, png, at };
}

const DIVERGING = 'scope=world&width=1200&colorScale=diverging&data=RU:0.5,BR:-0.3,US:6,CN:-6,AU:-3,IN:4';

for (const name of ['light', 'dark'] as const) {
  const theme = themes[name];

  test(`${name}: ±6 take the strongest diverging colours, the legend's edges stay within ±6`, async () => {
    const { doc, png, at } = await drawn(`${DIVERGING}&theme=${name}`);
    assert.deepEqual(legendEntries(doc), ['−6 – −4', '−4 – −1', '−1 – 1', '1 – 4', '4 – 6', 'No data']);
    const [strongNeg, weakNeg, neutral, , strongPos] = theme.diverging;
    assert.equal(at('US'), strongPos, 'US, 6');
    assert.equal(at('CN'), strongNeg, 'CN, −6');
    assert.equal(at('IN'), strongPos, 'IN, 4: on the edge, in the outer class');
    assert.equal(at('AU'), weakNeg, 'AU, −3');
    assert.equal(at('RU'), neutral, 'RU, 0.5');
    // the midpoint is neither no data (Algeria) nor the sea: the page beside the globe, the Pacific inside it
    const noData = at('DZ');
    assert.equal(noData, theme.noData);
    const middle = Math.round(png.height / 2);
    const sea = [pixelColor(png, 5, middle), pixelColor(png, Math.round(png.width * 0.05), middle)];
    assert.deepEqual(sea, [theme.background, theme.water]);
    for (const color of sea) {
      assert.ok(contrast(neutral, color) >= 1.25, `midpoint ${neutral} vs the sea ${color}`);
      assert.ok(contrast(noData, color) >= 1.25, `no data ${noData} vs the sea ${color}`);
    }
    assert.ok(contrast(neutral, noData) >= 1.25, `midpoint ${neutral} vs no data ${noData}`);
  });
}

test('three values make three classes, each labelled by its value, in their colours', async () => {
  const { doc, at } = await drawn('scope=ES&theme=light&width=1000&data=ES-CN:4,ES-MD:2,ES-AN:1');
  assert.deepEqual(legendEntries(doc), ['1', '2', '4', 'No data']);
  const { sequential, noData } = themes.light;
  assert.deepEqual(
    ['ES-AN', 'ES-MD', 'ES-CN', 'ES-CL'].map(at),
    [sequential[0], sequential[2], sequential[4], noData],
    'Andalusia 1, Madrid 2, the Canaries 4, Castile and León no data',
  );
  assert.ok(contrast(sequential[0], noData) >= 1.25, 'the lowest class is not taken for no data');
});

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo'];
const COUNTRIES = ['US', 'CN', 'BR', 'RU', 'AU', 'CA', 'IN', 'AR', 'DZ', 'KZ', 'SA', 'MX', 'ID'];

test('twelve categories take twelve colours, none of them the grey of no data', async () => {
  const data = [...WORDS, 'lima'].map((word, i) => `${COUNTRIES[i]}:${word}`).join(',');
  for (const name of ['light', 'dark'] as const) {
    const { doc, at } = await drawn(`scope=world&width=1200&theme=${name}&data=${data}`);
    assert.deepEqual(legendEntries(doc), [...WORDS, 'lima', 'No data']);
    // Canada's largest outline centres on Hudson Bay: its colour is read from the legend alone
    const colors = COUNTRIES.slice(0, 12)
      .filter((id) => id !== 'CA')
      .map(at);
    assert.deepEqual(
      colors,
      themes[name].categorical.filter((_, i) => i !== 5),
      name,
    );
    assert.ok(!colors.includes(themes[name].noData));
  }
});

test('a thirteenth category is refused with a 400 naming the field', async () => {
  const data = [...WORDS, 'lima', 'mike'].map((word, i) => `${COUNTRIES[i]}:${word}`).join(',');
  await expectError(`/map.png?scope=world&data=${data}`, undefined, 'invalid_data', 'regions');
});
