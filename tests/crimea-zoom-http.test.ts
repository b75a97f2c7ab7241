// Crimea on a zoomed map of Russia, as a person sees it in the PNG: under the default worldview (`un`) the peninsula
// is Ukraine's and shows as neighbouring land; under `de-facto` it is a region of the map. It must never come out
// as sea or a hole in the land, at any of the zooms around it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { fetchSvg, largestRingCentre, region } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const { light } = themes;

async function png(query: string): Promise<PNG> {
  const response = await fetch(`${service.url}/map.png?${query}`);
  assert.equal(response.status, 200);
  return PNG.sync.read(Buffer.from(await response.arrayBuffer()));
}

for (const bbox of ['30,40,50,55', '28,42,42,50', '32,44,37,47']) {
  test(`RU zoomed to ${bbox}: Crimea is land, neighbouring under un, a region under de-facto`, async () => {
    const map = `scope=RU&theme=light&width=1000&bbox=${bbox}`;
    // where the peninsula lies: the middle of de-facto's Crimea region, the same frame under either worldview
    const { doc } = await fetchSvg(service.url, `/map.svg?${map}&worldview=de-facto&data=RU-43:1`);
    const crimea = region(doc, 'RU-43');
    assert.ok(crimea, 'de-facto draws Crimea as a region of Russia');
    const [x, y] = largestRingCentre(crimea.getAttribute('d')!).map(Math.round);
    assert.equal(pixelColor(await png(`${map}&worldview=de-facto&data=RU-43:1`), x, y), crimea.getAttribute('fill'));
    assert.equal(pixelColor(await png(map), x, y), light.land, "Ukraine's Crimea, drawn as neighbouring land");
  });
}
