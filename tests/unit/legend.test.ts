// The legend, drawn in-process: what it lists (the fill scale, then highlight and no data swatches when the map
// draws such regions) and where it sits (inside the map, clear of the furniture, off the data when it can be).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
import { themes } from '../../renderer-page/themes/index.ts';
import { drawRequest, inLayer, intersects, layer, type Rect } from '../support/draw-request.ts';
import { furnitureBox, panelBox } from '../support/furniture-boxes.ts';
import { all, fill, pathPieces, region } from '../support/svg.ts';

const entries = (doc: Document) => inLayer(doc, 'legend', 'rect').flatMap((r) => r.getAttribute('data-legend') ?? []);

const legendBox = (doc: Document) => panelBox(doc, 'legend');

const pointsIn = (doc: Document, id: string, box: Rect) =>
  pathPieces(region(doc, id)?.getAttribute('d') ?? '')
    .flat()
    .filter(([x, y]) => x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1);

function assertInsideMap(box: Rect, padding: number, width: number, height: number) {
  assert.ok(
    box.x0 >= padding && box.y0 >= padding && box.x1 <= width - padding && box.y1 <= height - padding,
    `legend ${JSON.stringify(box)} inside the ${width}×${height} frame less ${padding} px`,
  );
}

// albersUsa puts Alaska in the lower left, where the legend would go first
const americas = 'scope=world&projection=albersUsa&data=US:5,CA:3,MX:1&width=700&theme=light';

test('the legend takes the first corner that covers no data, inside the map', async () => {
  const { doc, spec, width, height } = await drawRequest(americas);
  const box = legendBox(doc);
  assert.deepEqual(pointsIn(doc, 'US', box), [], 'Alaska stays visible');
  assert.ok(box.x0 > width / 2 && box.y0 > height / 2, `bottom-right, the next preference: ${JSON.stringify(box)}`);
  assertInsideMap(box, spec.padding, width, height);
});

test('the legend never goes over the furniture, even when every other corner covers data', async () => {
  const bar = await drawRequest(`${americas}&scaleBar=true`);
  assert.ok(!intersects(legendBox(bar.doc), furnitureBox(bar.doc, 'scale-bar')), 'the scale bar took bottom-right');

  const all4 = await drawRequest(`${americas}&scaleBar=true&northArrow=true&logo=true`);
  const box = legendBox(all4.doc);
  for (const name of ['scale-bar', 'north-arrow', 'logo']) {
    assert.ok(!intersects(box, furnitureBox(all4.doc, name)), `clear of the ${name}: ${JSON.stringify(box)}`);
  }
  assert.ok(box.x0 < all4.width / 2 && box.y0 > all4.height / 2, 'bottom-left, the only corner left');
  assertInsideMap(box, all4.spec.padding, all4.width, all4.height);
});

test('France: the legend keeps off Guyane in the insets at the lower left', async () => {
  const { doc, spec, width, height } = await drawRequest('scope=FR&width=800&data=75:1,971:2,972:3,973:4,974:5,976:6');
  const box = legendBox(doc);
  for (const id of ['FR-971', 'FR-972', 'FR-973', 'FR-974', 'FR-976', 'FR-75'])
    assert.deepEqual(pointsIn(doc, id, box), [], id);
  assertInsideMap(box, spec.padding, width, height);
});

test('a horizontal legend wraps its rows within the map', async () => {
  const { doc, spec, width, height } = await drawRequest(
    'scope=world&theme=light&width=260&legendLayout=horizontal&data=US:1000,CA:2000,BR:3000,RU:4000,CN:5000,IN:6000,AU:7000',
  );
  const box = legendBox(doc);
  assertInsideMap(box, spec.padding, width, height);
  assert.ok(
    new Set(inLayer(doc, 'legend', 'rect').flatMap((r) => (r.getAttribute('data-legend') ? [r.getAttribute('y')] : [])))
      .size > 1,
    'more than one row',
  );
});

test('the legend lists the scale, then Highlighted and No data when the map draws such regions', async () => {
  const light = themes.light;
  const scaled = await drawRequest('scope=world&theme=light&data=US:1,CA:2,BR:3,FR:');
  assert.deepEqual(
    entries(scaled.doc).slice(-2),
    ['Highlighted', 'No data'],
    'FR highlighted, the rest of the world without data',
  );
  const swatch = (label: string) =>
    inLayer(scaled.doc, 'legend', 'rect')
      .find((r) => r.getAttribute('data-legend') === label)
      ?.getAttribute('fill');
  assert.equal(swatch('Highlighted'), light.highlight);
  assert.equal(swatch('No data'), light.noData);

  const highlightOnly = await drawRequest('scope=world&theme=light&regions=US,FR');
  assert.deepEqual(
    entries(highlightOnly.doc),
    ['Highlighted', 'No data'],
    'no scale: the highlight, and what it stands out from',
  );

  // a colour of its own is no highlight; without a scale there is then nothing to explain
  assert.deepEqual(entries((await drawRequest('scope=world&data=US:%23ff0000,FR:')).doc), ['Highlighted', 'No data']);
  assert.equal(layer((await drawRequest('scope=world&data=US:%23ff0000')).doc, 'legend'), undefined);
  // a highlight outside the map's frame is not drawn, so the legend does not list it
  assert.equal(layer((await drawRequest('scope=world&bbox=-10,35,30,60&regions=US')).doc, 'legend'), undefined);
  assert.deepEqual(entries((await drawRequest('scope=world&bbox=-10,35,30,60&regions=US,FR')).doc), [
    'Highlighted',
    'No data',
  ]);
});

test('a region drawn as a dot counts for the legend as its outline would', async () => {
  // Singapore has no outline at the low level: it is a dot, highlighted
  const { doc } = await drawRequest('scope=world&level=low&data=US:1,SG:');
  const dot = all(doc, 'circle').find((c) => c.getAttribute('data-id') === 'SG');
  assert.equal(dot?.getAttribute('fill'), themes.dark.highlight);
  assert.ok(entries(doc).includes('Highlighted'));
});

const texts = (doc: Document) => inLayer(doc, 'legend', 'text').map((t) => t.textContent);

test('diverging classes fit the data: ±6 makes edges within ±6, and ±6 take the strongest colours', async () => {
  const { doc } = await drawRequest(
    'scope=world&theme=light&colorScale=diverging&data=RU:0.5,BR:-0.3,US:6,CN:-6,CA:3,AU:-3,FR:4',
  );
  assert.deepEqual(entries(doc), ['−6 – −4', '−4 – −1', '−1 – 1', '1 – 4', '4 – 6', 'No data']);
  const [strongNeg, weakNeg, neutral, weakPos, strongPos] = themes.light.diverging;
  const expected = { US: strongPos, CN: strongNeg, FR: strongPos, CA: weakPos, AU: weakNeg, RU: neutral };
  // a value on an edge (4) takes the outer class
  for (const [id, color] of Object.entries(expected)) assert.equal(fill(doc, id), color, id);
  assert.equal(fill(doc, 'BR'), neutral);
  // no value near zero: the inner edges are still round
  const far = await drawRequest('scope=world&colorScale=diverging&data=US:6,CN:-6,CA:3,AU:-3');
  assert.deepEqual(entries(far.doc), ['−6 – −4', '−4 – −1', '−1 – 1', '1 – 4', '4 – 6', 'No data']);
});

test('few values: one class per value, labelled by the value', async () => {
  const { doc } = await drawRequest('scope=ES&theme=light&data=ES-CN:4,ES-MD:2,ES-AN:1');
  assert.deepEqual(entries(doc), ['1', '2', '4', 'No data']);
  const colors = inLayer(doc, 'legend', 'rect').flatMap((r) =>
    r.getAttribute('data-legend') ? [r.getAttribute('fill')] : [],
  );
  assert.deepEqual(
    ['ES-AN', 'ES-MD', 'ES-CN'].map((id) => fill(doc, id)),
    colors.slice(0, 3),
  );
});

test('class edges are round where the data allow it', async () => {
  const { doc } = await drawRequest('scope=world&data=US:0.4,AU:7,IN:12,BR:30,CN:60.2,RU:90,CA:120');
  assert.deepEqual(entries(doc), ['0.4 – 10', '10 – 30', '30 – 60', '60 – 90', '90 – 120', 'No data']);
});

test('a continuous legend has round ticks over a nice domain, as many as fit', async () => {
  const wide = await drawRequest('scope=world&legendLayout=continuous&data=US:0.4,CN:60.2,CA:120');
  assert.deepEqual(texts(wide.doc).slice(0, -1), ['0', '20', '40', '60', '80', '100', '120']);
  const narrow = await drawRequest('scope=world&width=300&legendLayout=continuous&data=US:0.4,CN:60.2,CA:120000');
  assert.deepEqual(texts(narrow.doc).slice(0, -1), ['0', '50,000', '100,000']);
  const few = await drawRequest('scope=ES&legendLayout=continuous&data=ES-CN:4,ES-MD:2,ES-AN:1');
  assert.deepEqual(texts(few.doc).slice(0, -1), ['1', '1.5', '2', '2.5', '3', '3.5', '4']);
});
