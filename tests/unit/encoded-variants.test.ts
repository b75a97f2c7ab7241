// A map's compressed bytes are made once for its ETag and kept (server/http/encoded-variants.ts): asked for again,
// the kept bytes are sent, not compressed anew. Proven with a route whose body changes under an ETag that does not
// (which a map's never does): the second answer decodes to the first body.
//   NODE_ENV=test node --import tsx --test tests/unit/encoded-variants.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { encodedVariants } from '../../server/http/encoded-variants.ts';
import { listen } from '../../server/listen.ts';

function get(url: string, encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

test('the compressed bytes of an ETag are made once and kept, for br and gzip apart; no ETag, nothing kept', async () => {
  let drawn = 0;
  const app = new Koa();
  app.use(encodedVariants());
  app.use((ctx) => {
    drawn++;
    ctx.type = 'image/svg+xml';
    if (ctx.path !== '/untagged') ctx.set('ETag', '"map-1"');
    ctx.body = Buffer.from(`<svg>${String(drawn).repeat(4000)}</svg>`);
  });
  const server = await listen(app, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const first = await get(`${url}/map`, 'gzip');
    assert.equal(first.headers['content-encoding'], 'gzip');
    assert.match(String(first.headers.vary), /Accept-Encoding/);
    const again = await get(`${url}/map`, 'gzip');
    assert.equal(gunzipSync(again.body).toString(), gunzipSync(first.body).toString(), 'the kept bytes, not body 2');
    const br = await get(`${url}/map`, 'br, gzip');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(br.body).toString(), /^<svg>3{4000}/, 'br made apart, from its own body');
    const plain = await get(`${url}/map`, 'identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.body.toString(), /^<svg>4{4000}/);
    const untagged = await get(`${url}/untagged`, 'gzip');
    assert.equal(untagged.headers['content-encoding'], undefined, 'left to koa-compress');
  } finally {
    server.close();
  }
});
