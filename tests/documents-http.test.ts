// Maps for documents, over real HTTP: a PNG states its print size in a pHYs chunk and a JPEG in its JFIF header,
// 96 dpi × scale, so that Word, pandoc and LaTeX print a `scale=2` map as large as its `scale=1` twin and as its
// PDF; a cache hit carries it too; a PDF is named after its title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { isPng } from './support/png.ts';

const service = serviceForTests();

async function get(path: string): Promise<{ response: Response; body: Buffer }> {
  const response = await fetch(service.url + path);
  assert.equal(response.status, 200, path);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** A PNG's chunks, read as an image program reads them: type and data. */
function pngChunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  assert.ok(isPng(png));
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

/** Dots per inch from a pHYs chunk, as Word does: pixels per metre × 0.0254, both axes, the unit the metre. */
function pngDpi(png: Buffer): { x: number; y: number; unit: number; beforeImage: boolean } {
  const chunks = pngChunks(png);
  const at = chunks.findIndex((c) => c.type === 'pHYs');
  assert.ok(at > 0, 'the PNG has a pHYs chunk');
  const { data } = chunks[at]!;
  const dpi = (ppm: number) => Math.round(ppm * 0.0254 * 10) / 10;
  return {
    x: dpi(data.readUInt32BE(0)),
    y: dpi(data.readUInt32BE(4)),
    unit: data[8]!,
    beforeImage: at < chunks.findIndex((c) => c.type === 'IDAT'),
  };
}

/** A JPEG's JFIF density: units (1: dots per inch) and the two densities. */
function jfifDensity(jpeg: Buffer): { units: number; x: number; y: number } {
  assert.deepEqual([...jpeg.subarray(0, 4)], [0xff, 0xd8, 0xff, 0xe0], 'SOI, then APP0');
  assert.equal(jpeg.toString('latin1', 6, 11), 'JFIF\0');
  return { units: jpeg[13]!, x: jpeg.readUInt16BE(14), y: jpeg.readUInt16BE(16) };
}

test('a PNG states 96 dpi × scale in a pHYs chunk before its pixels, its description kept; a cache hit too', async () => {
  for (const scale of [1, 2, 3]) {
    const path = `/map.png?scope=world&width=400&data=DE:1&scale=${scale}`;
    const { response, body } = await get(path);
    assert.deepEqual(pngDpi(body), { x: 96 * scale, y: 96 * scale, unit: 1, beforeImage: true }, `scale=${scale}`);
    // the print width: 400 CSS px at 96 dpi is 4.17 in, whatever the scale
    assert.equal(body.readUInt32BE(16) / (96 * scale), 400 / 96);
    const text = pngChunks(body).find((c) => c.type === 'iTXt');
    assert.match(text?.data.toString('utf8') ?? '', /^Description\0{5}Choropleth map of World/);
    assert.equal(response.headers.get('x-cache'), 'MISS');
    const hit = await get(path);
    assert.equal(hit.response.headers.get('x-cache'), 'HIT');
    assert.ok(hit.body.equals(body), 'the cache holds the PNG with its chunks');
  }
});

test('a JPEG states 96 dpi × scale in its JFIF header', async () => {
  for (const scale of [1, 2]) {
    const { body } = await get(`/map.jpg?scope=world&width=400&data=DE:1&scale=${scale}`);
    assert.deepEqual(jfifDensity(body), { units: 1, x: 96 * scale, y: 96 * scale }, `scale=${scale}`);
  }
});

test('a PDF is inline, named after its title (ASCII, and UTF-8 beside it) or else its scope', async () => {
  const titled = await get(
    `/map.pdf?scope=DE&data=DE-BY:1&title=${encodeURIComponent('Arbeitslosenquote in den Ländern, 2024')}`,
  );
  assert.equal(
    titled.response.headers.get('content-disposition'),
    `inline; filename="arbeitslosenquote-in-den-landern-2024.pdf"; ` +
      `filename*=UTF-8''arbeitslosenquote-in-den-l%C3%A4ndern-2024.pdf`,
  );
  assert.equal(titled.body.toString('latin1', 0, 5), '%PDF-');
  const untitled = await get('/map.pdf?scope=world&data=DE:1');
  assert.equal(untitled.response.headers.get('content-disposition'), 'inline; filename="world.pdf"');
  const posted = await fetch(`${service.url}/render/map`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scope: 'RO', format: 'pdf', title: 'Județele României' }),
  });
  assert.equal(
    posted.headers.get('content-disposition'),
    `inline; filename="judetele-romaniei.pdf"; filename*=UTF-8''jude%C8%9Bele-rom%C3%A2niei.pdf`,
  );
  await posted.arrayBuffer();
  for (const extension of ['svg', 'png']) {
    const other = await get(`/map.${extension}?scope=world&data=DE:1`);
    assert.equal(other.response.headers.get('content-disposition'), null, `${extension}: shown, not named`);
  }
});
