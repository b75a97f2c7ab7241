// Compression over real HTTP, read as the bytes on the wire (a raw request, not fetch, which would decode them
// unseen): an SVG or JSON asked for with gzip or br comes compressed and decodes to the very bytes sent to a client
// that asked for neither; a PNG or PDF comes as drawn; every answer says `Vary: Accept-Encoding`; the ETag and its
// 304 are the same whatever the encoding; a client that stops reading a compressed stream is still cut off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serviceForTests } from './support/service.ts';
import { samples } from './support/metrics.ts';

const SEND_TIMEOUT_MS = 1000;
const service = serviceForTests({ sendTimeoutMs: SEND_TIMEOUT_MS });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the body as sent, not decoded */
  body: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sent = request(service.url + path, { method: body === undefined ? 'GET' : 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const DECODE = { gzip: gunzipSync, br: brotliDecompressSync };
const WORLD = '/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60&legendTitle=Sample';

test('an SVG asked for with gzip or br comes compressed, decodes to the same SVG, and says Vary', async () => {
  const plain = await raw(WORLD);
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: sent as drawn');
  assert.match(plain.body.subarray(0, 5).toString(), /^<svg /);
  assert.match(String(plain.headers.vary), /Accept-Encoding/);
  for (const [accepted, expected] of [
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
  ] as const) {
    const packed = await raw(WORLD, { 'Accept-Encoding': accepted });
    assert.equal(packed.status, 200);
    assert.equal(packed.headers['content-encoding'], expected, accepted);
    assert.match(String(packed.headers.vary), /Accept-Encoding/, accepted);
    assert.equal(packed.headers.etag, plain.headers.etag, 'one ETag: it names the map, whatever the encoding');
    assert.ok(DECODE[expected](packed.body).equals(plain.body), `${accepted}: decodes to the same SVG`);
    assert.ok(packed.body.length < plain.body.length / 2, `${accepted}: ${packed.body.length} of ${plain.body.length}`);
  }
  const identity = await raw(WORLD, { 'Accept-Encoding': 'identity' });
  assert.equal(identity.headers['content-encoding'], undefined);
  assert.ok(identity.body.equals(plain.body));
});

test('If-None-Match still gives a 304 to a client of a compressed SVG, with Vary and no body', async () => {
  const first = await raw(WORLD, { 'Accept-Encoding': 'gzip' });
  const again = await raw(WORLD, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers['content-encoding'], undefined);
  assert.equal(again.headers.etag, first.headers.etag);
  assert.match(String(again.headers.vary), /Accept-Encoding/);
  // a cache that added W/ (as nginx and CDNs do to what they compress) still matches
  const weak = await raw(WORLD, { 'Accept-Encoding': 'br', 'If-None-Match': `W/${String(first.headers.etag)}` });
  assert.equal(weak.status, 304);
});

test('POST /render/map and JSON answers are compressed too; PNG, JPEG and PDF are sent as drawn', async () => {
  const body = JSON.stringify({ scope: 'DE', regions: [{ id: 'DE-BY', value: 3 }] });
  const json = { 'Content-Type': 'application/json' };
  const plain = await raw('/render/map', json, body);
  const packed = await raw('/render/map', { ...json, 'Accept-Encoding': 'gzip' }, body);
  assert.equal(packed.headers['content-encoding'], 'gzip');
  assert.ok(gunzipSync(packed.body).equals(plain.body), 'POST decodes to the same SVG');
  const scopes = await raw('/scopes/US', { 'Accept-Encoding': 'br' });
  assert.equal(scopes.headers['content-encoding'], 'br');
  assert.equal((JSON.parse(brotliDecompressSync(scopes.body).toString()) as { id: string }).id, 'US');
  for (const extension of ['png', 'jpg', 'webp', 'pdf']) {
    const picture = await raw(`/map.${extension}?scope=world&data=DE:1`, { 'Accept-Encoding': 'gzip, br' });
    assert.equal(picture.status, 200, extension);
    assert.equal(picture.headers['content-encoding'], undefined, `${extension}: compressed already`);
    assert.equal(Number(picture.headers['content-length']), picture.body.length, extension);
    assert.match(String(picture.headers.vary), /Accept-Encoding/);
  }
});

test('a small answer is not compressed; a JSON error keeps Vary', async () => {
  const error = await raw('/map.svg?scope=world&theme=nope', { 'Accept-Encoding': 'gzip' });
  assert.equal(error.status, 400);
  assert.ok(error.body.length < 1024);
  assert.equal(error.headers['content-encoding'], undefined);
  assert.match(String(error.headers.vary), /Accept-Encoding/);
  assert.equal((JSON.parse(error.body.toString()) as { field: string }).field, 'theme');
});

test('a client that stops reading compressed SVGs is cut off after SEND_TIMEOUT_MS, as one reading a PNG is', async () => {
  const aborted = async () =>
    samples(await (await fetch(`${service.url}/metrics`)).text(), 'map_http_requests_total').find(
      (sample) => sample.labels === '{status_class="aborted"}',
    )?.value ?? 0;
  // 690 KiB of SVG, 230 KiB gzipped, drawn once and then compressed on each of 60 pipelined requests: more than
  // loopback's socket buffers hold, so a response stalls, streamed with no length
  const path = '/map.svg?scope=world&level=high&width=2000';
  await (await fetch(service.url + path)).arrayBuffer();
  const before = await aborted();
  const { hostname, port } = new URL(service.url);
  const socket = connect(Number(port), hostname, () => {
    socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nAccept-Encoding: gzip\r\n\r\n`.repeat(60));
  });
  socket.on('error', () => {});
  socket.pause();
  try {
    const started = Date.now();
    while ((await aborted()) === before) {
      assert.ok(Date.now() - started < 15_000, 'the stalled response is still held after 15 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(Date.now() - started >= SEND_TIMEOUT_MS * 0.9, 'not before the timeout');
  } finally {
    socket.destroy();
  }
});
