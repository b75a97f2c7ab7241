// Furniture that follows the map (DECISIONS §11): the legend covers no region with data (below the map when no
// corner is free, or where `legendPosition` says); titles wrap rather than shrink; text grows with the output;
// a large output or a zoom takes finer outlines; the size key says what the circles measure, and circles keep
// their colour over dark classes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { deltaE } from './support/color.ts';
import { startService, type TestService } from './support/service.ts';
import { panelBox as furniturePanel, sized } from './support/furniture-boxes.ts';
import { all, fetchSvg, pathPieces, root, type Point } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { textWidth } from '../renderer-page/fonts.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

type Box = { x: number; y: number; width: number; height: number };

const svg = async (query: string) => (await fetchSvg(service.url, `/map.svg?${query}`)).doc;
const group = (doc: Document, layer: string) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === layer);
const inside = (parent: Element, tag: string) =>
  Array.from(parent.getElementsByTagName(tag) as unknown as ArrayLike<Element>);
const texts = (parent: Element) => inside(parent, 'text');

const panelBox = (doc: Document, layer: string): Box => sized(furniturePanel(doc, layer));

const holds = (box: Box, [x, y]: Point) => x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;

/** The regions with data: their outlines' points. */
function dataPoints(doc: Document): Point[] {
  return all(doc, 'path')
    .filter((p) => p.getAttribute('data-value') !== null)
    .flatMap((p) => pathPieces(p.getAttribute('d')!).flat());
}

/** The heights at which the regions' outlines run, to tell a band above or below the map. */
const regionYs = (doc: Document) =>
  all(doc, 'path')
    .filter((p) => p.getAttribute('data-id'))
    .flatMap((p) =>
      pathPieces(p.getAttribute('d')!)
        .flat()
        .map(([, y]) => y),
    );
const lowest = (doc: Document) => Math.max(...regionYs(doc));

test('US, continuous, data in every corner: the legend goes below the map, over no region', async () => {
  const doc = await svg('scope=US&theme=light&width=1000&legendLayout=continuous&data=ME:1,WA:2,CA:3');
  const legend = panelBox(doc, 'legend');
  assert.ok(legend.y >= lowest(doc), `legend at y ${legend.y}, below the map's lowest point ${lowest(doc)}`);
  assert.ok(legend.y + legend.height <= Number(root(doc).getAttribute('height')), 'and inside the image');
});

test('a 300 px thumbnail: the legend covers no region with data', async () => {
  const doc = await svg('scope=US&theme=light&width=300&data=CA:5,TX:4,NY:3,FL:6,AK:6,HI:7,PR:8,WA:1,ME:2');
  const legend = panelBox(doc, 'legend');
  assert.equal(dataPoints(doc).filter((point) => holds(legend, point)).length, 0);
});

test('a free corner keeps the legend in the map; legendPosition moves it', async () => {
  const query = 'scope=world&theme=light&width=1000&data=US:1,CN:2';
  const auto = await svg(query);
  const height = Number(root(auto).getAttribute('height'));
  const corner = panelBox(auto, 'legend');
  assert.ok(corner.x < 100 && corner.y > height / 2, `bottom-left by default: ${JSON.stringify(corner)}`);
  const topRight = panelBox(await svg(`${query}&legendPosition=top-right`), 'legend');
  assert.ok(topRight.x + topRight.width > 900 && topRight.y < 100, `top-right: ${JSON.stringify(topRight)}`);
  const below = await svg(`${query}&legendPosition=bottom`);
  assert.ok(panelBox(below, 'legend').y >= lowest(below), 'a band below the map');
  assert.ok(Number(root(below).getAttribute('height')) > height, 'the image grows by the band');
  const above = await svg(`${query}&legendPosition=top`);
  const legend = panelBox(above, 'legend');
  const highest = Math.min(...regionYs(above));
  assert.ok(legend.y + legend.height <= highest, 'a band above the map');
  const bad = await fetch(`${service.url}/map.svg?${query}&legendPosition=middle`);
  assert.equal(bad.status, 400);
  const error = (await bad.json()) as { field: string; message: string };
  assert.equal(error.field, 'legendPosition');
  assert.match(error.message, /bottom-right/);
});

const LONG =
  'Gross domestic product per capita in current international dollars, adjusted for purchasing power parity, 2023';

test('a long title wraps into lines at its size instead of shrinking', async () => {
  const doc = await svg(`scope=world&theme=light&width=600&title=${encodeURIComponent(LONG)}&data=US:1,CN:2`);
  const lines = texts(group(doc, 'title')!);
  assert.ok(lines.length >= 2 && lines.length <= 3, `${lines.length} lines`);
  const size = Number(lines[0].getAttribute('font-size'));
  assert.equal(size, 14, 'the size a short title has at 600 px: its least, 14 px');
  assert.equal(lines.map((l) => l.textContent).join(' '), LONG, 'every word, in order');
  const room = 600 - 2 * 12;
  for (const line of lines) assert.ok(textWidth(line.textContent!, size, 700) <= room, `"${line.textContent}" fits`);
  const ys = lines.map((l) => Number(l.getAttribute('y')));
  assert.ok(
    ys.every((y, i) => i === 0 || y - ys[i - 1] >= size),
    'lines a line apart',
  );
});

test("a small map's text is no smaller than text on a screen is read at: title 14, legend and labels 10, credit 8", async () => {
  const doc = await svg(
    'scope=LU&theme=light&width=640&title=Luxembourg&labels=ISO&labelContent=name&data=LU-DI:7,LU-GR:4,LU-LU:12',
  );
  const sizeOf = (name: string) => texts(group(doc, name)!).map((t) => Number(t.getAttribute('font-size')));
  assert.deepEqual(sizeOf('title'), [14]);
  assert.ok(
    sizeOf('legend').every((size) => size === 10),
    `legend ${sizeOf('legend').join()}`,
  );
  assert.deepEqual(sizeOf('labels'), [10, 10, 10], 'the three districts, named at 10 px, where they had 8');
  assert.deepEqual(sizeOf('attribution'), [8]);
});

test('text grows with the output: at 4000 px in proportion to 1200 px', async () => {
  const query = 'scope=world&theme=dark&title=World&data=US:1,CN:2&scaleBar=true';
  const sizes = async (width: number) => {
    const doc = await svg(`${query}&width=${width}`);
    const title = Number(texts(group(doc, 'title')!)[0].getAttribute('font-size'));
    const legend = Number(texts(group(doc, 'legend')!)[0].getAttribute('font-size'));
    return { title, legend };
  };
  const [small, large] = [await sizes(1200), await sizes(4000)];
  for (const key of ['title', 'legend'] as const) {
    const ratio = large[key] / small[key];
    assert.ok(ratio > 3 && ratio < 3.7, `${key}: ${small[key]} px at 1200, ${large[key]} px at 4000`);
  }
});

test('detail follows the output: a 4000 px world and a zoom on Europe take finer outlines than 1200 px', async () => {
  const level = async (query: string) => {
    const response = await fetch(`${service.url}/render/spec?${query}`);
    return ((await response.json()) as { spec: { level: string } }).spec.level;
  };
  assert.equal(await level('scope=world&width=1200'), 'low');
  assert.equal(await level('scope=world&width=4000'), 'medium');
  assert.equal(await level('scope=world&width=1200&format=png&scale=2'), 'medium');
  assert.equal(await level('scope=world&width=1200&bbox=-12,34,32,60'), 'medium');
  assert.equal(await level('scope=world&width=1200&bbox=5,44,12,48'), 'high');
  assert.equal(await level('scope=world&width=4000&level=low'), 'low', 'a level asked for is obeyed');
  assert.equal(await level('scope=DE&width=4000'), 'high');
  // and the drawing has more points
  const points = async (width: number) =>
    all(await svg(`scope=world&width=${width}&data=NO:1`), 'path')
      .filter((p) => p.getAttribute('data-id') === 'NO')
      .flatMap((p) => pathPieces(p.getAttribute('d')!).flat()).length;
  assert.ok((await points(4000)) > 2 * (await points(1200)), "Norway's coast in more detail");
});

const CIRCLES = 'proportional=CN:1410,IN:1420,US:335,BR:216';

test("the size key's heading: sizeKeyTitle, else the legend's title on a map without a choropleth", async () => {
  const heading = (doc: Document) =>
    texts(group(doc, 'size-key')!).find((t) => t.getAttribute('font-weight') === '700');
  const alone = await svg(`scope=world&theme=light&${CIRCLES}&legendTitle=Population+(M)`);
  assert.equal(heading(alone)?.textContent, 'Population (M)');
  const both = await svg(`scope=world&theme=light&${CIRCLES}&data=CN:1,US:2&legendTitle=GDP`);
  assert.equal(heading(both), undefined, "the choropleth's title is not the circles'");
  const named = await svg(
    `scope=world&theme=light&${CIRCLES}&data=CN:1,US:2&legendTitle=GDP&sizeKeyTitle=Population+(M)`,
  );
  assert.equal(heading(named)?.textContent, 'Population (M)');
  const key = panelBox(named, 'size-key');
  assert.ok(key.width >= textWidth('Population (M)', 13, 700), 'the panel holds its heading');
});

test('circles keep their colour over the darkest class', async () => {
  const query = `scope=world&theme=dark&width=1000&data=US:5,CN:1,BR:2,RU:3,AU:4&${CIRCLES}`;
  const doc = await svg(query);
  const us = all(doc, 'circle').find((c) => c.getAttribute('data-id') === 'US')!;
  const response = await fetch(`${service.url}/map.png?${query}`);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  const seen = pixelColor(png, Math.round(Number(us.getAttribute('cx'))), Math.round(Number(us.getAttribute('cy'))));
  assert.ok(deltaE(seen, themes.dark.highlight) < 12, `${seen} reads as the highlight ${themes.dark.highlight}`);
});
