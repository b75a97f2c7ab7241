// SVG_RENDERER: the default draws SVGs in worker threads; `chromium` draws them in the pool's pages (no threads
// started) and answers the same map for the same URL. A value of neither stops start-up, saying what is allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Document } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { all, fill, legendEntries, parseSvg, regionIds, root, tooltip } from './support/svg.ts';

const MAP =
  '/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60,FR:40&legendTitle=Population&title=Five%20%26%20more' +
  '&annotations=FR:Paris%20%3Cb%3E&labels=FR&routes=DE>SG&width=720';

/** What a reader of the map meets: its accessible name and description, each region's fill and tooltip, the
 *  legend and every text drawn. */
function whatAReaderSees(doc: Document) {
  const svg = root(doc);
  const own = (tag: string) => all(doc, tag).find((element) => element.parentNode === svg)?.textContent ?? null;
  return {
    role: svg.getAttribute('role'),
    title: own('title'),
    desc: own('desc'),
    regions: regionIds(doc).map((id) => [id, fill(doc, id), tooltip(doc, id)]),
    legend: legendEntries(doc),
    texts: all(doc, 'text').map((text) => text.textContent),
  };
}

async function get(service: TestService, path: string) {
  const response = await fetch(service.url + path, { signal: AbortSignal.timeout(30_000) });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** The queue-depth metric's samples, by format. */
async function queueDepths(service: TestService): Promise<string[]> {
  const text = (await get(service, '/metrics')).body.toString();
  return text.split('\n').filter((line) => line.startsWith('map_render_queue_depth{'));
}

test('SVG_RENDERER=chromium answers the SVG the threads answer, drawn in the pages, with no SVG threads', async () => {
  const threads = await startService({ poolSize: 1 });
  const chromium = await startService({ poolSize: 1, svgRenderer: 'chromium' });
  try {
    const [fromThreads, fromChromium] = [await get(threads, MAP), await get(chromium, MAP)];
    for (const { response, body } of [fromThreads, fromChromium]) {
      assert.equal(response.status, 200, body.toString().slice(0, 200));
      assert.equal(response.headers.get('content-type'), 'image/svg+xml');
    }
    assert.equal(fromChromium.response.headers.get('etag'), fromThreads.response.headers.get('etag'));

    const seen = whatAReaderSees(parseSvg(fromChromium.body.toString('utf8')));
    assert.equal(seen.role, 'img');
    assert.equal(seen.title, 'Five & more');
    assert.match(seen.desc ?? '', /United States/);
    const france = seen.regions.find(([id]) => id === 'FR');
    assert.ok(france, 'France is drawn');
    assert.match(france[1] ?? '', /^#[0-9a-f]{6}$/);
    assert.notEqual(france[1], seen.regions.find(([id]) => id === 'US')?.[1], 'values of their own colours');
    assert.match(france[2] ?? '', /^France[\s\S]*Paris <b>$/, 'the tooltip, annotation as text');
    assert.ok(seen.legend.length >= 2, `a legend: ${JSON.stringify(seen.legend)}`);
    assert.ok(seen.texts.includes('Population'), 'the legend title');
    assert.deepEqual(seen, whatAReaderSees(parseSvg(fromThreads.body.toString('utf8'))), 'as the threads draw it');
    // the page's XMLSerializer writes what the threads write, byte for byte
    assert.ok(fromChromium.body.equals(fromThreads.body), 'the same bytes');

    // no SVG thread queue exists to report; SVGs wait in the pages' queue, and the pages are what /readyz reports
    assert.deepEqual(await queueDepths(chromium), ['map_render_queue_depth{format="png"} 0']);
    assert.deepEqual(await queueDepths(threads), [
      'map_render_queue_depth{format="svg"} 0',
      'map_render_queue_depth{format="png"} 0',
    ]);
    const ready = await get(chromium, '/readyz');
    assert.equal(ready.response.status, 200);
    assert.deepEqual(JSON.parse(ready.body.toString()), {
      status: 'ready',
      browser: true,
      pages: 1,
      idle: 1,
      queued: 0,
    });
  } finally {
    await Promise.all([threads.close(), chromium.close()]);
  }
});

test('an SVG_RENDERER of neither value stops start-up with a message naming it and the allowed values', () => {
  const started = spawnSync(process.execPath, ['server/dist/main.mjs'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, SVG_RENDERER: 'gpu', PORT: '0', HOST: '127.0.0.1' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(started.status, 1, started.stderr);
  assert.match(started.stderr, /SVG_RENDERER must be one of threads, chromium, got "gpu"/);
});
