// The pool's pages draw a frame only when a capture asks for one (frames-on-demand.ts), each in a Chromium of its
// own. A reader must not be able to tell which page drew the picture, also when both draw at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { loadCatalogue } from '../topology/catalogue.ts';
import { normaliseRequest } from '../server/request/normalise.ts';
import { launchBrowser } from '../server/render/chromium/browser.ts';
import { RenderPage } from '../server/render/chromium/render-page.ts';
import { loadRendererAssets } from '../server/render/renderer-assets.ts';
import { readConfig } from '../server/config.ts';
import { isPng, pixelColor } from './support/png.ts';
import { startService } from './support/service.ts';

const catalogue = loadCatalogue();
const spec = (input: Record<string, unknown>, format: 'png' | 'jpeg' | 'webp' | 'svg') =>
  normaliseRequest(input, catalogue, format).spec;

let browsers: Browser[];
let first: RenderPage;
let second: RenderPage;
before(async () => {
  const { chromiumPath } = readConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH });
  browsers = await Promise.all([launchBrowser(chromiumPath), launchBrowser(chromiumPath)]);
  const assets = loadRendererAssets();
  // pages opened as the pool opens them: one in each Chromium
  [first, second] = await Promise.all(
    browsers.map((browser) => RenderPage.open(browser, assets, readConfig({}).maxPixels)),
  );
});
after(() => Promise.all(browsers.map((browser) => browser.close())));

/** The Playwright page under a RenderPage, which keeps it to itself: the tests read the page's own drawing. */
const page = (renderPage: RenderPage) => (renderPage as unknown as { page: Page }).page;

const world = {
  scope: 'world',
  regions: [
    { id: 'US', value: 200 },
    { id: 'CN', value: 150 },
    { id: 'BR', value: 60 },
  ],
};

test('two pages drawing at once capture the same pixels: a world PNG, a transparent one, one at twice the density, a JPEG', async () => {
  const cases = [
    spec(world, 'png'),
    spec({ ...world, transparent: true }, 'png'),
    spec({ scope: 'RO', width: 500, scale: 2, regions: [{ id: 'RO-CJ', value: 3 }] }, 'png'),
    spec({ ...world, quality: 80 }, 'jpeg'),
  ];
  for (const map of cases) {
    // drawn by both pages at the same time, as under load
    const [asked, shown] = await Promise.all([first.render(map), second.render(map)]);
    if (map.format === 'png') {
      assert.ok(isPng(asked.body));
      const [a, b] = [PNG.sync.read(asked.body), PNG.sync.read(shown.body)];
      assert.deepEqual([a.width, a.height], [b.width, b.height], 'the size');
      assert.ok(a.data.equals(b.data), `the same pixels (${JSON.stringify(map).slice(0, 80)})`);
    } else {
      assert.ok(asked.body.equals(shown.body), 'the same JPEG');
    }
  }
});

test('a page drawing on demand captures each map it draws, not the one before, many times over', async () => {
  // a frame that came before the drawing reached the compositor would show the previous map's background
  const themed = (theme: string) => spec({ ...world, theme }, 'png');
  const corner = async (theme: string) => pixelColor(PNG.sync.read((await first.render(themed(theme))).body), 2, 2);
  const backgrounds = { light: await corner('light'), dark: await corner('dark') };
  assert.notEqual(backgrounds.light, backgrounds.dark);
  for (let i = 0; i < 12; i++) {
    const theme = i % 2 ? 'light' : 'dark';
    assert.equal(await corner(theme), backgrounds[theme], `map ${i}, ${theme}`);
  }
});

test('a picture is drawn without the tooltips it cannot show; an SVG drawn by the same page keeps them', async () => {
  const circles = { ...world, proportional: [{ id: 'FR', value: 3 }] };
  await first.render(spec(circles, 'png'));
  // the map's accessible name is the one title of the page's drawing
  const titles = await page(first).evaluate<string[]>(
    `Array.from(document.querySelectorAll('#map title'), (title) => title.parentElement.tagName)`,
  );
  assert.deepEqual(titles, ['svg']);
  const svg = (await first.render(spec(circles, 'svg'))).body.toString('utf8');
  assert.ok(/<path data-id="US"[^>]*><title>United States: 200<\/title>/.test(svg), 'a region keeps its tooltip');
  assert.ok(/<circle data-id="FR"[^>]*><title>France: 3<\/title>/.test(svg), 'a circle keeps its tooltip');
});

test('maps of one frame in a row change what differs on the page, and capture the pixels a fresh page captures', async () => {
  // a mark on the page's own element for the US, new for each map, which another element would not carry
  const markUs = (mark: number) => page(first).evaluate(`document.querySelector('#map [data-id="US"]').mark = ${mark}`);
  const usKept = (mark: number) =>
    page(first).evaluate<boolean>(`document.querySelector('#map [data-id="US"]').mark === ${mark}`);
  // each with whether its regions are drawn by the elements of the map before: a pattern's <defs>, first among
  // the regions, moves them all one place, and elements are matched by place
  const maps: Array<[Record<string, unknown>, boolean]> = [
    [{ ...world, regions: [...world.regions, { id: 'FR', value: 90 }] }, true],
    [{ ...world, legend: false }, true],
    [{ ...world, theme: 'light', patterns: [{ id: 'BR', pattern: 'stripes' }] }, false],
    [{ ...world, proportional: [{ id: 'DE', value: 4 }], labels: ['DE'], routes: [{ from: 'DE', to: 'SG' }] }, false],
    [
      {
        ...world,
        regions: [
          { id: 'US', value: 'high' },
          { id: 'CN', value: 'low' },
        ],
      },
      true,
    ],
  ];
  await first.render(spec(world, 'png'));
  for (const [i, [map, sameElements]] of maps.entries()) {
    await markUs(i);
    const morphed = await first.render(spec(map, 'png'));
    assert.equal(
      await usKept(i),
      sameElements,
      `the page element that drew the US (${JSON.stringify(map).slice(0, 80)})`,
    );
    // a map of another frame first, so that this page draws the map anew
    await second.render(spec({ scope: 'RO', regions: [{ id: 'RO-CJ', value: 3 }] }, 'png'));
    const fresh = await second.render(spec(map, 'png'));
    assert.ok(PNG.sync.read(morphed.body).data.equals(PNG.sync.read(fresh.body).data), 'the same pixels');
  }
  await markUs(-1);
  await first.render(spec({ ...world, width: 800 }, 'png'));
  assert.equal(await usKept(-1), false, 'a map of another size is drawn anew');
});

test('after a tall map, a page lets its larger frame buffer go and still captures each world map whole', async () => {
  // Chile at 1200 px is far taller than the world: Chromium would keep its buffer for every world frame after
  // (frame-buffer.ts)
  const chile = spec({ scope: 'CL', regions: [{ id: 'CL-RM', value: 1 }] }, 'png');
  const released = first.buffersReleased;
  assert.ok(PNG.sync.read((await first.render(chile)).body).height > 1500, 'a tall map');
  for (let i = 0; i < 3; i++) {
    const map = spec({ ...world, title: `World ${i}` }, 'png');
    const [asked, shown] = await Promise.all([first.render(map), second.render(map)]);
    const [a, b] = [PNG.sync.read(asked.body), PNG.sync.read(shown.body)];
    assert.deepEqual([a.width, a.height], [b.width, b.height], `the size of world ${i}`);
    assert.ok(a.data.equals(b.data), `the same pixels as the other page's (world ${i})`);
  }
  assert.equal(first.buffersReleased - released, 1, 'let go once, on the second world map');
});

test('a page on demand handed the next map while its frame is drawn: every answer shows its own map', async () => {
  // one page, which draws on demand: under load it takes the next render while Chromium composites and encodes
  // the frame of the one before (RenderPage's `frame`), and the next map waits for that frame's commit
  const service = await startService({ poolSize: 1 });
  try {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${service.url}${path}`, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type'), body };
    };
    const themed = (theme: string, i: number) => `/map.png?scope=world&width=800&theme=${theme}&title=Map+${i}`;
    const corner = (png: Buffer) => pixelColor(PNG.sync.read(png), 2, 2);
    const backgrounds: Record<string, string> = {
      light: corner((await get(themed('light', 0))).body),
      dark: corner((await get(themed('dark', 0))).body),
    };
    assert.notEqual(backgrounds.light, backgrounds.dark);
    const before = service.pool.stats().handedOn;
    for (let round = 0; round < 3; round++) {
      // PNGs of alternate themes at once, with a PDF, a JPEG and a picture of an error among them
      const themes = Array.from({ length: 8 }, (_, i) => (i % 2 ? 'light' : 'dark'));
      const [pngs, pdf, jpeg, picture] = await Promise.all([
        Promise.all(themes.map((theme, i) => get(themed(theme, 10 * round + i + 1)))),
        get(`/map.pdf?scope=world&width=800&title=Printed+${round}`),
        get(`/map.jpeg?scope=world&width=800&theme=dark&title=Jpeg+${round}`),
        get(`/map.png?scope=nowhere&width=800&height=400&title=${round}`, { 'sec-fetch-dest': 'image' }),
      ]);
      pngs.forEach((answer, i) => {
        assert.equal(answer.status, 200);
        assert.equal(corner(answer.body), backgrounds[themes[i]!], `round ${round}, map ${i}, ${themes[i]}`);
      });
      assert.equal(pdf.status, 200);
      assert.equal(pdf.body.subarray(0, 5).toString(), '%PDF-');
      assert.equal(jpeg.status, 200);
      assert.equal(jpeg.type, 'image/jpeg');
      assert.equal(picture.status, 404);
      assert.deepEqual([PNG.sync.read(picture.body).width, picture.type], [800, 'image/png'], 'the error, pictured');
    }
    const handedOn = service.pool.stats().handedOn - before;
    assert.ok(handedOn >= 8, `the page was handed on while its frame was drawn (${handedOn} times)`);
  } finally {
    await service.close();
  }
});
