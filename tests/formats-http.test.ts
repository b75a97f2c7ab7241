// PDF, JPEG, WebP and transparency through HTTP and the real Chromium pool, read as a user's tools read them:
// poppler for the PDF's text, pages and fonts, the files' signatures, and a PNG's pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { serviceForTests } from './support/service.ts';
import { post } from './support/map-requests.ts';
import { isPng } from './support/png.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { normaliseRequest } from '../server/request/normalise.ts';

const service = serviceForTests();
const catalogue = loadCatalogue();

async function get(path: string, init?: RequestInit) {
  const response = await fetch(service.url + path, init);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** What a poppler tool says about `pdf`. */
function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'map-pdf-'));
  try {
    writeFileSync(join(dir, 'map.pdf'), pdf);
    return execFileSync(tool, [join(dir, 'map.pdf'), ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isJpeg = (body: Buffer) => body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
/** The canvas width a WebP's first chunk gives (RFC 9649): extended, lossy or lossless. */
function webpWidth(body: Buffer): number {
  const chunk = body.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return body.readUIntLE(24, 3) + 1;
  if (chunk === 'VP8 ') return body.readUInt16LE(26) & 0x3fff;
  return (body.readUInt32LE(21) & 0x3fff) + 1;
}
const isWebp = (body: Buffer) =>
  body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP';

test('/map.pdf: one vector page the size of the map, its text as text in the embedded Noto Sans', async () => {
  const { response, body } = await get(
    '/map.pdf?scope=world&data=US:200,CN:150&theme=light&title=Exports+by+country&legendTitle=Tonnes&width=600&height=400',
  );
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/pdf');
  assert.equal(body.subarray(0, 5).toString('latin1'), '%PDF-');
  const text = poppler('pdftotext', body);
  assert.match(text, /Exports by country/, 'the title is text in the PDF');
  assert.match(text, /Tonnes/, 'so is the legend');
  const info = poppler('pdfinfo', body);
  assert.match(info, /^Pages:\s+1$/m);
  assert.match(info, /^Page size:\s+450 x 300 pts$/m, '600 × 400 px at 96 px to 72 pt per inch');
  assert.match(info, /^Title:\s+Exports by country$/m);
  const fonts = poppler('pdffonts', body);
  assert.match(fonts, /NotoSans-Bold\s.*\syes\s+yes\s+yes/, 'the title font is embedded');
});

test('a PDF is byte-stable: the same map printed twice gives the same bytes', async () => {
  const spec = normaliseRequest({ scope: 'RO', title: 'Counties', width: 300 }, catalogue, 'pdf').spec;
  const [first, second] = [await service.pool.render(spec, 'test'), await service.pool.render(spec, 'test')];
  assert.match(poppler('pdfinfo', first.body), /^CreationDate:.*1970/m, 'the print time is pinned');
  assert.ok(first.body.equals(second.body));
});

test('/map.jpg, /map.jpeg and /map.webp: the map drawn in Chromium, quality trading size for detail', async () => {
  const query = 'scope=world&data=US:200,CN:150,IN:80&width=500';
  const jpg = await get(`/map.jpg?${query}`);
  assert.equal(jpg.response.status, 200);
  assert.equal(jpg.response.headers.get('content-type'), 'image/jpeg');
  assert.ok(isJpeg(jpg.body));
  const jpeg = await get(`/map.jpeg?${query}`);
  assert.equal(jpeg.response.headers.get('etag'), jpg.response.headers.get('etag'), '.jpg and .jpeg are one map');
  assert.equal(jpeg.response.headers.get('x-cache'), 'HIT');
  const rough = await get(`/map.jpg?${query}&quality=10`);
  assert.ok(rough.body.length < jpg.body.length * 0.8, `quality 10: ${rough.body.length} < ${jpg.body.length} bytes`);

  const webp = await get(`/map.webp?${query}&scale=2`);
  assert.equal(webp.response.status, 200);
  assert.equal(webp.response.headers.get('content-type'), 'image/webp');
  assert.ok(isWebp(webp.body));
  assert.equal(webpWidth(webp.body), 1000, 'width × scale pixels wide');
});

test('POST format pdf, jpeg and webp answer their content types', async () => {
  const types = { pdf: 'application/pdf', jpeg: 'image/jpeg', webp: 'image/webp' };
  for (const [format, type] of Object.entries(types)) {
    const { response } = await get('/render/map', post(JSON.stringify({ scope: 'RO', format, width: 300 })));
    assert.equal(response.status, 200, format);
    assert.equal(response.headers.get('content-type'), type, format);
  }
});

test('each format has its own ETag and cache entry', async () => {
  const query = 'scope=world&data=BR:5,AR:3&width=320';
  const png = await get(`/map.png?${query}`);
  const webp = await get(`/map.webp?${query}`);
  assert.notEqual(png.response.headers.get('etag'), webp.response.headers.get('etag'));
  assert.deepEqual(
    [png, webp].map((r) => r.response.headers.get('x-cache')),
    ['MISS', 'MISS'],
  );
  const [pngAgain, webpAgain] = [await get(`/map.png?${query}`), await get(`/map.webp?${query}`)];
  assert.deepEqual(
    [pngAgain, webpAgain].map((r) => r.response.headers.get('x-cache')),
    ['HIT', 'HIT'],
  );
  assert.ok(isPng(pngAgain.body) && isWebp(webpAgain.body), 'each entry holds its own format');
  // an option the format ignores is no other map
  const tagged = await get(`/map.png?${query}&quality=20`);
  assert.equal(tagged.response.headers.get('etag'), png.response.headers.get('etag'));
  assert.equal(tagged.response.headers.get('x-cache'), 'HIT');
});

test('transparent=true: a PNG whose corners are clear, the map itself opaque; an SVG without its canvas', async () => {
  const query = 'scope=world&data=US:200,CN:150&width=400&projection=equalEarth';
  const clear = PNG.sync.read((await get(`/map.png?${query}&transparent=true`)).body);
  const alpha = (png: PNG, x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
  assert.equal(alpha(clear, 0, 0), 0, 'top-left corner');
  assert.equal(alpha(clear, clear.width - 1, clear.height - 1), 0, 'bottom-right corner');
  assert.equal(alpha(clear, 200, Math.round(clear.height / 2)), 255, "the globe's middle");
  const opaque = PNG.sync.read((await get(`/map.png?${query}`)).body);
  assert.equal(alpha(opaque, 0, 0), 255, 'without transparent the canvas is painted');

  const svg = (await get(`/map.svg?${query}&transparent=true`)).body.toString('utf8');
  assert.doesNotMatch(svg.match(/<g data-layer="background">.*?<\/g>/)?.[0] ?? '', /<rect/);
  const webp = await get(`/map.webp?${query}&transparent=true`);
  assert.equal(webp.response.status, 200);
});

test('bad quality or transparent with JPEG: 400 naming the field, nothing rendered or cached', async () => {
  const before = service.rendered.length;
  for (const [path, field, message] of [
    ['/map.jpg?scope=world&quality=0', 'quality', 'quality must be a whole number from 1 to 100'],
    ['/map.webp?scope=world&quality=100.5', 'quality', 'quality must be a whole number from 1 to 100'],
    ['/map.jpg?scope=world&transparent=true', 'transparent', 'transparent works with svg, png, webp, pdf'],
  ] as const) {
    const { response, body } = await get(path);
    const error = JSON.parse(body.toString('utf8')) as { error: string; field: string; message: string };
    assert.equal(response.status, 400, path);
    assert.equal(error.field, field, path);
    assert.ok(error.message.startsWith(message), error.message);
  }
  const { response } = await get('/render/map', post(JSON.stringify({ scope: 'world', format: 'gif' })));
  assert.equal(response.status, 400);
  assert.equal(service.rendered.length, before, 'nothing was rendered');
});
