// Region labels, drawn in-process: with `ISO`, a label that would overlap one already placed is left out, larger
// regions first; a listed region is always labelled; a label sits at the region's centre, or on its dot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { textWidth } from '../../renderer-page/fonts.ts';
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
  assert.ok(ids.length > 60, `${ids.length} labels`);
  assert.deepEqual(overlapping(doc), []);
  for (const id of ['RU', 'CA', 'US', 'CN', 'BR', 'AU', 'FR', 'DE']) assert.ok(ids.includes(id), `${id} is labelled`);
  // Benelux and the Alps crowd between France and Germany, which are larger
  for (const id of ['BE', 'NL', 'LU', 'CH', 'AT']) assert.ok(!ids.includes(id), `${id} gives way`);
  const us = labels(doc).find((t) => t.textContent === 'US');
  assert.equal(us?.getAttribute('data-id'), 'US');
  assert.equal(us?.getAttribute('stroke'), themes.light.background, 'a halo in the background colour keeps it legible');
});

test('a smaller map keeps fewer labels, none overlapping', async () => {
  const large = labelled((await drawRequest('scope=world&labels=ISO')).doc);
  const small = await drawRequest('scope=world&labels=ISO&width=600');
  assert.deepEqual(overlapping(small.doc), []);
  assert.ok(labelled(small.doc).length < large.length / 2, `${labelled(small.doc).length} of ${large.length}`);
});

test('labelMinArea: regions under it go unlabelled; at 0 more are, still without overlap', async () => {
  const base = labelled((await drawRequest('scope=world&labels=ISO')).doc);
  const all0 = await drawRequest('scope=world&labels=ISO&labelMinArea=0');
  assert.deepEqual(overlapping(all0.doc), []);
  assert.ok(labelled(all0.doc).length > base.length);
  assert.ok(labelled(all0.doc).includes('HR') && !base.includes('HR'), 'Croatia is under 200 px² at 1200 px');
});

test('listed regions are always labelled, even over each other', async () => {
  const { doc } = await drawRequest('scope=world&labels=BE,NL,LU&width=500');
  assert.deepEqual(labelled(doc).sort(), ['BE', 'LU', 'NL']);
  assert.ok(overlapping(doc).length > 0, 'at 500 px the three overlap, and all stay');
});

test('a label goes on the dot of a region too small to draw, and nowhere outside the frame', async () => {
  const { doc } = await drawRequest('scope=world&level=low&data=SG:1&labels=SG,MY');
  const sg = labels(doc).find((t) => t.textContent === 'SG');
  const dot = all(doc, 'circle').find((c) => c.getAttribute('data-id') === 'SG');
  assert.ok(sg && dot, 'Singapore is a dot, labelled');
  assert.deepEqual([num(sg, 'x'), num(sg, 'y')], [num(dot, 'cx'), num(dot, 'cy')]);

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
