// Format, scale, quality and transparent as normalisation leaves them (no browser): an option a format ignores
// is normalised away so it never splits that format's ETag, and what a format cannot do is a 400 naming it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Format } from '../../renderer-page/spec.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { etagOf } from '../../server/request/etag.ts';
import { getUrlFor } from '../../server/request/get-url.ts';
import { ApiError } from '../../server/errors.ts';
import { drawRequest, inLayer } from '../support/draw-request.ts';

const catalogue = loadCatalogue();
const get = (query: string, format?: Format) => normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, format);
const etag = (query: string, format?: Format) => etagOf(get(query, format).spec, 'v1');

function refused(make: () => unknown, field: string, message: RegExp): void {
  assert.throws(make, (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.field, field);
    assert.match(error.message, message);
    return true;
  });
}

test('quality: 85 by default for jpeg and webp, null (no ETag of its own) for the other formats', () => {
  assert.equal(get('scope=world', 'jpeg').spec.quality, 85);
  assert.equal(get('scope=world&quality=40', 'webp').spec.quality, 40);
  for (const format of ['svg', 'png', 'pdf'] as const) {
    assert.equal(get('scope=world&quality=40', format).spec.quality, null, format);
    assert.equal(etag('scope=world&quality=40', format), etag('scope=world', format), format);
  }
  assert.notEqual(etag('scope=world&quality=40', 'jpeg'), etag('scope=world', 'jpeg'));
  assert.equal(get('scope=world&format=jpeg&quality=90').spec.quality, 90, 'POST format jpeg');
});

test('quality out of range or not whole: 400 naming quality and the range', () => {
  for (const quality of ['0', '101', '50.5', 'high', '-1'])
    refused(
      () => get(`scope=world&quality=${quality}`, 'jpeg'),
      'quality',
      /quality must be a whole number from 1 to 100/,
    );
});

test('scale: the pixel density of png, jpeg and webp; 1 for svg and pdf, which are vector', () => {
  for (const format of ['png', 'jpeg', 'webp'] as const) assert.equal(get('scope=world&scale=2', format).spec.scale, 2);
  for (const format of ['svg', 'pdf'] as const) {
    assert.equal(get('scope=world&scale=2', format).spec.scale, 1, format);
    assert.equal(etag('scope=world&scale=3', format), etag('scope=world', format), format);
  }
});

test('each format is its own map: same query, different ETags', () => {
  const tags = (['svg', 'png', 'pdf', 'jpeg', 'webp'] as const).map((format) => etag('scope=world', format));
  assert.equal(new Set(tags).size, tags.length);
});

test('format: POST takes pdf, jpeg and webp; anything else names the formats', () => {
  for (const format of ['pdf', 'jpeg', 'webp', 'WEBP'] as const)
    assert.equal(get(`scope=world&format=${format}`).spec.format, format.toLowerCase());
  refused(() => get('scope=world&format=gif'), 'format', /format must be one of: svg, png, pdf, jpeg, webp/);
  refused(() => get('scope=world&format=png', 'jpeg'), 'format', /contradicts the path's \.jpeg/);
});

test('transparent: svg, png, webp and pdf take it; jpeg has no alpha, a 400 naming the formats that do', () => {
  for (const format of ['svg', 'png', 'webp', 'pdf'] as const)
    assert.equal(get('scope=world&transparent=true', format).spec.transparent, true, format);
  assert.equal(get('scope=world', 'png').spec.transparent, false);
  refused(
    () => get('scope=world&transparent=true', 'jpeg'),
    'transparent',
    /transparent works with svg, png, webp, pdf; jpeg has no transparency/,
  );
  refused(() => get('scope=world&transparent=maybe', 'png'), 'transparent', /transparent must be true or false/);
});

test('the GET URL the preview offers keeps the format, quality and transparency', () => {
  const spec = get('scope=world&quality=60&transparent=true', 'webp').spec;
  assert.equal(getUrlFor(spec, catalogue), '/map.webp?scope=world&transparent=true&quality=60');
  assert.equal(getUrlFor(get('scope=world', 'pdf').spec, catalogue), '/map.pdf?scope=world');
});

test('a transparent SVG has no background rect; the water and the map are still drawn', async () => {
  const opaque = await drawRequest('scope=world&projection=equalEarth');
  assert.equal(inLayer(opaque.doc, 'background', 'rect').length, 1);
  const clear = await drawRequest('scope=world&projection=equalEarth&transparent=true');
  assert.equal(inLayer(clear.doc, 'background', 'rect').length, 0);
  assert.equal(inLayer(clear.doc, 'background', 'path').length, 1, "the globe's water stays");
});
