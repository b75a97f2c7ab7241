// Lakes as water: Natural Earth's land runs across them (Lake Geneva was Swiss and French land, Lake Victoria
// Ugandan), so Natural Earth's lakes are drawn over the regions in the sea's colour, in every theme.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { PNG } from 'pngjs';
import polylabel from 'polylabel';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, pathPieces } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

/** The lakes drawn over the regions: paths of the regions layer that are no region. */
function lakes(doc: Document): Element[] {
  const layer = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'regions')!;
  return Array.from(layer.getElementsByTagName('path') as unknown as ArrayLike<Element>).filter(
    (p) => !p.getAttribute('data-id'),
  );
}

/** The point of the lake's largest piece farthest from its shore, and how far that is, in px. */
function inside(lake: Element): { point: [number, number]; depth: number } {
  const pieces = pathPieces(lake.getAttribute('d')!);
  const area = (ring: Array<[number, number]>) =>
    Math.abs(
      ring.reduce(
        (sum, [x, y], i) => sum + x * ring[(i + 1) % ring.length]![1] - ring[(i + 1) % ring.length]![0] * y,
        0,
      ),
    ) / 2;
  const largest = pieces.sort((a, b) => area(b) - area(a))[0]!;
  const pole = polylabel([largest], 0.5);
  return { point: [Math.round(pole[0]), Math.round(pole[1])], depth: pole.distance };
}

for (const [query, theme, count, water] of [
  ['scope=CH&width=1000&data=CH-GE:3,CH-VD:2,CH-TG:5', 'light', 2, themes.light.background],
  ['scope=UG&width=1000&data=UG-102:3', 'dark', 3, themes.dark.background],
  ['scope=world&width=1200&data=US:3,CA:4,UG:5,TZ:2', 'light', 4, themes.light.water],
] as const) {
  test(`${query.split('&')[0]} (${theme}): its large lakes drawn as water over the land`, async () => {
    const full = `${query}&theme=${theme}`;
    const { doc } = await fetchSvg(service.url, `/map.svg?${full}`);
    const drawn = lakes(doc);
    assert.ok(drawn.length >= count, `${drawn.length} lakes`);
    for (const lake of drawn) assert.equal(lake.getAttribute('fill'), water);
    const response = await fetch(`${service.url}/map.png?${full}`);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    // the lakes wide enough that their inside is no edge: water in the picture
    const large = drawn.map(inside).filter(({ depth }) => depth >= 2);
    assert.ok(large.length >= Math.min(count, 2), 'large lakes');
    for (const { point } of large) assert.equal(pixelColor(png, ...point), water, `water at ${point}`);
  });
}

test('France without its neighbours: Lake Geneva drawn whole, as on Datawrapper maps', async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?scope=FR&theme=light&width=1000');
  assert.ok(lakes(doc).length >= 1, 'Lake Geneva, on the French shore');
});
