// What a renderer keeps and reaches: nothing of one map is left for the next (its SVG, drawn in an SVG thread,
// its PNG, drawn in a pool page, the page's heap and DOM), and nothing a page script could try reaches the
// network, so no request can make the server fetch anything (docs/architecture.md, rule 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { startService, type TestService } from './support/service.ts';
import { isPng } from './support/png.ts';
import { all, parseSvg } from './support/svg.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { normaliseRequest } from '../server/request/normalise.ts';
import { parseQuery } from '../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../server/request/schema.ts';
import { launchBrowser } from '../server/render/chromium/browser.ts';
import { RenderPage } from '../server/render/chromium/render-page.ts';
import { loadRendererAssets } from '../server/render/renderer-assets.ts';
import { readConfig } from '../server/config.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const chromiumPath = () => readConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).chromiumPath;

async function call(
  service: TestService,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(service.url + path, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

test('nothing of one map reaches the next: B after A is byte-identical to B on a fresh service', async () => {
  const a = {
    scope: 'world',
    theme: 'light',
    width: 900,
    title: 'ALPHA-TITLE',
    subtitle: 'ALPHA-SUB',
    legendTitle: 'ALPHA-LEGEND',
    regions: [
      { id: 'FR', value: 'ALPHA-CAT', pattern: 'stripes', annotation: 'ALPHA-NOTE' },
      { id: 'DE', value: 'ALPHA-OTHER', pattern: 'dots' },
      { id: 'BR', value: 'ALPHA-CAT', color: '#123456', pattern: 'crosshatch' },
    ],
    markers: [{ lat: 44.43, lon: 26.1, icon: 'star', label: 'ALPHA-MARKER' }],
    routes: [{ from: 'FR', to: 'BR', arrow: true }],
    shapes: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { title: 'ALPHA-SHAPE' } },
      ],
    },
    proportional: [{ id: 'US', value: 5 }],
    labels: 'ISO',
    graticule: true,
    northArrow: true,
    scaleBar: true,
    logo: true,
  };
  const bSvg = '/map.svg?scope=world&width=640&data=US:1,CN:2,IN:3';
  const bPng = '/map.png?scope=world&width=500&data=US:1,CN:2,IN:3';

  const used = await startService({ poolSize: 1 });
  const fresh = await startService({ poolSize: 1 });
  try {
    const first = await call(used, '/render/map', postJson(a));
    assert.equal(first.status, 200);
    assert.match(first.body.toString(), /ALPHA-TITLE/);
    assert.match(first.body.toString(), /<pattern /);
    // and one with B's very frame (scope, size, projection), so that B draws from outlines the page kept
    const sameFrame = await call(
      used,
      '/map.svg?scope=world&width=640&data=US:ALPHA-X,FR:ALPHA-Y&patterns=US:dots&labels=ISO&annotations=FR:ALPHA-Z',
    );
    assert.equal(sameFrame.status, 200);
    const afterA = await call(used, bSvg);
    assert.equal(afterA.status, 200);
    const text = afterA.body.toString();
    assert.doesNotMatch(text, /ALPHA/, 'no text of A');
    assert.doesNotMatch(text, /<pattern|<defs|url\(#/, 'no pattern definitions of A');
    const doc = parseSvg(text);
    assert.equal(all(doc, 'svg').length, 1, 'one map, not two');
    // a PNG of A at another size and density, then B's PNG: the viewport was A's
    assert.equal((await call(used, '/render/map', postJson({ ...a, format: 'png', scale: 2 }))).status, 200);
    const pngAfterA = await call(used, bPng);

    const freshSvg = await call(fresh, bSvg);
    const freshPng = await call(fresh, bPng);
    assert.ok(afterA.body.equals(freshSvg.body), 'B after A is B');
    assert.ok(isPng(pngAfterA.body) && pngAfterA.body.equals(freshPng.body), "B's PNG after A's is B's PNG");
    assert.equal(used.pool.stats().pagesOpened, 1, 'all on one page');
  } finally {
    await Promise.all([used.close(), fresh.close()]);
  }
});

/** A loopback HTTP server (and a UDP socket on the same port) that records whatever reaches it. */
async function listener(): Promise<{ port: number; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.end('reached');
  });
  server.on('connection', () => seen.push('tcp connection'));
  server.on('upgrade', (request, socket) => {
    seen.push(`upgrade ${request.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const udp = createSocket('udp4');
  udp.on('message', () => seen.push('udp datagram'));
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  return {
    port,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
}

// What a script in a pool page could try, each attempt settled within ~1.5 s. Plain JavaScript in a string:
// the page runs it as it is.
const REACH_OUT = `(async (base, port) => {
  const results = {};
  const settle = (promise) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('no answer'), 1500))]);
  const attempt = async (name, run) => {
    try { results[name] = 'succeeded: ' + String(await settle(run())); } catch (error) { results[name] = 'failed: ' + String(error); }
  };
  const loaded = (element, event = 'load') => new Promise((resolve, reject) => {
    element.addEventListener(event, () => resolve(event));
    element.addEventListener('error', () => reject(new Error('error event')));
  });
  await attempt('fetch', () => fetch(base + '/fetch').then((r) => r.status));
  await attempt('fetch no-cors', () => fetch(base + '/no-cors', { mode: 'no-cors' }).then((r) => r.type));
  await attempt('xhr', () => new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest(); xhr.open('GET', base + '/xhr'); xhr.onload = () => resolve(xhr.status); xhr.onerror = () => reject(new Error('xhr error')); xhr.send();
  }));
  await attempt('img', () => { const img = new Image(); img.src = base + '/img'; return loaded(img); });
  await attempt('svg image', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const image = document.createElementNS('http://www.w3.org/2000/svg', 'image');
    image.setAttribute('href', base + '/svg-image'); svg.appendChild(image); document.body.appendChild(svg); return loaded(image);
  });
  await attempt('stylesheet', () => { const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = base + '/css'; document.head.appendChild(link); return loaded(link); });
  await attempt('css url()', () => { const div = document.createElement('div'); div.style.backgroundImage = 'url(' + base + '/bg)'; document.body.appendChild(div); return new Promise((r) => setTimeout(() => r('drawn'), 300)); });
  await attempt('iframe', () => { const frame = document.createElement('iframe'); frame.src = base + '/iframe'; document.body.appendChild(frame); return loaded(frame); });
  await attempt('import()', () => import(base + '/module.js'));
  await attempt('worker', () => new Promise((resolve, reject) => { const w = new Worker(base + '/worker.js'); w.onerror = () => reject(new Error('worker error')); w.onmessage = resolve; }));
  await attempt('beacon', async () => navigator.sendBeacon(base + '/beacon', 'data'));
  await attempt('websocket', () => new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://127.0.0.1:' + port + '/ws'); ws.onopen = () => resolve('open'); ws.onerror = () => reject(new Error('websocket error'));
  }));
  await attempt('event source', () => new Promise((resolve, reject) => {
    const source = new EventSource(base + '/events'); source.onopen = () => resolve('open'); source.onerror = () => { source.close(); reject(new Error('event source error')); };
  }));
  await attempt('navigation', () => { const frame = document.createElement('iframe'); document.body.appendChild(frame); frame.contentWindow.location.href = base + '/navigate'; return new Promise((r) => setTimeout(() => r('navigated?'), 500)); });
  await attempt('webrtc', async () => {
    const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:' + port }] });
    pc.createDataChannel('x'); await pc.setLocalDescription(await pc.createOffer()); await new Promise((r) => setTimeout(r, 1000)); pc.close(); return 'gathered';
  });
  return results;
})`;

// a page opened exactly as the pool opens its pages
test('pages reach nothing on the network: every way a page script could try is refused', async () => {
  const target = await listener();
  const browser = await launchBrowser(chromiumPath());
  try {
    const page = await RenderPage.open(browser, loadRendererAssets(), readConfig({}).maxPixels);
    const base = `http://127.0.0.1:${target.port}`;
    const results = await page.evaluate<Record<string, string>>(
      `${REACH_OUT}(${JSON.stringify(base)}, ${target.port})`,
    );
    await sleep(500);
    assert.deepEqual(target.seen, [], `nothing reached the server: ${JSON.stringify(results, null, 1)}`);
    for (const name of [
      'fetch',
      'fetch no-cors',
      'xhr',
      'img',
      'svg image',
      'stylesheet',
      'import()',
      'worker',
      'websocket',
      'event source',
      'webrtc',
    ]) {
      assert.match(results[name] ?? '', /^failed/, `${name}: ${results[name]}`);
    }
    // the renderer still works in that page
    const catalogue = loadCatalogue();
    const output = await page.render(normaliseRequest({ scope: 'world', width: 300 }, catalogue, 'png').spec);
    assert.ok(isPng(output.body));
  } finally {
    await browser.close();
    await target.close();
  }
});

test('URL-looking strings in a request are drawn as text only: no link, no image, no fetch', async () => {
  const target = await listener();
  const service = await startService({ poolSize: 1 });
  try {
    const url = `http://127.0.0.1:${target.port}/leak`;
    const body = {
      scope: 'world',
      title: url,
      subtitle: `<image href="${url}"/>`,
      legendTitle: `url(${url})`,
      regions: [{ id: 'FR', value: `<a href="${url}">x</a>`, annotation: url }],
      markers: [
        { lat: 10, lon: 10, label: `<img src="${url}">` },
        { lat: 20, lon: 20, icon: 'flag', label: url },
      ],
      shapes: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [5, 5] },
            properties: { title: `<script src="${url}"></script>`, href: url, fill: '#ff0000' },
          },
        ],
      },
    };
    for (const format of ['svg', 'png'] as const) {
      const answer = await call(service, '/render/map', postJson({ ...body, format }));
      assert.equal(answer.status, 200, answer.body.toString().slice(0, 200));
      if (format === 'svg') {
        const doc = parseSvg(answer.body.toString());
        for (const tag of ['image', 'a', 'script', 'foreignObject', 'img', 'iframe', 'use'])
          assert.deepEqual(all(doc, tag), [], `no <${tag}>`);
        // texts may sit in data attributes (escaped); nothing that loads may name anything but the SVG itself
        for (const element of all(doc, '*')) {
          for (const attribute of Array.from(
            element.attributes as unknown as ArrayLike<{ name: string; value: string }>,
          )) {
            assert.doesNotMatch(attribute.name, /href|src/i, `attribute ${attribute.name} of <${element.tagName}>`);
            for (const [, target] of attribute.value.matchAll(/url\(\s*['"]?([^)]*)/g))
              assert.match(target, /^#/, `${attribute.name}: ${attribute.value}`);
          }
        }
        const texts =
          all(doc, 'text')
            .map((t) => t.textContent ?? '')
            .join('\n') +
          all(doc, 'title')
            .map((t) => t.textContent ?? '')
            .join('\n');
        assert.ok(texts.includes(url) && texts.includes(`<img src="${url}">`), 'the strings are there, as text');
      }
    }
    await sleep(300);
    assert.deepEqual(target.seen, [], 'nothing reached the server');
  } finally {
    await service.close();
    await target.close();
  }
});

test('a page keeps nothing from one render to the next: its JS heap and DOM stay flat', async () => {
  const catalogue = loadCatalogue();
  const browser = await launchBrowser(chromiumPath());
  try {
    const page = await RenderPage.open(browser, loadRendererAssets(), readConfig({}).maxPixels);
    const ids = ['US', 'CN', 'IN', 'BR', 'RU', 'DE', 'FR', 'GB', 'JP', 'AU'];
    const samples: Array<{ heapBytes: number; domNodes: number }> = [];
    for (let i = 1; i <= 150; i++) {
      const data = ids.map((id, k) => `${id}:${(i * 7 + k * 13) % 97}`).join(',');
      const query = `scope=world&width=${400 + (i % 40)}&data=${data}&title=Map+${i}&patterns=FR:stripes&markers=44.43,26.10:pin:Label+${i}`;
      await page.render(
        normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, i % 10 === 0 ? 'jpeg' : 'png').spec,
      );
      if (i === 50 || i === 150) samples.push(await page.memory());
    }
    const [early, late] = samples as [{ heapBytes: number; domNodes: number }, { heapBytes: number; domNodes: number }];
    assert.equal(late.domNodes, early.domNodes, 'one map in the DOM, however many were drawn');
    const growth = (late.heapBytes - early.heapBytes) / 2 ** 20;
    assert.ok(
      growth < 2,
      `the heap after GC grew ${growth.toFixed(2)} MiB over 100 renders (${early.heapBytes} → ${late.heapBytes} bytes)`,
    );
  } finally {
    await browser.close();
  }
});

test('a page gives back what its maps left once it falls idle: a second after a burst, its DOM holds one map', async () => {
  const catalogue = loadCatalogue();
  const browser = await launchBrowser(chromiumPath());
  try {
    const page = await RenderPage.open(browser, loadRendererAssets(), readConfig({}).maxPixels);
    for (let i = 1; i <= 20; i++) {
      const query = `scope=world&level=medium&width=${600 + i}&data=US:${i},CN:150,IN:80,BR:60`;
      await page.render(normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, 'png').spec);
    }
    await sleep(1500);
    // read without collecting: the maps drawn before count until they are collected
    const idle = await page.memory(false);
    const collected = await page.memory(true);
    assert.equal(idle.domNodes, collected.domNodes, 'the maps drawn before were collected without being asked');
    const garbage = (idle.heapBytes - collected.heapBytes) / 2 ** 20;
    assert.ok(garbage < 1, `the JS heap held ${garbage.toFixed(2)} MiB that a collection freed`);
  } finally {
    await browser.close();
  }
});
