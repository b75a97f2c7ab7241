// Every region with data gets its label wherever a readable placement exists, through HTTP as a graphics editor
// reads the map (issue 31): the Basque Country inside its outline, its name on two lines, where Navarra and La
// Rioja around it were labelled and it was not; Attica on its mainland; the Canaries, the Azores, Hawaii and
// France's overseas départements in their inset panels; microstates drawn as dots beside their dot. No two labels
// overlap: their boxes are measured from the SVG's text positions with the renderer's font metrics.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { textWidth } from '../renderer-page/fonts.ts';
import { insetPanels } from './support/furniture-boxes.ts';
import { inLayer, intersects, num, type Rect } from './support/draw-request.ts';
import { startService, type TestService } from './support/service.ts';
import { all, boxPoints, fetchSvg, insideRegion, pathPieces, region } from './support/svg.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const svg = async (query: string) => (await fetchSvg(service.url, `/map.svg?${query}`)).doc;

const labels = (doc: Document) => inLayer(doc, 'labels', 'text');
const labelOf = (doc: Document, id: string) => labels(doc).find((t) => t.getAttribute('data-id') === id);

/** The lines of a label: its tspans when it has several, else itself. */
const linesOf = (text: Element) => {
  const tspans = Array.from(text.getElementsByTagName('tspan') as unknown as ArrayLike<Element>);
  return tspans.length ? tspans : [text];
};
/** What a label reads, its lines joined as a reader joins them. */
const reads = (text: Element) =>
  linesOf(text)
    .map((line) => line.textContent ?? '')
    .join(' ');

/** The boxes of a label's lines' capitals (`dominant-baseline: central`): each line's measured width about its
 *  x, in its weight, and Noto Sans's cap height about its y. */
function lineBoxes(text: Element): Rect[] {
  const size = num(text, 'font-size');
  return linesOf(text).map((line) => {
    const weight = line.getAttribute('font-weight') === '400' ? 400 : 700;
    const half = textWidth(line.textContent ?? '', size, weight) / 2;
    const [x, y] = [num(line, 'x'), num(line, 'y')];
    return { x0: x - half, y0: y - size * 0.33, x1: x + half, y1: y + size * 0.39 };
  });
}

const within = (inner: Rect, outer: Rect) =>
  inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;

/** The pairs of labels whose lines overlap. */
function overlapping(doc: Document): string[] {
  const texts = labels(doc);
  const boxes = texts.map(lineBoxes);
  return boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .flatMap((b, j) =>
        a.some((p) => b.some((q) => intersects(p, q))) ? [`${reads(texts[i])}/${reads(texts[i + 1 + j])}`] : [],
      ),
  );
}

/** The ids of the regions drawn with a value. */
const withData = (doc: Document) =>
  inLayer(doc, 'regions', 'path').flatMap((p) => (p.getAttribute('data-value') ? [p.getAttribute('data-id')!] : []));

/** Asserts that the region's label lies wholly inside its outline. */
function assertInside(doc: Document, id: string) {
  const label = labelOf(doc, id);
  assert.ok(label, `${id} is labelled: ${labels(doc).map(reads).join(', ')}`);
  for (const box of lineBoxes(label))
    for (const point of boxPoints(box)) assert.ok(insideRegion(doc, id, point), `${reads(label)} hangs out of ${id}`);
}

/** Asserts that the region's label lies inside an inset panel that holds a part of the region (Madeira's
 *  Savage Islands have a panel of their own). */
function assertInPanel(doc: Document, id: string) {
  const label = labelOf(doc, id);
  assert.ok(label, `${id} is labelled: ${labels(doc).map(reads).join(', ')}`);
  const pieces = pathPieces(region(doc, id)!.getAttribute('d')!);
  const panels = insetPanels(doc).filter((p) =>
    pieces.some((piece) => piece.every(([x, y]) => x >= p.x0 - 1 && x <= p.x1 + 1 && y >= p.y0 - 1 && y <= p.y1 + 1)),
  );
  assert.ok(panels.length, `${id} is drawn in a panel`);
  const boxes = lineBoxes(label);
  assert.ok(
    panels.some((panel) => boxes.every((box) => within(box, panel))),
    `${reads(label)} stands outside its panel`,
  );
}

const SPAIN = 'scope=ES&labels=ISO&labelContent=name&data=ES-PV:3,ES-CN:4,ES-MD:2,ES-AN:1';

test('Spain: the Basque Country is labelled inside its outline, the Canaries in their panel, none overlapping', async () => {
  for (const look of ['theme=light&width=1000', 'theme=dark&width=1200', 'theme=light&width=4000']) {
    const doc = await svg(`${SPAIN}&${look}`);
    assertInside(doc, 'ES-PV');
    assert.equal(reads(labelOf(doc, 'ES-PV')!), 'Basque Country');
    assertInPanel(doc, 'ES-CN');
    assert.equal(reads(labelOf(doc, 'ES-CN')!), 'Canary Islands');
    for (const id of ['ES-MD', 'ES-AN']) assertInside(doc, id);
    assert.deepEqual(overlapping(doc), [], look);
  }
  // at 1000 px its name is too long for one line: it wraps rather than being left out
  const doc = await svg(`${SPAIN}&theme=light&width=1000`);
  assert.equal(linesOf(labelOf(doc, 'ES-PV')!).length, 2);
  // the regions with data are placed first: Navarra and La Rioja around the Basque Country give way, not it
  assert.deepEqual(
    labels(doc)
      .slice(0, 4)
      .map((t) => t.getAttribute('data-id'))
      .sort(),
    withData(doc).sort(),
  );
});

test('Greece: Attica, with data, is labelled on its mainland', async () => {
  const byId = await svg('scope=GR&theme=light&width=1000&labels=ISO&data=GR-A1:5,GR-B:2');
  const [attica] = withData(byId).filter((id) => region(byId, id)?.getAttribute('data-value') === '5');
  assertInside(byId, attica!);
  assert.deepEqual(overlapping(byId), []);
  const byName = await svg('scope=GR&theme=light&width=1400&labels=ISO&labelContent=name&data=GR-A1:5,GR-B:2');
  assertInside(byName, attica!);
  assert.match(reads(labelOf(byName, attica!)!), /^Attica\b/);
  assert.deepEqual(overlapping(byName), []);
});

test('regions in inset panels are labelled inside their panel: Azores, Madeira, Alaska, Hawaii, overseas France', async () => {
  const maps = [
    'scope=PT&theme=light&width=1000&labels=ISO&labelContent=name&data=PT-20:3,PT-30:4,PT-11:2',
    'scope=US&theme=dark&width=1000&labels=ISO&labelContent=name&data=AK:3,HI:4,CA:2',
    'scope=FR&theme=light&width=1000&labels=ISO&labelContent=name&data=FR-971:3,FR-972:4,FR-973:2,FR-974:5,FR-976:1',
    'scope=FR&theme=dark&width=4000&labels=ISO&labelContent=name&data=FR-971:3,FR-972:4,FR-973:2,FR-974:5,FR-976:1',
  ];
  for (const query of maps) {
    const doc = await svg(query);
    const inPanels = withData(doc).filter((id) => !/-11$|^US-CA$/.test(id));
    assert.ok(inPanels.length >= 2, query);
    for (const id of inPanels) assertInPanel(doc, id);
    assert.deepEqual(overlapping(doc), [], query);
  }
  // a thumbnail's panels are small: the labels that find room stand in their panels, the others are left out
  const thumbnail = await svg(
    'scope=FR&theme=dark&width=300&labels=ISO&data=FR-971:3,FR-972:4,FR-973:2,FR-974:5,FR-976:1',
  );
  const labelled = withData(thumbnail).filter((id) => labelOf(thumbnail, id));
  assert.ok(labelled.length >= 3, labelled.join());
  for (const id of labelled) assertInPanel(thumbnail, id);
  assert.deepEqual(overlapping(thumbnail), []);
});

/** Asserts that every dot of a region with data is labelled beside it, and that no label covers any dot. */
function assertDotsLabelled(doc: Document, expected: string[]) {
  const dots = all(doc, 'circle').filter((c) => c.getAttribute('data-id'));
  const boxes = labels(doc).flatMap(lineBoxes);
  for (const id of expected)
    assert.ok(
      dots.some((d) => d.getAttribute('data-id') === id),
      `${id} is a dot`,
    );
  for (const dot of dots) {
    const id = dot.getAttribute('data-id')!;
    const [cx, cy, r] = ['cx', 'cy', 'r'].map((a) => num(dot, a));
    const disc = { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r };
    for (const box of boxes) assert.ok(!intersects(box, disc), `a label covers ${id}'s dot`);
    const label = labelOf(doc, id);
    assert.ok(label, `${id} is labelled beside its dot`);
    const [box] = lineBoxes(label);
    const distance = Math.hypot(Math.max(box.x0 - cx, 0, cx - box.x1), Math.max(box.y0 - cy, 0, cy - box.y1));
    assert.ok(distance < 40, `${id}'s label stands ${distance.toFixed(0)} px off its dot`);
  }
  assert.deepEqual(overlapping(doc), []);
}

test('microstates drawn as dots are labelled beside their dot with labels=ISO, over no dot nor label', async () => {
  const europe = await svg(
    'scope=europe&theme=light&width=1000&labels=ISO&data=LU:1,MT:2,LI:3,SM:4,MC:5,AD:6,DE:7,FR:8',
  );
  assertDotsLabelled(europe, ['MT', 'LI', 'SM', 'MC', 'AD']);
  const world = await svg(
    'scope=world&theme=dark&width=1000&labels=ISO&data=CH:80,IT:30,LI:110,SM:50,VA:20,MC:115,MT:35,LU:120,SG:88',
  );
  assertDotsLabelled(world, ['LU', 'MT', 'SM', 'LI', 'MC', 'VA', 'SG']);
});
