// Inset captions through the real service: a panel that shows part of a region whose main part is elsewhere says
// what it shows (the EU's outermost regions as Eurostat writes them, Tokyo's far islands, Fiji's reefs), in the
// request's language where the build has the name, inside its panel and at a size that follows the output; a
// panel holding whole regions (Alaska, Hawaii, the Canaries on Spain's map, Rotuma, Okinawa) has none.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { fetchSvg } from './support/svg.ts';
import { inLayer, num, type Rect } from './support/draw-request.ts';
import { insetPanels } from './support/furniture-boxes.ts';
import { textWidth } from '../renderer-page/fonts.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const EU = 'scope=EU&theme=light&data=FR:1,PT:2,ES:3,DE:4,PL:5';

/** Each caption: its text, and its lines' boxes, by its anchor, font size and the renderer's font metrics. */
function captions(doc: Document): Array<{ caption: string; lines: string[]; boxes: Rect[] }> {
  return inLayer(doc, 'background', 'text').map((text) => {
    const size = num(text, 'font-size');
    const anchor = text.getAttribute('text-anchor');
    const spans = Array.from(text.getElementsByTagName('tspan') as unknown as ArrayLike<Element>);
    let y = num(text, 'y');
    const boxes = spans.map((span, i) => {
      y += i ? num(span, 'dy') : 0;
      const wide = textWidth(span.textContent ?? '', size);
      const x0 = num(span, 'x') - (anchor === 'end' ? wide : anchor === 'middle' ? wide / 2 : 0);
      return { x0, y0: y - size * 0.95, x1: x0 + wide, y1: y + size * 0.25 };
    });
    return { caption: text.getAttribute('data-caption')!, lines: spans.map((s) => s.textContent ?? ''), boxes };
  });
}

const within = (outer: Rect, inner: Rect) =>
  inner.x0 >= outer.x0 && inner.x1 <= outer.x1 && inner.y0 >= outer.y0 && inner.y1 <= outer.y1;

/** Every caption lies whole in one panel, and no panel has two. */
function assertInPanels(doc: Document) {
  const panels = insetPanels(doc);
  const used = new Set<number>();
  for (const { caption, boxes } of captions(doc)) {
    const i = panels.findIndex((panel) => boxes.every((box) => within(panel, box)));
    assert.ok(i >= 0, `"${caption}" lies inside a panel`);
    assert.ok(!used.has(i), `one caption to a panel ("${caption}")`);
    used.add(i);
  }
}

const joined = (doc: Document) =>
  captions(doc).map(({ caption, lines }) => {
    assert.equal(lines.join(' '), caption, 'the lines say the caption');
    return caption;
  });

test('the EU: each outermost region captioned with its name and country code, inside its panel', async () => {
  const { doc } = await fetchSvg(service.url, `/map.svg?${EU}&width=1000`);
  assert.deepEqual(joined(doc).sort(), [
    'Azores (PT)',
    'Canary Islands (ES)',
    'French Guiana (FR)',
    'Guadeloupe, Martinique (FR)',
    'Madeira (PT)',
    'Mayotte (FR)',
    'Réunion (FR)',
  ]);
  assertInPanels(doc);
});

test("the EU in Spanish and German: the captions take the locale's names where the build has them", async () => {
  const es = joined((await fetchSvg(service.url, `/map.svg?${EU}&width=1000&locale=es`)).doc);
  assert.ok(es.includes('Canarias (ES)'), es.join(' | '));
  assert.ok(es.includes('Guadalupe, Martinica (FR)'), es.join(' | '));
  const de = joined((await fetchSvg(service.url, `/map.svg?${EU}&width=1000&locale=de`)).doc);
  assert.ok(de.includes('Azoren (PT)') && de.includes('Französisch-Guayana (FR)'), de.join(' | '));
});

test('the captions grow with the output, and a thumbnail whose panels cannot hold them has none', async () => {
  const sizeAt = async (width: number) => {
    const { doc } = await fetchSvg(service.url, `/map.svg?${EU}&width=${width}`);
    assertInPanels(doc);
    return Math.max(...inLayer(doc, 'background', 'text').map((t) => num(t, 'font-size')));
  };
  const [small, large] = [await sizeAt(1000), await sizeAt(4000)];
  assert.ok(large >= 3 * small, `${small} px at 1000 px, ${large} px at 4000 px`);
  const { doc } = await fetchSvg(service.url, `/map.svg?${EU}&width=300`);
  assert.equal(inLayer(doc, 'background', 'text').length, 0);
});

for (const [query, expected] of [
  ['scope=JP&width=1000&data=JP-13:5,JP-47:3', ['Tokyo']],
  ['scope=FJ&width=1000&data=FJ-C:5,FJ-W:3,FJ-R:2', ['Eastern', 'Western']],
  ['scope=CL&width=1000&data=CL-VS:1', ['Valparaíso']],
  // Svalbard's panel holds Bear Island too: the region whole, uncaptioned (Bear Island's own was "Svalbard")
  ['scope=NO&width=1000&data=NO-21:1', ['Nordland']],
  ['scope=US&width=1000&data=AK:1,HI:2,PR:3', []],
  ['scope=ES&width=1000&data=ES-CN:1', []],
  ['scope=EC&width=1000&data=EC-W:1', []],
] as const) {
  test(`${query.split('&')[0]}: captions ${JSON.stringify(expected)}`, async () => {
    const { doc } = await fetchSvg(service.url, `/map.svg?theme=dark&${query}`);
    const said = joined(doc);
    // Okinawa's panel holds a region whole, Tokyo's two panels its far islands: one caption each
    assert.deepEqual([...new Set(said)].sort(), [...expected]);
    assertInPanels(doc);
  });
}
