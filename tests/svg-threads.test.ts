// SVGs are drawn in Node worker threads, not in Chromium: their own limits (a full queue is 503, a render past
// its deadline 504 and its thread replaced), no need of Chromium, the same map as the Chromium page draws, and
// user text written as text whatever it holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node as XmlNode, Element as XmlElement } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { isPng } from './support/png.ts';
import { parseSvg, root } from './support/svg.ts';
import { fixtures, type Fixture } from '../renderer-page/preview/gallery-maps.ts';
import { launchBrowser } from '../server/render/chromium/browser.ts';
import { RenderPage } from '../server/render/chromium/render-page.ts';
import { loadRendererAssets } from '../server/render/renderer-assets.ts';
import { readConfig } from '../server/config.ts';
import { SvgRenderer } from '../server/render/threads/svg-renderer.ts';
import { WORTH_BYTES } from '../server/render/idle-trim.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { normaliseRequest } from '../server/request/normalise.ts';

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

interface Answer {
  status: number;
  body: Buffer;
  headers: Headers;
  at: number;
}
/** Fetches and reads the whole body; `at` is when it was all there. */
async function call(service: TestService, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(service.url + path, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, headers: response.headers, at: Date.now() };
}

test('a full SVG queue is 503 overloaded with Retry-After: 1; the refused maps are drawn when asked again', async () => {
  const service = await startService({ svgThreads: 1, queueMax: 0 });
  try {
    // one thread, no queue: whatever arrives while the first map (a few hundred ms) is drawn is refused
    const paths = [1, 2, 3, 4].map((i) => `/map.svg?scope=world&level=high&labels=ISO&width=${4000 + i}`);
    const answers = await Promise.all(paths.map((path) => call(service, path)));
    const statuses = answers.map((a) => a.status);
    assert.ok(statuses.includes(200) && statuses.includes(503), `one is drawn, the others refused: ${statuses}`);
    for (const refused of answers.filter((a) => a.status === 503)) {
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.equal((JSON.parse(refused.body.toString()) as { error: string }).error, 'overloaded');
    }
    for (const [i, path] of paths.entries()) {
      if (statuses[i] !== 503) continue;
      const again = await call(service, path);
      assert.equal(again.status, 200, 'served once the thread is free');
      assert.equal(again.headers.get('x-cache'), 'MISS', 'the refusal was not cached');
      assert.match(again.body.toString(), /^<svg/);
    }
  } finally {
    await service.close();
  }
});

test('an SVG past its deadline is 504 render_timeout, not cached, and its thread is replaced at once', async () => {
  // The warm-up at start has no deadline, so the service starts with one this short.
  const service = await startService({ svgThreads: 1, renderTimeoutMs: 250 });
  try {
    // seconds of drawing: 500 sea routes (each a path search) over the detailed world with every label
    const ports = [
      [31.23, 121.47],
      [51.92, 4.48],
      [1.29, 103.85],
      [40.71, -74.0],
      [-33.87, 151.21],
      [35.68, 139.69],
      [25.2, 55.27],
      [-23.96, -46.33],
      [37.8, -122.4],
      [6.45, 3.39],
    ];
    const routes = Array.from({ length: 500 }, (_, i) => ({
      fromLatLon: ports[i % 10],
      toLatLon: ports[(i * 3 + 1) % 10],
      mode: 'sea',
    }));
    const heavy = { scope: 'world', level: 'high', width: 7000, labels: 'ISO', routes };
    let timedOut = 0;
    for (let i = 0; i < 2; i++) {
      const answer = await call(service, '/render/map', postJson(heavy));
      assert.equal(answer.status, 504);
      assert.equal((JSON.parse(answer.body.toString()) as { error: string }).error, 'render_timeout');
      assert.equal(answer.headers.get('x-cache'), null);
      timedOut = answer.at;
    }
    assert.equal(service.rendered.length, 2, 'the second request was not answered from a cache');

    // Had the abandoned render kept the only thread, small maps would wait behind it for two seconds or more
    // (and time out too); a new thread takes a moment to load the renderer, so the first of them may be late.
    let small = await call(service, '/map.svg?scope=world&width=500');
    for (let n = 1; small.status === 504 && n < 20; n++)
      small = await call(service, `/map.svg?scope=world&width=${500 + n}`);
    assert.equal(small.status, 200, small.body.toString().slice(0, 200));
    assert.ok(small.at - timedOut < 1500, `served again ${small.at - timedOut} ms after the timeout`);
    for (let i = 0; i < 3; i++)
      assert.equal((await call(service, `/map.svg?scope=world&width=${600 + i}`)).status, 200, 'within the deadline');
  } finally {
    await service.close();
  }
});

test('SVGs do not need Chromium: with Chromium killed an SVG is answered while a PNG waits for the relaunch', async () => {
  const service = await startService({ poolSize: 1 });
  try {
    const [pid] = await service.pool.browserPids();
    assert.ok(pid !== undefined);
    process.kill(pid, 'SIGKILL');
    const png = call(service, '/map.png?scope=world&width=400');
    const started = Date.now();
    const svg = await call(service, '/map.svg?scope=world&width=640');
    assert.equal(svg.status, 200);
    assert.match(svg.body.toString(), /^<svg[\s\S]*<\/svg>$/);
    assert.ok(svg.at - started < 1000, `promptly: ${svg.at - started} ms`);
    const relaunched = await png;
    assert.equal(relaunched.status, 200, relaunched.body.toString().slice(0, 200));
    assert.ok(isPng(relaunched.body));
    assert.ok(svg.at < relaunched.at, 'the SVG did not wait for the new Chromium');
    assert.equal(service.pool.stats().launches, 2);
  } finally {
    await service.close();
  }
});

/** What an SVG draws, whatever the serialiser: each element's namespace, name and attributes (as a set, namespace
 *  declarations aside), and each text, in document order. */
function drawing(svg: string): string[] {
  const lines: string[] = [];
  const visit = (node: XmlNode) => {
    if (node.nodeType === node.ELEMENT_NODE) {
      const element = node as XmlElement;
      const attributes = Array.from(element.attributes)
        .filter((a) => a.name !== 'xmlns' && a.prefix !== 'xmlns')
        .map((a) => `${a.namespaceURI ?? ''}:${a.localName}=${JSON.stringify(a.value)}`)
        .sort();
      lines.push(`<${element.namespaceURI} ${element.localName} ${attributes.join(' ')}>`);
      for (const child of Array.from(element.childNodes)) visit(child);
      lines.push(`</${element.localName}>`);
    } else if (node.nodeType === node.TEXT_NODE || node.nodeType === node.CDATA_SECTION_NODE) {
      lines.push(`text ${JSON.stringify(node.nodeValue)}`);
    }
  };
  visit(root(parseSvg(svg)));
  return lines;
}

function firstDifference(a: string[], b: string[]): string | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i}:\n  ${a[i] ?? '(none)'}\n  ${b[i] ?? '(none)'}`;
  }
  return null;
}

/** Beyond the gallery: regions too small to see, drawn as dots, with a pattern, a label, a circle and a route on them. */
const dots: Fixture = {
  id: 'small-region-dots',
  title: '',
  query: 'scope=world&data=SG:5,MT:3,AD:4,BH:2,BB:1&patterns=MT:stripes&labels=SG&proportional=BH:4&routes=DE>SG',
};

test('the SVG drawn in a Node thread is the map a Chromium page draws for the PNG, for every gallery example', async (t) => {
  const service = await startService({ poolSize: 1 });
  const browser = await launchBrowser(readConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).chromiumPath);
  try {
    // a page opened exactly as the pool opens its pages
    const page = await RenderPage.open(browser, loadRendererAssets(), readConfig({}).maxPixels);
    for (const fixture of [...fixtures, dots]) {
      await t.test(fixture.id, async () => {
        const [svg, described] = fixture.query
          ? [
              await call(service, `/map.svg?${fixture.query}`),
              await call(service, `/render/spec?${fixture.query}&format=png`),
            ]
          : [
              await call(service, '/render/map', postJson({ ...fixture.body, format: 'svg' })),
              await call(service, '/render/spec', postJson({ ...fixture.body, format: 'png' })),
            ];
        assert.equal(svg.status, 200, svg.body.toString().slice(0, 200));
        assert.equal(described.status, 200, described.body.toString().slice(0, 200));
        const { spec } = JSON.parse(described.body.toString()) as { spec: unknown };
        // what the pool's page draws for the PNG of the same request, but with the tooltips: the pool leaves them
        // out of a picture (frameFollows), which would make the next map wait for a frame this test never asks for
        const inChromium = await page.evaluate<string>(
          `window.renderMap(${JSON.stringify(spec)}).then(() => new XMLSerializer().serializeToString(document.querySelector('#map > svg')))`,
        );
        assert.equal(
          firstDifference(drawing(svg.body.toString()), drawing(inChromium)),
          null,
          'Node thread, then Chromium',
        );
      });
    }
  } finally {
    await browser.close();
    await service.close();
  }
});

test('text of every kind reaches the SVG as text: markup characters, any script, emoji, tabs and line breaks', async () => {
  const service = await startService({ svgThreads: 1 });
  try {
    // markup characters before and after the first character beyond ASCII, which the writer copies differently
    const title = `<b>"Tom" & 'Jerry'</b> ĂȘ Москва <i>&amp;</i> Ελλάδα 東京 😀 – ’`;
    const annotation = 'first line\nsecond\tline & <more>';
    const answer = await call(
      service,
      '/render/map',
      postJson({ scope: 'world', title, regions: [{ id: 'FR', value: 1, annotation }] }),
    );
    assert.equal(answer.status, 200);
    const doc = parseSvg(answer.body.toString('utf8'));
    const texts = Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent);
    assert.ok(texts.includes(title), `the title reads back as sent: ${JSON.stringify(texts.slice(0, 3))}`);
    const tooltips = Array.from(doc.getElementsByTagName('title')).map((t) => t.textContent ?? '');
    assert.ok(
      tooltips.some((t) => t.startsWith('France') && t.endsWith(annotation)),
      'the annotation reads back in the tooltip',
    );
    assert.equal(root(doc).getElementsByTagName('b').length, 0, 'no element made of the text');

    // in attributes too: a category names its legend entry's data-legend and its region's data-value
    const category = 'Ελλάδα "A" & <B>\ttab';
    const categorical = await call(
      service,
      '/render/map',
      postJson({ scope: 'world', regions: [{ id: 'GR', value: category }] }),
    );
    assert.equal(categorical.status, 200);
    const shown = parseSvg(categorical.body.toString('utf8'));
    const attribute = (name: string) =>
      Array.from(shown.getElementsByTagName('*')).flatMap((e) => (e.hasAttribute(name) ? [e.getAttribute(name)] : []));
    assert.ok(
      attribute('data-legend').includes(category),
      `the legend entry: ${JSON.stringify(attribute('data-legend'))}`,
    );
    assert.ok(attribute('data-value').includes(category), 'the region');
  } finally {
    await service.close();
  }
});

test('an SVG thread gives back what a burst of maps left once it falls idle, without being asked', async () => {
  const catalogue = loadCatalogue();
  const spec = (width: number) =>
    normaliseRequest({ scope: 'world', level: 'high', width, regions: [{ id: 'US', value: width }] }, catalogue, 'svg')
      .spec;
  const renderer = SvgRenderer.start(loadRendererAssets(), {
    threads: 1,
    queueMax: 4,
    renderTimeoutMs: 30_000,
    warmUp: spec(1200),
  });
  try {
    await renderer.ready;
    // maps at new widths: each projects, simplifies and writes the world anew
    for (let width = 601; width <= 640; width++) await renderer.render(spec(width), 'test');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const idle = await renderer.heapUsed(false);
    const live = await renderer.heapUsed(true);
    // less garbage than WORTH_BYTES is left for V8 to collect in its own time
    assert.ok(
      idle - live < WORTH_BYTES,
      `the thread's heap held ${((idle - live) / 2 ** 20).toFixed(1)} MiB that a collection freed`,
    );
  } finally {
    await renderer.close();
  }
});
