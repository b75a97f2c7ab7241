// Region labels and marker labels through HTTP and a real Chromium, as a graphics editor reads the map: ids without
// the country prefix, every label inside its region (its text's box within the region's outline in the SVG, and
// on the region's colour in the PNG), regions with data labelled first, short names; marker labels on the side
// asked for or another free one, never over a symbol or another label, else left out and named in X-Geo-Warnings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import ms from 'milsymbol';
import { PNG } from 'pngjs';
import { textWidth } from '../renderer-page/fonts.ts';
import { ICON_BOX, iconAnchor } from '../renderer-page/markers/icons.ts';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, boxPoints, fill, insideRegion, parseSvg } from './support/svg.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const US = '/map.svg?scope=US&theme=light&labels=ISO&data=CA:1,NY:2,NJ:3,MA:4,RI:5,CT:6';
const CAPITALS =
  'scope=world&theme=light&markers=' +
  encodeURIComponent(
    '51.51,-0.13:pin:London;48.86,2.35:pin:Paris;52.52,13.40:star:Berlin;' +
      '50.1,8.7:10031000001211000000:Frankfurt HQ;44.43,26.10:pin:Bucharest',
  );

async function get(path: string) {
  const response = await fetch(service.url + path);
  assert.equal(response.status, 200, path);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}
const svg = async (path: string) => parseSvg((await get(path)).body.toString('utf8'));

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

const regionLabels = (doc: Document) =>
  all(doc, 'text').filter((t) => (t.parentNode as Element).getAttribute('data-layer') === 'labels');

/** The box of a one-line region label's capitals (`dominant-baseline: central`): its measured width about x,
 *  Noto Sans's cap height about y. */
function capsBox(text: Element): Box {
  const [x, y, size] = ['x', 'y', 'font-size'].map((a) => Number(text.getAttribute(a)));
  const half = textWidth(text.textContent ?? '', size, 700) / 2;
  return { x0: x - half, y0: y - size * 0.33, x1: x + half, y1: y + size * 0.39 };
}

test('US states: ids without the country prefix, each inside its state, states with data first', async () => {
  const doc = await svg(US);
  const texts = regionLabels(doc);
  const ids = texts.map((t) => t.textContent);
  for (const id of ['CA', 'NY', 'NJ', 'MA', 'CT', 'TX', 'AK']) assert.ok(ids.includes(id), `${id} in ${ids.join()}`);
  assert.ok(!ids.some((id) => id?.startsWith('US-')), 'no US- prefix');
  // Rhode Island and Delaware are smaller than their labels at 1200 px: left out, not written over the sea
  assert.ok(!ids.includes('RI') && !ids.includes('DE'), ids.join());
  for (const text of texts) {
    const id = text.getAttribute('data-id')!;
    for (const point of boxPoints(capsBox(text)))
      assert.ok(insideRegion(doc, id, point), `${text.textContent} at ${point.join(',')} is inside ${id}`);
  }
  assert.deepEqual(
    texts.slice(0, 5).map((t) => t.textContent),
    ['CA', 'NY', 'MA', 'NJ', 'CT'],
    'the states with data are labelled first (larger first), so no other label takes their room',
  );
});

test('a poster names every state with data: Bremen at its last try, inside Bremen, the others at the label size', async () => {
  const doc = await svg(
    '/map.svg?scope=DE&theme=light&width=4000&labels=ISO&labelContent=name&data=BY:13.4,NW:18.1,NI:8.1,HB:0.7,HH:1.9',
  );
  const texts = regionLabels(doc);
  const sizeOf = (id: string) => Number(texts.find((t) => t.getAttribute('data-id') === id)?.getAttribute('font-size'));
  assert.equal(sizeOf('DE-BY'), 36, 'the label size at 4000 px');
  assert.equal(sizeOf('DE-HB'), 22, 'Bremen at 60% of it, where 36 and 29 px did not fit');
  const bremen = texts.find((t) => t.getAttribute('data-id') === 'DE-HB')!;
  for (const point of boxPoints(capsBox(bremen))) assert.ok(insideRegion(doc, 'DE-HB', point), `${point.join(',')}`);
});

test('PNG: New Jersey’s label lies on New Jersey’s colour, not on the sea or New York', async () => {
  const doc = await svg(US);
  const nj = regionLabels(doc).find((t) => t.textContent === 'NJ');
  assert.ok(nj, 'NJ is labelled');
  const color = fill(doc, 'US-NJ');
  // the same map without labels: what the label covers
  const bare = PNG.sync.read((await get(US.replace('.svg', '.png').replace('&labels=ISO', ''))).body);
  const { x0, y0, x1, y1 } = capsBox(nj);
  const under: string[] = [];
  for (let x = Math.ceil(x0); x <= Math.floor(x1); x++)
    for (let y = Math.ceil(y0); y <= Math.floor(y1); y++) under.push(pixelColor(bare, x, y));
  const onRegion = under.filter((c) => c === color).length;
  assert.ok(onRegion >= under.length * 0.9, `${onRegion} of ${under.length} pixels are ${color}`);
});

test('names: Navarra, not Navarra Chartered Community; the long form still reads as data', async () => {
  const { response, body } = await get(
    '/map.svg?scope=ES&theme=light&labels=ISO&labelContent=name&' +
      `data=${encodeURIComponent('Navarra Chartered Community')}:3,MD:5,CT:2`,
  );
  assert.equal(response.headers.get('x-geo-warnings'), null);
  const doc = parseSvg(body.toString('utf8'));
  const names = regionLabels(doc).map((t) => t.textContent);
  for (const name of ['Navarra', 'Madrid', 'Catalonia']) assert.ok(names.includes(name), names.join());
  assert.ok(!names.some((n) => /Community/.test(n ?? '')), names.join());
  assert.match(
    all(doc, 'title')
      .map((t) => t.textContent)
      .join('|'),
    /Navarra/,
  );
});

/** What each marker drew and its label, in screen px; `icons` by request order. */
function markerBoxes(doc: Document, icons: Array<'pin' | 'star'>) {
  const layer = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'markers')!;
  return all(doc, 'g')
    .filter((g) => g.parentNode === layer)
    .map((group) => {
      const [ax, ay] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(group.getAttribute('transform')!)!.slice(1).map(Number);
      const sidc = all(group as unknown as Document, 'g')[0]?.getAttribute('data-sidc');
      let symbol: Box;
      if (sidc) {
        // as markers.ts asks milsymbol for it: 16 px, an outline of about 1 px
        const drawn = new ms.Symbol(sidc, { size: 16, outlineWidth: 6.25 });
        const { width, height } = drawn.getSize();
        const anchor = drawn.getAnchor();
        symbol = { x0: ax - anchor.x, y0: ay - anchor.y, x1: ax - anchor.x + width, y1: ay - anchor.y + height };
      } else {
        const [ix, iy] = iconAnchor(icons[Number(group.getAttribute('data-index'))]);
        const scale = 16 / ICON_BOX;
        symbol = { x0: ax - ix * scale, y0: ay - iy * scale, x1: ax + (24 - ix) * scale, y1: ay + (24 - iy) * scale };
      }
      const text = all(group as unknown as Document, 'text')[0];
      let label: Box | null = null;
      if (text) {
        const [x, y, size] = ['x', 'y', 'font-size'].map((a) => Number(text.getAttribute(a)));
        const width = textWidth(text.textContent ?? '', size);
        const start = { start: x, end: x - width, middle: x - width / 2 }[text.getAttribute('text-anchor')!]!;
        label = { x0: ax + start, y0: ay + y - size * 0.72, x1: ax + start + width, y1: ay + y + size * 0.2 };
      }
      return { index: group.getAttribute('data-index'), text: text?.textContent, symbol, label };
    });
}

test('marker labels never overprint a symbol or another label; one with no room is left out and named', async () => {
  const { response, body } = await get(`/map.svg?${CAPITALS}`);
  const drawn = markerBoxes(parseSvg(body.toString('utf8')), ['pin', 'pin', 'star', 'pin', 'pin']);
  assert.equal(drawn.length, 5, 'every marker is drawn');
  const labels = drawn.filter((m) => m.label);
  for (const m of labels) {
    for (const other of drawn)
      assert.ok(!overlap(m.label!, other.symbol), `${m.text} clear of marker ${other.index}'s symbol`);
    for (const other of labels)
      if (other !== m) assert.ok(!overlap(m.label!, other.label!), `${m.text} clear of ${other.text}`);
  }
  const hidden = drawn.filter((m) => !m.label).map((m) => m.index);
  assert.deepEqual(hidden, ['1'], 'Paris has no free side between London, Frankfurt and their labels');
  assert.equal(response.headers.get('x-geo-warnings'), 'hidden-labels:Paris');
  // Bucharest has room on the side asked for (right, the default)
  const bucharest = drawn.find((m) => m.text === 'Bucharest')!;
  assert.ok(bucharest.label!.x0 > bucharest.symbol.x1, 'Bucharest is labelled on its right');
});

test('a marker label with no room on the map on its side goes to another, on the map', async () => {
  const doc = await svg('/map.svg?scope=world&theme=dark&bbox=-10,35,30,60&width=600&markers=45,29.8:pin:Constanța');
  const [m] = markerBoxes(doc, ['pin']);
  const width = Number(doc.documentElement!.getAttribute('width'));
  assert.ok(m.label && m.label.x1 <= width && m.label.x1 <= m.symbol.x0, 'the label goes left, inside the picture');
});

test('PNG: labels of a crowded set of markers at 300 px stay apart, and the map still draws', async () => {
  const { response, body } = await get(`/map.png?${CAPITALS}&width=300`);
  assert.match(response.headers.get('x-geo-warnings') ?? '', /^hidden-labels:/);
  assert.equal(PNG.sync.read(body).width, 300);
});

test("a route's arrowhead is never under a region label: the route ends at the centre where the label stood", async () => {
  for (const width of [640, 1600]) {
    const doc = await svg(
      `/map.svg?scope=world&theme=dark&width=${width}&labels=ISO&data=RO:1,DE:2,FR:3` +
        '&routes=RO%3EDE:%23ffffff:2:arrow',
    );
    const route = all(doc, 'path').find((p) => p.getAttribute('data-index') === '0')!;
    const [x, y] = route.getAttribute('d')!.split(/[ML]/).pop()!.split(',').map(Number);
    // the head's triangle as its <marker> draws it: viewBox 0 0 10 10, refX/refY on the line's end, turned by orient
    const marker = all(doc, 'marker')[0]!;
    const [refX, refY, size, orient] = ['refX', 'refY', 'markerWidth', 'orient'].map((a) =>
      Number(marker.getAttribute(a)),
    );
    const [cos, sin] = [Math.cos((orient * Math.PI) / 180), Math.sin((orient * Math.PI) / 180)];
    const corners = [
      [0, 0],
      [10, 5],
      [0, 10],
    ].map(([u, v]) => {
      const [dx, dy] = [((u - refX) * size) / 10, ((v - refY) * size) / 10];
      return [x + dx * cos - dy * sin, y + dx * sin + dy * cos];
    });
    const [xs, ys] = [corners.map((c) => c[0]), corners.map((c) => c[1])];
    const head = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    const labels = regionLabels(doc);
    assert.ok(
      labels.some((t) => t.textContent === 'FR'),
      `${width} px: France is labelled`,
    );
    for (const label of labels)
      assert.ok(!overlap(capsBox(label), head), `${width} px: ${label.textContent} over the head`);
  }
});

test('microstates: each labelled beside its dot, never over a dot nor over another label', async () => {
  const doc = await svg(
    '/map.svg?scope=europe&theme=light&width=1200&labelContent=name&labels=LI,SM,VA,MC,MT,LU,AD,CH,IT' +
      '&data=CH:80,IT:30,LI:110,SM:50,VA:20,MC:115,MT:35,LU:120,AD:60',
  );
  const dots = all(doc, 'circle').filter((c) => c.getAttribute('data-id'));
  assert.ok(dots.length >= 5, `${dots.length} dots`);
  const labels = regionLabels(doc);
  const boxes = labels.map(capsBox);
  for (const dot of dots) {
    const id = dot.getAttribute('data-id')!;
    const [cx, cy, r] = ['cx', 'cy', 'r'].map((a) => Number(dot.getAttribute(a)));
    const disc = { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r };
    const own = labels.findIndex((t) => t.getAttribute('data-id') === id);
    assert.ok(own >= 0, `${id} labelled`);
    for (const box of boxes) assert.ok(!overlap(box, disc), `a label covers ${id}'s dot`);
    const box = boxes[own]!;
    const distance = Math.hypot(Math.max(box.x0 - cx, 0, cx - box.x1), Math.max(box.y0 - cy, 0, cy - box.y1));
    assert.ok(distance < 40, `${id}'s label stands ${distance.toFixed(0)} px off its dot`);
  }
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => assert.ok(!overlap(a, b), 'two labels overlap')));
});
