// Insets as a desk draws them: each far-away part of a composite projection (Alaska, Hawaii, Puerto Rico, the
// Canaries, France's overseas départements, the EU's outermost regions) in a thin frame over empty page, whole
// inside the picture; on albersUsa no neighbouring land at all (Mexico lay under Alaska and Hawaii, and a white
// wedge ran along the 49th parallel), elsewhere neighbours around the mainland but never under an inset.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, pathPieces, region, root, type Point } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { insetPanels, panelBox, panelsOverLand, sized } from './support/furniture-boxes.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const { light } = themes;
const US = 'scope=US&theme=light&width=1000&data=CA:5,TX:4,NY:3,FL:6,AK:6,HI:7,PR:8';

type Panel = { x: number; y: number; width: number; height: number };

const background = (doc: Document) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'background')!;
const inside = (parent: Element, tag: string) =>
  Array.from(parent.getElementsByTagName(tag) as unknown as ArrayLike<Element>);
const size = (doc: Document) => [Number(root(doc).getAttribute('width')), Number(root(doc).getAttribute('height'))];

const panels = (doc: Document): Panel[] => insetPanels(doc).map(sized);

const holds = (p: Panel, [x, y]: Point) =>
  x >= p.x - 1 && x <= p.x + p.width + 1 && y >= p.y - 1 && y <= p.y + p.height + 1;
const points = (doc: Document, id: string) => pathPieces(region(doc, id)!.getAttribute('d')!).flat();

function assertWithinImage(doc: Document, list: Panel[]) {
  const [width, height] = size(doc);
  for (const p of list) {
    assert.ok(p.x >= 0 && p.y >= 0, `panel at ${p.x},${p.y} starts inside the image`);
    assert.ok(
      p.x + p.width <= width && p.y + p.height <= height,
      `panel ${JSON.stringify(p)} ends inside ${width}×${height}`,
    );
  }
}

test('US: no neighbouring land; Alaska, Hawaii and Puerto Rico each whole in a framed panel inside the image', async () => {
  const { doc } = await fetchSvg(service.url, `/map.svg?${US}`);
  const land = inside(background(doc), 'path').filter((p) => p.getAttribute('fill') === light.land);
  assert.equal(land.length, 0, 'no neighbouring land on albersUsa');
  const list = panels(doc);
  assert.equal(list.length, 3, `three panels: ${JSON.stringify(list)}`);
  assertWithinImage(doc, list);
  for (const id of ['US-AK', 'US-HI', 'US-PR']) {
    const panel = list.find((p) => holds(p, points(doc, id)[0]));
    assert.ok(panel, `${id} lies in a panel`);
    assert.ok(
      points(doc, id).every((point) => holds(panel, point)),
      `every point of ${id} is inside its panel`,
    );
  }
  assert.ok(
    points(doc, 'US-TX').every((point) => !list.some((p) => holds(p, point))),
    'Texas, on the mainland, is in no panel',
  );
});

test('US as a PNG: the panels and the land south of New Mexico are empty page, not the Yukon or Mexico', async () => {
  const { doc } = await fetchSvg(service.url, `/map.svg?${US}`);
  const response = await fetch(`${service.url}/map.png?${US}`);
  assert.equal(response.status, 200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  const [ak] = panels(doc).sort((a, b) => b.width * b.height - a.width * a.height);
  // the top-right corner of Alaska's panel (the Yukon)
  assert.equal(pixelColor(png, Math.round(ak.x + ak.width - 6), Math.round(ak.y + 6)), light.background);
  // Chihuahua, under New Mexico
  const nm = points(doc, 'US-NM');
  const south = Math.max(...nm.map(([, y]) => y));
  const middle = (Math.min(...nm.map(([x]) => x)) + Math.max(...nm.map(([x]) => x))) / 2;
  assert.equal(pixelColor(png, Math.round(middle), Math.round(south + 15)), light.background);
});

test('US with context=true: neighbouring land around the mainland, none in the panels', async () => {
  const query = `${US}&context=true`;
  const { doc } = await fetchSvg(service.url, `/map.svg?${query}`);
  const land = inside(background(doc), 'path').filter((p) => p.getAttribute('fill') === light.land);
  assert.ok(land.length > 0, 'Canada and Mexico drawn');
  const response = await fetch(`${service.url}/map.png?${query}`);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  for (const p of panels(doc)) {
    assert.equal(pixelColor(png, Math.round(p.x + 4), Math.round(p.y + 4)), light.background, 'panel over land');
  }
});

test('Spain by communities: the Canaries whole in their panel, inside the image', async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?scope=ES&theme=light&width=1000&data=ES-CN:4,ES-MD:2,ES-AN:1');
  const list = panels(doc);
  assert.equal(list.length, 1);
  assertWithinImage(doc, list);
  assert.ok(points(doc, 'ES-CN').every((point) => holds(list[0], point)));
});

// d3-composite-projections' Europe stood its panels in a column over Russia and Belarus; ours stands them over the
// Atlantic, west of the mainland, one panel for each outermost region, with the neighbours drawn (the default).
for (const size of ['width=1000', 'width=600', 'width=1200&height=700', 'width=400&height=900']) {
  test(`the EU at ${size}: the outermost regions in panels over the Atlantic, France's mainland in none`, async () => {
    const { doc } = await fetchSvg(service.url, `/map.svg?scope=EU&theme=light&${size}&data=FR:1,PT:2,ES:3,DE:4,PL:5`);
    const list = panels(doc);
    assert.equal(
      list.length,
      7,
      'the Canaries, Madeira, the Azores, Mayotte, Réunion, Guyane, Guadeloupe and Martinique',
    );
    assertWithinImage(doc, list);
    const land = inside(background(doc), 'path').filter((p) => p.getAttribute('fill') === light.land);
    assert.ok(land.length > 0, 'the neighbours drawn');
    assert.deepEqual(panelsOverLand(doc, light.land), [], 'no panel over Russia, Belarus or any land');
    const pieces = pathPieces(region(doc, 'FR')!.getAttribute('d')!);
    const framed = pieces.filter((piece) => list.some((p) => piece.every((point) => holds(p, point))));
    assert.ok(framed.length >= 4, `France's overseas parts lie in panels (${framed.length} pieces)`);
    assert.ok(framed.length < pieces.length, 'and its mainland in none');
    // the Canaries' panel is the lowest, nearest where they lie, and the column stands west of Portugal
    const canaries = pathPieces(region(doc, 'ES')!.getAttribute('d')!).filter((piece) =>
      list.some((p) => piece.every((point) => holds(p, point))),
    );
    const lowest = list.reduce((a, b) => (b.y > a.y ? b : a));
    assert.ok(canaries.length >= 5 && canaries.every((piece) => piece.every((point) => holds(lowest, point))));
    const portugal = pathPieces(region(doc, 'PT')!.getAttribute('d')!).filter(
      (piece) => !list.some((p) => piece.every((point) => holds(p, point))),
    );
    const westOfPortugal = Math.min(...portugal.flat().map(([x]) => x));
    assert.ok(
      list.every((p) => p.x + p.width < westOfPortugal),
      'the panels west of mainland Portugal',
    );
    // a member without data is not hidden either: Cyprus sat under the legend in the bottom-right corner
    const legend = panelBox(doc, 'legend');
    const cyprus = pathPieces(region(doc, 'CY')!.getAttribute('d')!).flat();
    assert.ok(
      cyprus.every(([x, y]) => x < legend.x0 || x > legend.x1 || y < legend.y0 || y > legend.y1),
      'Cyprus clear of the legend',
    );
  });
}

/** The share of the image the mainland takes: the box around every piece of every region outside the panels. */
function mainlandShare(doc: Document, list: Panel[]): number {
  const [width, height] = size(doc);
  const points = all(doc, 'path')
    .filter((p) => p.getAttribute('data-id'))
    .flatMap((p) => pathPieces(p.getAttribute('d')!))
    .filter((piece) => !list.some((panel) => piece.every((point) => holds(panel, point))))
    .flat()
    .filter(([x, y]) => x >= 0 && x <= width && y >= 0 && y <= height);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return ((Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys))) / (width * height);
}

for (const [scope, far, where] of [
  ['CL', 'CL-VS', 'Easter Island'],
  ['NO', 'NO-21', 'Svalbard'],
  ['EC', 'EC-W', 'the Galápagos'],
] as const) {
  test(`${scope}: ${where} in a panel of its own, the mainland filling the frame`, async () => {
    const { doc } = await fetchSvg(service.url, `/map.svg?scope=${scope}&theme=light&width=600&data=${far}:1`);
    const list = panels(doc);
    assert.ok(list.length >= 1, 'a panel');
    assertWithinImage(doc, list);
    const framed = pathPieces(region(doc, far)!.getAttribute('d')!).filter((piece) =>
      list.some((p) => piece.every((point) => holds(p, point))),
    );
    assert.ok(framed.length > 0, `${where} lies in a panel`);
    const xs = framed.flat().map(([x]) => x);
    assert.ok(Math.max(...xs) - Math.min(...xs) >= 20, `${where} is large enough to see`);
    const share = mainlandShare(doc, list);
    assert.ok(share >= 0.5, `the mainland takes ${share.toFixed(2)} of the image`);
  });
}

// Bjørnøya's panel sat on Finland at every size: the placement looked only for the country's own land. The
// neighbours are asked for: without them the panel would hide nothing.
for (const size of ['width=600', 'width=1000', 'width=1200', 'width=1000&height=700', 'width=400&height=900']) {
  test(`NO at ${size}: every panel over sea or empty page, none over a neighbour's land`, async () => {
    const { doc } = await fetchSvg(service.url, `/map.svg?scope=NO&theme=light&context=true&${size}&data=NO-21:1`);
    const list = panels(doc);
    assert.equal(list.length, 2, 'Svalbard with Bjørnøya, its own island, in one panel, Jan Mayen in another');
    assertWithinImage(doc, list);
    const land = inside(background(doc), 'path').filter((p) => p.getAttribute('fill') === light.land);
    assert.ok(land.length > 0, 'Sweden, Finland and Russia drawn (context=true)');
    assert.deepEqual(panelsOverLand(doc, light.land), []);
  });
}

/** The pieces of `id` that lie whole in one of the panels, and those that lie in none. */
function framedPieces(doc: Document, id: string, list: Panel[]) {
  const pieces = pathPieces(region(doc, id)!.getAttribute('d')!);
  const inPanel = (piece: Point[]) => list.findIndex((p) => piece.every((point) => holds(p, point)));
  return { framed: pieces.filter((piece) => inPanel(piece) >= 0), free: pieces.filter((piece) => inPanel(piece) < 0) };
}

// Tokyo's Izu and Ogasawara islands and the Ryukyus stepped, islet by islet, 1,000 km south of the main islands,
// which the frame then squeezed into half its width: they go to panels, over the sea.
for (const dims of ['width=1000', 'width=600', 'width=1200&height=700']) {
  test(`JP at ${dims}: Okinawa and Tokyo's far islands in panels, over no land, the main islands across the frame`, async () => {
    const query = `scope=JP&theme=light&context=true&${dims}&data=JP-13:5,JP-47:3,JP-01:2`;
    const { doc } = await fetchSvg(service.url, `/map.svg?${query}`);
    const list = panels(doc);
    assert.equal(list.length, 3, 'the Ryukyus, the Bonins and Minami-Torishima');
    assertWithinImage(doc, list);
    assert.deepEqual(panelsOverLand(doc, light.land), [], 'no panel over Korea, China or Russia');
    const tokyo = framedPieces(doc, 'JP-13', list);
    assert.ok(tokyo.framed.length >= 2, `Tokyo's far islands are shown, in panels (${tokyo.framed.length} pieces)`);
    assert.ok(tokyo.free.length > 0, 'and Tokyo itself in none');
    const okinawa = framedPieces(doc, 'JP-47', list);
    assert.equal(okinawa.free.length, 0, 'all of Okinawa in a panel');
    const main = ['JP-01', 'JP-13', 'JP-46', 'JP-42'].flatMap((id) => framedPieces(doc, id, list).free.flat());
    // across the width, or down the height of a frame given wider than Japan's natural shape
    const spread = (values: number[], room: number) => (Math.max(...values) - Math.min(...values)) / room;
    const [width, height] = size(doc);
    const share = Math.max(
      spread(
        main.map(([x]) => x),
        width,
      ),
      spread(
        main.map(([, y]) => y),
        height,
      ),
    );
    assert.ok(share >= 0.6, `the main islands, Hokkaido to Nagasaki, span ${share.toFixed(2)} of the frame`);
  });
}

// Fiji's panels showed a grey parallelogram (Ono-i-Lau, a few steps of the outlines' grid magnified to a tenth of
// the map) and a hexagon (Ceva-i-Ra, the same): an island is magnified only as far as its outline has detail for.
test('FJ: Rotuma and the far reefs in three panels, each with its island drawn as a shape, not the grid', async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?scope=FJ&theme=light&width=1000&data=FJ-C:5,FJ-W:3,FJ-R:2');
  const list = panels(doc);
  assert.equal(list.length, 3);
  assertWithinImage(doc, list);
  const drawn = all(doc, 'path').filter((p) => p.getAttribute('data-id'));
  for (const panel of list) {
    const inside = drawn.flatMap((p) =>
      pathPieces(p.getAttribute('d')!).filter((piece) => piece.every((point) => holds(panel, point))),
    );
    assert.ok(inside.length > 0, `panel ${JSON.stringify(panel)} shows an island`);
    for (const piece of inside) {
      const longest = Math.max(...piece.slice(1).map(([x, y], i) => Math.hypot(x - piece[i][0], y - piece[i][1])));
      assert.ok(longest <= 15, `no edge of the island longer than 15 px (${longest.toFixed(1)})`);
      const xs = piece.map(([x]) => x);
      assert.ok(Math.max(...xs) - Math.min(...xs) < panel.width / 2, 'the island is not blown up to its panel');
    }
  }
  const rotuma = framedPieces(doc, 'FJ-R', list);
  assert.ok(rotuma.framed.length > 0 && rotuma.free.length === 0, 'Rotuma in its panel');
  const swatch = all(doc, 'rect').find((r) => r.getAttribute('data-legend') === '2');
  assert.equal(region(doc, 'FJ-R')!.getAttribute('fill'), swatch?.getAttribute('fill'), 'in its class colour');
});
