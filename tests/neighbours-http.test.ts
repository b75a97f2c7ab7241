// Neighbouring land as a desk draws it: from the same source as the scope and in one topology with it, so that a
// border is one line on both sides (Luxembourg was ringed by white slivers where two sources' lines parted), and
// none beside the insets of a composite projection, whose mainland the library clips short of the picture's edge.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
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

const { light, dark } = themes;

/** The box around every region's drawn points. */
function regionsBox(doc: Document): [number, number, number, number] {
  const points = all(doc, 'path')
    .filter((p) => p.getAttribute('data-id'))
    .flatMap((p) => pathPieces(p.getAttribute('d')!).flat());
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

for (const [theme, colours] of [
  ['light', light],
  ['dark', dark],
] as const) {
  test(`Luxembourg (${theme}): land all round, no sliver of page between it and its neighbours`, async () => {
    const query = `scope=LU&theme=${theme}&width=1000&data=LU-DI:45.7,LU-GR:58.4,LU-LU:54.1`;
    const { doc } = await fetchSvg(service.url, `/map.svg?${query}`);
    const response = await fetch(`${service.url}/map.png?${query}`);
    assert.equal(response.status, 200);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    // landlocked: every pixel of the box around its regions is a region or a neighbour, never the page
    const [x0, y0, x1, y1] = regionsBox(doc).map(Math.round);
    let page = 0;
    for (let y = y0; y <= y1; y += 1)
      for (let x = x0; x <= x1; x += 1) if (pixelColor(png, x, y) === colours.background) page++;
    assert.equal(page, 0, `${page} pixels of page inside Luxembourg's box`);
  });
}

const land = (doc: Document) => all(doc, 'path').filter((p) => p.getAttribute('fill') === light.land);

for (const scope of ['FR', 'ES', 'CL']) {
  test(`${scope}: no neighbouring land beside its insets unless asked for, then drawn`, async () => {
    const plain = await fetchSvg(service.url, `/map.svg?scope=${scope}&theme=light&width=800`);
    assert.equal(land(plain.doc).length, 0, 'none by default: the mainland ends short of the picture');
    const asked = await fetchSvg(service.url, `/map.svg?scope=${scope}&theme=light&width=800&context=true`);
    assert.ok(land(asked.doc).length > 0, 'drawn with context=true');
  });
}

test('Chile with context=true: Argentina reaches the picture’s edge, not a straight line through the map', async () => {
  const response = await fetch(`${service.url}/map.png?scope=CL&theme=light&width=1000&context=true&data=CL-RM:5`);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  // the frame is 2:1 at most, wider than Chile's own: east of the Andes, Argentina all the way across
  const y = Math.round(png.height * 0.4);
  for (const x of [700, 850, png.width - 40]) assert.equal(pixelColor(png, x, y), light.land, `land at ${x},${y}`);
});
