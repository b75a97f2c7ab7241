// Every region with data is visible: one whose outline the level lacks (Natural Earth 110m has no
// Singapore, Malta, Andorra, Bahrain or Barbados) or draws too small to see is a dot at its place, with its
// fill, data-id, data-value and tooltip, sized to the map and ringed; labels, proportional circles and routes
// find it there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { polygonContains } from 'd3';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, pathPieces } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const FIVE = 'data=SG:5,MT:3,AD:4,BH:2,BB:1';
const VALUES: Record<string, number> = { SG: 5, MT: 3, AD: 4, BH: 2, BB: 1 };
const NAMES: Record<string, string> = { SG: 'Singapore', MT: 'Malta', AD: 'Andorra', BH: 'Bahrain', BB: 'Barbados' };

const svg = async (query: string) => (await fetchSvg(service.url, `/map.svg?${query}`)).doc;
const regionsLayer = (doc: Document) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'regions')!;
const withId = (parent: Element | Document, id: string) =>
  Array.from(parent.getElementsByTagName('*') as unknown as ArrayLike<Element>).filter(
    (e) => e.getAttribute('data-id') === id,
  );
const inside = (parent: Element, tag: string) =>
  Array.from(parent.getElementsByTagName(tag) as unknown as ArrayLike<Element>);
const centreOf = (e: Element): [number, number] => [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))];
const near = (a: [number, number], b: [number, number], tolerance = 1) =>
  Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;

/** The one element the regions layer draws for `id`, which must be a dot. */
function dot(doc: Document, id: string): Element {
  const found = withId(regionsLayer(doc), id);
  assert.equal(found.length, 1, `${id}: one element in the regions layer`);
  assert.equal(found[0].tagName, 'circle', `${id} is drawn as a dot`);
  return found[0];
}

/** Five distinct values in quantile classes: each value is the lower edge of its own class. */
function legendFill(doc: Document, value: number): string | null {
  const swatch = all(doc, 'rect').find((r) => r.getAttribute('data-legend')?.split(' – ')[0] === String(value));
  return swatch?.getAttribute('fill') ?? null;
}

function assertFiveDots(doc: Document, label: string) {
  for (const [id, value] of Object.entries(VALUES)) {
    const circle = dot(doc, id);
    assert.equal(withId(doc, id).length, 1, `${label}: nothing else carries ${id}`);
    assert.equal(circle.getAttribute('data-value'), String(value), `${label}: ${id}`);
    assert.equal(circle.getAttribute('fill'), legendFill(doc, value), `${label}: ${id} has its class's colour`);
    assert.equal(circle.getElementsByTagName('title')[0]?.textContent, `${NAMES[id]}: ${value}`, `${label}: ${id}`);
  }
  assert.equal(new Set(Object.keys(VALUES).map((id) => dot(doc, id).getAttribute('fill'))).size, 5);
  assert.ok(
    all(doc, 'path').filter((p) => p.getAttribute('data-id')).length > 150,
    `${label}: the countries are still drawn`,
  );
}

test('regions the low level has no outline for are dots with their class colour, value and tooltip', async () => {
  assertFiveDots(await svg(`scope=world&${FIVE}`), 'low');
});

test('at high detail and 300 px their outlines are specks: dots instead, one element each', async () => {
  assertFiveDots(await svg(`scope=world&level=high&width=300&${FIVE}`), 'high, 300 px');
});

test('a highlight, a colour override and a pattern reach the dot as they would the outline', async () => {
  const highlight = await svg('scope=world&theme=light&regions=SG');
  assert.equal(dot(highlight, 'SG').getAttribute('fill'), themes.light.highlight);
  assert.equal(dot(highlight, 'SG').getAttribute('data-value'), null);
  assert.ok(all(highlight, 'rect').some((r) => r.getAttribute('data-legend') === 'Highlighted'));

  const coloured = await svg('scope=world&data=MT:%23ff0000,SG:2&patterns=SG:stripes');
  assert.equal(dot(coloured, 'MT').getAttribute('fill'), '#ff0000');
  assert.match(dot(coloured, 'SG').getAttribute('fill') ?? '', /^url\(#pattern-\d+\)$/);
});

test('labels, proportional circles and routes find a dotted region at its dot', async () => {
  const doc = await svg(`scope=world&${FIVE}&labels=SG,MT&proportional=SG:10&routes=DE>SG`);
  const layer = (name: string) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === name)!;
  for (const id of ['SG', 'MT']) {
    const [text] = withId(layer('labels'), id);
    assert.ok(text, `${id} is labelled`);
    // beside the dot, never over it: its middle a radius and a gap off the dot's centre, within a label's reach
    const at: [number, number] = [Number(text.getAttribute('x')), Number(text.getAttribute('y'))];
    const r = Number(dot(doc, id).getAttribute('r'));
    assert.ok(near(at, centreOf(dot(doc, id)), 60) && !near(at, centreOf(dot(doc, id)), r), `${id}'s label by its dot`);
  }
  const [circle] = withId(layer('proportional'), 'SG');
  assert.ok(circle && near(centreOf(circle), centreOf(dot(doc, 'SG'))), 'the proportional circle on the dot');
  const route = inside(layer('routes'), 'path').find((p) => p.getAttribute('data-index') === '0');
  const end = pathPieces(route?.getAttribute('d') ?? '')
    .at(-1)
    ?.at(-1);
  assert.ok(end && near(end, centreOf(dot(doc, 'SG'))), `the route ends at the dot: ${String(end)}`);
});

test('a region without data that the level lacks stays absent, labelled or not', async () => {
  const doc = await svg('scope=world&data=SG:5&labels=SG,MT');
  assert.equal(withId(doc, 'MT').length, 0);
  assert.equal(inside(regionsLayer(doc), 'circle').length, 1, 'only the region with data is a dot');
});

test('PNG: Chromium paints the dot in its colour where the SVG puts it', async () => {
  const query = `scope=world&theme=light&${FIVE}`;
  const doc = await svg(query);
  const response = await fetch(`${service.url}/map.png?${query}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  for (const id of ['SG', 'BB']) {
    const [x, y] = centreOf(dot(doc, id)).map(Math.floor);
    assert.equal(pixelColor(png, x, y), dot(doc, id).getAttribute('fill'), `${id}'s dot at ${x},${y}`);
  }
});

const MICROSTATES = 'scope=world&theme=light&data=CH:80,IT:30,LI:110,SM:50,VA:20,MC:115,MT:35,LU:120,SG:88';
const DOTTED = ['LI', 'SM', 'VA', 'MC', 'MT', 'LU', 'SG'];

/** How far apart two colours are, channel by channel at most. */
const colourDistance = (a: string, b: string) =>
  Math.max(...[1, 3, 5].map((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16))));

test('microstates: dots that grow with the width, ringed, apart from each other, at 300, 1000 and 4000 px', async () => {
  const radii: number[] = [];
  for (const width of [300, 1000, 4000]) {
    const query = `${MICROSTATES}&width=${width}`;
    const doc = await svg(query);
    const dots = DOTTED.map((id) => dot(doc, id));
    const r = Number(dots[0].getAttribute('r'));
    assert.ok(r >= 2, `${width} px: a radius of ${r} stays visible`);
    for (const circle of dots) {
      assert.equal(Number(circle.getAttribute('r')), r, `${width} px: one size of dot`);
      assert.ok(Number(circle.getAttribute('stroke-width')) >= 0.75, `${width} px: a ring`);
      assert.notEqual(circle.getAttribute('stroke'), circle.getAttribute('fill'));
    }
    for (const [i, a] of dots.entries())
      for (const b of dots.slice(i + 1)) {
        const gap = Math.hypot(...centreOf(a).map((v, k) => v - centreOf(b)[k]));
        assert.ok(
          gap >= 2 * r - 0.2,
          `${width} px: ${a.getAttribute('data-id')} and ${b.getAttribute('data-id')} apart`,
        );
      }
    // nudged off the neighbours' data: San Marino and the Vatican off Italy, Liechtenstein off Switzerland
    const outline = (id: string) =>
      pathPieces(
        all(doc, 'path')
          .find((p) => p.getAttribute('data-id') === id)!
          .getAttribute('d')!,
      );
    for (const [id, neighbour] of [
      ['SM', 'IT'],
      ['VA', 'IT'],
      ['LI', 'CH'],
    ])
      if (width >= 1000)
        assert.ok(
          !outline(neighbour).some((ring) => polygonContains(ring, centreOf(dot(doc, id)))),
          `${width} px: ${id}'s dot off ${neighbour}`,
        );
    radii.push(r);
    const response = await fetch(`${service.url}/map.png?${query}`);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    for (const circle of dots) {
      const [x, y] = centreOf(circle);
      const fill = circle.getAttribute('fill')!;
      assert.equal(pixelColor(png, Math.floor(x), Math.floor(y)), fill, `${width} px: the dot's colour`);
      if (width === 4000)
        assert.ok(
          colourDistance(pixelColor(png, Math.round(x + r - 0.5), Math.floor(y)), circle.getAttribute('stroke')!) <
            colourDistance(pixelColor(png, Math.round(x + r - 0.5), Math.floor(y)), fill),
          `${width} px: the ring painted round ${circle.getAttribute('data-id')}`,
        );
    }
  }
  assert.ok(radii[0] < radii[1] && radii[1] < radii[2], `radii grow with the width: ${radii.join(', ')}`);
});

/** How many pixels of the PNG are `colour`, or within a few levels of it. */
function pixelsOf(png: PNG, colour: string): number {
  let count = 0;
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) if (colourDistance(pixelColor(png, x, y), colour) <= 8) count++;
  return count;
}

// The Marshall Islands' two chains are rims of atolls a pixel wide over a thousand kilometres of ocean: drawn as
// they were, each chain showed its colour on about 170 pixels of Chromium's PNG; a stroke in its own colour
// widens each rim (about 450).
test("the Marshall Islands: each chain's atolls show its colour, in Chromium's PNG; Luxembourg on the EU's map keeps its white border", async () => {
  const query = 'scope=MH&theme=light&width=1000&data=MH-L:1,MH-T:2';
  const chains = all(await svg(query), 'path').filter((p) => p.getAttribute('data-id')?.startsWith('MH-'));
  assert.equal(chains.length, 2);
  const response = await fetch(`${service.url}/map.png?${query}`);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  for (const chain of chains) {
    const fill = chain.getAttribute('fill')!;
    assert.equal(chain.getAttribute('stroke'), fill, `${chain.getAttribute('data-id')}: a rim in its own colour`);
    assert.ok(Number(chain.getAttribute('stroke-width')) >= 2, 'two pixels wide at 1000 px');
    const shown = pixelsOf(png, fill);
    assert.ok(shown >= 350, `${chain.getAttribute('data-id')}: ${shown} px of its colour`);
  }
  // islands of a pixel or two: Cape Verde and the Comoros on Africa's map
  const africa = all(await svg('scope=africa&theme=light&width=1000&data=NG:5,CV:2,KM:1'), 'path');
  for (const id of ['CV', 'KM']) {
    const islands = africa.find((p) => p.getAttribute('data-id') === id)!;
    assert.equal(islands.getAttribute('stroke'), islands.getAttribute('fill'), `${id}: a rim in its own colour`);
  }
  // without data too: the atolls are the whole map, which drew an empty page
  const outline = all(await svg('scope=MH&theme=light&width=1000'), 'path').filter((p) =>
    p.getAttribute('data-id')?.startsWith('MH-'),
  );
  assert.equal(outline.length, 2);
  for (const chain of outline) assert.equal(chain.getAttribute('stroke'), themes.light.noData, 'a rim in no-data grey');
  const eu = all(await svg('scope=EU&theme=light&width=600&data=LU:5,BE:2,FR:3,DE:4'), 'path');
  const luxembourg = eu.find((p) => p.getAttribute('data-id') === 'LU')!;
  assert.equal(luxembourg.getAttribute('stroke'), null, 'compact and small: no rim over its neighbours');
});
