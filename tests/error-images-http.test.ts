// Error images through the real service: in a real Chromium, a broken <img> URL shows its error's message
// instead of a broken-image icon; over HTTP, the picture's status, headers and format, never cached, and the JSON
// error kept for every client that is not an <img>.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { serviceForTests } from './support/service.ts';
import { post } from './support/map-requests.ts';
import { isPng } from './support/png.ts';
import { parseSvg, root } from './support/svg.ts';
import { MAX_ERROR_IMAGE_SIDE } from '../server/http/error-images.ts';

const service = serviceForTests();
let browser: Browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
});
after(() => browser?.close());

const AS_IMG = { headers: { 'Sec-Fetch-Dest': 'image' } };
const BAD_THEME = 'scope=world&theme=nope&width=400&height=200';

test('in Chromium, a broken <img> shows the error: it loads, and its pixels hold dark text on the light panel', async () => {
  const page = await browser.newPage();
  try {
    // a page of the service's origin, as a site embedding a map would be; its images come from the service
    await page.route(`${service.url}/embedding-page`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<!doctype html><body>' +
          '<img id="unknown-scope" src="/map.png?scope=nowhere">' +
          `<img id="bad-field" src="/map.webp?${BAD_THEME}">` +
          `<img id="as-svg" src="/map.svg?${BAD_THEME}">` +
          '</body>',
      }),
    );
    await page.goto(`${service.url}/embedding-page`);
    const seen = await page.evaluate(`Promise.all([...document.images].map(async (img) => {
      await img.decode().catch(() => {});
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      const count = (x0, y0, w, h) => {
        const { data } = context.getImageData(x0, y0, w, h);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 360) dark++;
        return dark;
      };
      const w = img.naturalWidth, h = img.naturalHeight;
      return { id: img.id, width: w, height: h, text: count(0, Math.round(h * 0.2), w, Math.round(h * 0.6)), corner: count(2, 2, 20, 20) };
    }))`);
    type Seen = { id: string; width: number; height: number; text: number; corner: number };
    const byId = Object.fromEntries((seen as Seen[]).map((s) => [s.id, s]));
    assert.deepEqual(
      [byId['unknown-scope']!.width, byId['unknown-scope']!.height],
      [600, 300],
      'no size asked for: the default',
    );
    assert.deepEqual([byId['bad-field']!.width, byId['bad-field']!.height], [400, 200], 'the size asked for');
    assert.deepEqual([byId['as-svg']!.width, byId['as-svg']!.height], [400, 200]);
    for (const [id, image] of Object.entries(byId)) {
      assert.ok(image.text > 400, `${id}: ${image.text} dark pixels of text in the message area`);
      assert.equal(image.corner, 0, `${id}: the plain panel has none`);
    }
  } finally {
    await page.close();
  }
});

test('over HTTP: the same status, X-Map-Error, the format asked for, no-store, no ETag', async () => {
  const types = {
    svg: 'image/svg+xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    webp: 'image/webp',
    pdf: 'application/pdf',
  };
  for (const [extension, type] of Object.entries(types)) {
    const response = await fetch(`${service.url}/map.${extension}?${BAD_THEME}`, AS_IMG);
    assert.equal(response.status, 400, extension);
    assert.equal(response.headers.get('content-type'), type, extension);
    assert.equal(response.headers.get('x-map-error'), 'invalid_theme', extension);
    assert.equal(response.headers.get('cache-control'), 'no-store', extension);
    assert.equal(response.headers.get('etag'), null, extension);
    assert.equal(response.headers.get('x-cache'), null, extension);
    const body = Buffer.from(await response.arrayBuffer());
    if (extension === 'png') {
      assert.ok(isPng(body));
      const png = PNG.sync.read(body);
      assert.deepEqual([png.width, png.height], [400, 200]);
    }
    if (extension === 'svg') assert.equal(root(parseSvg(body.toString('utf8'))).getAttribute('height'), '200');
  }
  const scope = await fetch(`${service.url}/map.jpeg?scope=nowhere&width=0`, AS_IMG);
  assert.equal(scope.status, 404);
  assert.equal(scope.headers.get('x-map-error'), 'invalid_scope');
  assert.equal(scope.headers.get('content-type'), 'image/jpeg');
});

test('a picture is at most MAX_ERROR_IMAGE_SIDE a side, its shape kept: 8000² for a 400 drew 64 megapixels', async () => {
  for (const [asked, drawn] of [
    [
      [8000, 8000],
      [MAX_ERROR_IMAGE_SIDE, MAX_ERROR_IMAGE_SIDE],
    ],
    [
      [8000, 2000],
      [MAX_ERROR_IMAGE_SIDE, MAX_ERROR_IMAGE_SIDE / 4],
    ],
    [
      [1000, 500],
      [1000, 500],
    ],
  ]) {
    const response = await fetch(
      `${service.url}/map.png?scope=world&theme=bogus&width=${asked[0]}&height=${asked[1]}`,
      AS_IMG,
    );
    assert.equal(response.status, 400);
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    assert.deepEqual([png.width, png.height], drawn, `asked for ${asked.join(' × ')}`);
  }
});

test('no map is rendered, and the picture is no-store: asked again, it is the same error again', async () => {
  const before = service.rendered.length;
  const url = `${service.url}/map.png?scope=world&data=US:1,US:2&width=300&height=150`;
  const [first, second] = [await fetch(url, AS_IMG), await fetch(url, AS_IMG)];
  for (const response of [first, second]) {
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('x-map-error'), 'invalid_data');
    assert.equal(response.headers.get('x-cache'), null);
  }
  assert.equal(service.rendered.length, before, 'no map was handed to a renderer');
});

test('every other client keeps the JSON error: no header, a POST, a path that is no image', async () => {
  const plain = await fetch(`${service.url}/map.png?${BAD_THEME}`);
  assert.equal(plain.status, 400);
  assert.match(plain.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(plain.headers.get('x-map-error'), null);
  assert.equal(((await plain.json()) as { field: string }).field, 'theme');

  const posted = await fetch(`${service.url}/render/map`, {
    ...post(JSON.stringify({ scope: 'world', theme: 'nope', format: 'png' })),
    headers: { 'content-type': 'application/json', 'Sec-Fetch-Dest': 'image' },
  });
  assert.equal(posted.status, 400);
  assert.match(posted.headers.get('content-type') ?? '', /^application\/json/);

  const elsewhere = await fetch(`${service.url}/map.gif?scope=world`, AS_IMG);
  assert.equal(elsewhere.status, 404);
  assert.match(elsewhere.headers.get('content-type') ?? '', /^application\/json/);
});
