// Region labels, drawn in-process: with `ISO`, a label goes only where its text lies inside its region and clear of
// the labels placed before it (regions with data first, then larger ones); a listed region is always labelled; a
// label sits at the region's centre or near it, or on its dot; ids drop the prefix of the scope's country; a region
// with data is tried harder (its name wrapped); a box is inside only when no coast passes through it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { textWidth } from '../../renderer-page/fonts.ts';
import { boxInside, boxTouches, shapeOf } from '../../renderer-page/geometry/box-inside.ts';
import { wrapped } from '../../renderer-page/layers/label-text.ts';
import { themes } from '../../renderer-page/themes/index.ts';
import { drawRequest, inLayer, intersects, num, type Rect } from '../support/draw-request.ts';
import { all } from '../support/svg.ts';

const labels = (doc: Document) => inLayer(doc, 'labels', 'text');
const labelled = (doc: Document) => labels(doc).map((t) => t.textContent ?? '');

/** The box the label's ink takes: its measured width about its middle, its font size high. */
function inkBox(text: Element): Rect {
  const [x, y, size] = [num(text, 'x'), num(text, 'y'), num(text, 'font-size')];
  const half = textWidth(text.textContent ?? '', size, 700) / 2;
  return { x0: x - half, y0: y - size / 2, x1: x + half, y1: y + size / 2 };
}

function overlapping(doc: Document): string[] {
  const texts = labels(doc);
  const boxes = texts.map(inkBox);
  return boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .flatMap((b, j) => (intersects(a, b) ? [`${texts[i].textContent}/${texts[i + 1 + j].textContent}`] : [])),
  );
}

test('ISO labels never overlap: the larger region keeps its label', async () => {
  const { doc } = await drawRequest('scope=world&theme=light&labels=ISO');
  const ids = labelled(doc);
  assert.ok(ids.length >= 50, `${ids.length} labels`);
  assert.deepEqual(overlapping(doc), []);
  for (const id of ['RU', 'CA', 'US', 'CN', 'BR', 'AU', 'FR', 'DE']) assert.ok(ids.includes(id), `${id} is labelled`);
  // Benelux and the Alps crowd between France and Germany, which are larger; Italy's boot and Norway's coast are
  // narrower than their labels, which would hang over the sea
  for (const id of ['BE', 'NL', 'LU', 'CH', 'AT', 'IT', 'NO']) assert.ok(!ids.includes(id), `${id} gives way`);
  const us = labels(doc).find((t) => t.textContent === 'US');
  assert.equal(us?.getAttribute('data-id'), 'US');
  assert.equal(us?.getAttribute('stroke'), themes.light.background, 'a halo in the background colour keeps it legible');
});

test('a smaller map keeps fewer labels, none overlapping', async () => {
  const large = labelled((await drawRequest('scope=world&labels=ISO')).doc);
  const small = await drawRequest('scope=world&labels=ISO&width=600');
  assert.deepEqual(overlapping(small.doc), []);
  assert.ok(labelled(small.doc).length < large.length * 0.6, `${labelled(small.doc).length} of ${large.length}`);
});

test('labelMinArea: regions under it go unlabelled; at 0 none go over each other', async () => {
  const base = labelled((await drawRequest('scope=world&labels=ISO')).doc);
  const large = labelled((await drawRequest('scope=world&labels=ISO&labelMinArea=20000')).doc);
  assert.ok(large.length < base.length / 2 && large.includes('RU') && !large.includes('DE'), large.join());
  const all0 = await drawRequest('scope=world&labels=ISO&labelMinArea=0');
  assert.deepEqual(overlapping(all0.doc), []);
  assert.ok(labelled(all0.doc).length >= base.length);
});

test('a country scope labels with ids without the country prefix, regions with data first', async () => {
  const { doc } = await drawRequest('scope=US&theme=light&labels=ISO&data=CA:1,NY:2,NJ:3,MA:4,RI:5,CT:6');
  const ids = labelled(doc);
  for (const id of ['CA', 'NY', 'NJ', 'MA', 'CT', 'TX', 'MT']) assert.ok(ids.includes(id), `${id} in ${ids.join()}`);
  assert.ok(!ids.some((id) => id.startsWith('US-')), ids.join());
  assert.deepEqual(
    labels(doc)
      .slice(0, 5)
      .map((t) => t.getAttribute('data-id')),
    ['US-CA', 'US-NY', 'US-MA', 'US-NJ', 'US-CT'],
    'the regions with data are placed first, larger first',
  );
  // Rhode Island is too small for "RI" at 1200 px: left out rather than written over the sea
  assert.ok(!ids.includes('RI'));
  assert.deepEqual(overlapping(doc), []);
});

test('names: CLDR long official forms read as their name proper; one too long for its region is left out', async () => {
  const { doc } = await drawRequest('scope=ES&theme=light&labels=ISO&labelContent=name&data=NC:3,MD:5,CT:2');
  const names = labelled(doc);
  for (const name of ['Navarra', 'Madrid', 'Catalonia', 'Andalusia']) assert.ok(names.includes(name), names.join());
  assert.ok(!names.some((n) => /Community/.test(n)), names.join());
  assert.ok(!names.includes('Valencian Community'), 'a long name over a narrow coast is left out');
});

test('listed regions are always labelled: beside a region with no room inside, clear of the others', async () => {
  const { doc } = await drawRequest('scope=world&labels=BE,NL,LU&width=500');
  assert.deepEqual(labelled(doc).sort(), ['BE', 'LU', 'NL']);
  assert.equal(overlapping(doc).length, 0, 'at 500 px the three stand beside Benelux, apart');
});

test('a label goes beside the dot of a region too small to draw, and nowhere outside the frame', async () => {
  const { doc } = await drawRequest('scope=world&level=low&data=SG:1&labels=SG,MY');
  const sg = labels(doc).find((t) => t.textContent === 'SG');
  const dot = all(doc, 'circle').find((c) => c.getAttribute('data-id') === 'SG');
  assert.ok(sg && dot, 'Singapore is a dot, labelled');
  const off = Math.hypot(num(sg, 'x') - num(dot, 'cx'), num(sg, 'y') - num(dot, 'cy'));
  assert.ok(off > num(dot, 'r') && off < 40, `beside its dot, not over it (${off.toFixed(1)} px off)`);

  const europe = await drawRequest('scope=world&labels=ISO&bbox=-10,35,30,60&width=500');
  const ids = labelled(europe.doc);
  assert.ok(ids.includes('FR') && ids.includes('NL'), 'at this scale Benelux has room');
  assert.ok(!ids.includes('US') && !ids.includes('BR'), 'far outside the box: no label');
  for (const text of labels(europe.doc)) {
    assert.ok(
      num(text, 'x') >= 0 && num(text, 'x') <= europe.width && num(text, 'y') >= 0 && num(text, 'y') <= europe.height,
      `${text.textContent} on the map`,
    );
  }
});

test('a region label keeps clear of a marker drawn under it', async () => {
  const plain = await drawRequest('scope=US&theme=light&labels=ISO');
  const tx = labels(plain.doc).find((t) => t.textContent === 'TX')!;
  const [x, y] = [num(tx, 'x'), num(tx, 'y')];
  // a 24 px square on the point where the Texas label was
  const { doc } = await drawRequest(`scope=US&theme=light&labels=ISO&markers=31.05,-98.4:square::right:24`);
  const marker = all(doc, 'g').find((g) => g.getAttribute('data-index') === '0')!;
  const [mx, my] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(marker.getAttribute('transform')!)!.slice(1).map(Number);
  const square = { x0: mx - 12, y0: my - 12, x1: mx + 12, y1: my + 12 };
  const moved = labels(doc).find((t) => t.textContent === 'TX');
  assert.ok(Math.hypot(mx - x, my - y) < 6, `the marker (${mx},${my}) is near where TX was (${x},${y})`);
  assert.ok(!moved || !intersects(inkBox(moved), square), 'TX moves off the square or gives way');
});

test('a region with data is tried harder than one without: its name wraps onto two lines to fit', async () => {
  const query = 'scope=ES&theme=light&width=1000&labels=ISO&labelContent=name';
  const without = await drawRequest(query);
  assert.ok(!labelled(without.doc).includes('Basque Country'), 'without data: one line, left out');
  const { doc } = await drawRequest(`${query}&data=PV:3`);
  const basque = labels(doc).find((t) => t.getAttribute('data-id') === 'ES-PV');
  assert.deepEqual(
    Array.from(basque?.getElementsByTagName('tspan') as unknown as ArrayLike<Element>).map((t) => t.textContent),
    ['Basque', 'Country'],
  );
});

test('wrapping breaks a name where its longer line is shortest, and keeps the value line under it', () => {
  const bold = (text: string) => ({ text, bold: true });
  assert.deepEqual(
    wrapped([bold('Castile and León')], 9)?.map((l) => l.text),
    ['Castile', 'and León'],
  );
  assert.deepEqual(
    wrapped([bold('Basque Country'), { text: '3', bold: false }], 9)?.map((l) => l.text),
    ['Basque', 'Country', '3'],
  );
  assert.equal(wrapped([bold('Liechtenstein')], 9), null, 'one word does not wrap');
});

test('a box is inside a polygon only when no coast passes through it, however narrow the notch', () => {
  // a square with a notch 0.4 px wide reaching 2 px into it from the left, between two of the 3 px samples
  const notched = shapeOf([
    [
      [
        [0, 0],
        [0, 10.1],
        [3, 10.1],
        [3, 10.5],
        [0, 10.5],
        [0, 20],
        [20, 20],
        [20, 0],
        [0, 0],
      ],
    ],
  ]);
  assert.equal(boxInside({ x0: 1, y0: 1, x1: 10, y1: 19 }, notched), false);
  assert.equal(boxInside({ x0: 4, y0: 1, x1: 10, y1: 19 }, notched), true);
  assert.equal(boxTouches({ x0: 21, y0: 1, x1: 30, y1: 19 }, notched), false);
  assert.equal(boxTouches({ x0: 19, y0: 1, x1: 30, y1: 19 }, notched), true);
});
