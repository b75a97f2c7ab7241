// The size key of proportional circles, drawn in-process: its round reference values, circles drawn by the
// layer's own radius formula, and a place clear of the legend and the other furniture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
import { drawRequest, inLayer, intersects, layer, num } from '../support/draw-request.ts';
import { furnitureBox, panelBox } from '../support/furniture-boxes.ts';
import { themes } from '../../renderer-page/themes/index.ts';

const circles = (doc: Document) => inLayer(doc, 'size-key', 'circle');
const values = (doc: Document) => circles(doc).map((c) => num(c, 'data-value'));
const labels = (doc: Document) => inLayer(doc, 'size-key', 'text').map((t) => t.textContent);

const population = 'proportional=US:330,CN:1400,IN:1380,BR:210,NG:220';

test('the key shows the largest value rounded down, about a half and a tenth of it, formatted', async () => {
  const { doc } = await drawRequest(`scope=world&theme=light&${population}`);
  assert.deepEqual(values(doc), [1000, 500, 100]);
  assert.deepEqual(labels(doc), ['1,000', '500', '100']);

  const small = await drawRequest('scope=world&proportional=US:0.37,CN:0.2');
  assert.deepEqual(labels(small.doc), ['0.3', '0.15', '0.03']);
});

test('reference circles follow the layer formula: radius = max(min, √(value / largest) × max)', async () => {
  const { doc } = await drawRequest(`scope=world&${population}&proportionalMax=50&proportionalMin=3`);
  for (const circle of circles(doc)) {
    const expected = Math.max(3, Math.sqrt(num(circle, 'data-value') / 1400) * 50);
    assert.equal(
      num(circle, 'r'),
      Math.round(expected * 10) / 10,
      `the circle of ${circle.getAttribute('data-value')}`,
    );
  }
  // nested and bottom-aligned, the largest first so the smaller ones stay visible
  const bottoms = circles(doc).map((c) => num(c, 'cy') + num(c, 'r'));
  assert.ok(
    bottoms.every((b) => Math.abs(b - bottoms[0]) < 0.2),
    `bottoms ${bottoms}`,
  );
  assert.deepEqual(
    circles(doc).map((c) => num(c, 'cx')),
    circles(doc).map(() => num(circles(doc)[0], 'cx')),
  );
});

test('the key leaves out a value the minimum radius would misdraw, or one whose label would crowd', async () => {
  // 100 would be drawn at √(100 / 1400) × 40 = 10.7 px, under the 20 px minimum
  const min = await drawRequest(`scope=world&${population}&proportionalMin=20`);
  assert.deepEqual(values(min.doc), [1000, 500]);
  // at 8 px the circles' tops, where the labels sit, are closer than a line
  const tiny = await drawRequest(`scope=world&${population}&proportionalMax=8&proportionalMin=1`);
  assert.deepEqual(values(tiny.doc), [1000]);
  // everything at one size says nothing a key could explain
  assert.equal(layer((await drawRequest('scope=world&proportional=US:0,CN:0')).doc, 'size-key'), undefined);
});

test('the key paints its circles as the map paints them, and goes with the legend', async () => {
  const one = await drawRequest('scope=world&theme=light&proportional=US:3:%23ff6600,CN:5:%23ff6600');
  assert.ok(circles(one.doc).every((c) => c.getAttribute('fill') === '#ff6600'));
  const mixed = await drawRequest('scope=world&theme=light&proportional=US:3:%23ff6600,CN:5');
  assert.ok(circles(mixed.doc).every((c) => c.getAttribute('fill') === themes.light.highlight));
  assert.equal(layer((await drawRequest(`scope=world&${population}&legend=false`)).doc, 'size-key'), undefined);
});

test('the key keeps clear of the legend and every piece of furniture, and inside the map', async () => {
  const { doc, spec, width, height } = await drawRequest(
    `scope=world&theme=dark&width=800&${population}&data=US:1,CN:2,FR:3&scaleBar=true&northArrow=true&logo=true&title=T`,
  );
  const key = panelBox(doc, 'size-key');
  assert.ok(!intersects(key, panelBox(doc, 'legend')), `clear of the legend: ${JSON.stringify(key)}`);
  for (const name of ['scale-bar', 'north-arrow', 'logo']) {
    assert.ok(!intersects(key, furnitureBox(doc, name)), `clear of the ${name}`);
  }
  const [title] = inLayer(doc, 'title', 'text');
  const [credit] = inLayer(doc, 'attribution', 'text');
  assert.ok(key.y0 > num(title, 'y'), 'below the title');
  assert.ok(key.y1 < num(credit, 'y') - num(credit, 'font-size'), 'above the credit');
  const p = spec.padding;
  assert.ok(key.x0 >= p && key.y0 >= p && key.x1 <= width - p && key.y1 <= height - p, JSON.stringify(key));
  // no room for the key beside the rest: the map goes without it rather than hide the legend
  const cramped = await drawRequest(`scope=world&width=240&${population}&data=US:1,CN:2,FR:3&proportionalMax=100`);
  assert.equal(layer(cramped.doc, 'size-key'), undefined);
});
