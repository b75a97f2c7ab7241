// Slow clients through HTTP and a real Chromium: a body or headers that never finish are cut off after
// REQUEST_TIMEOUT_MS, while the service goes on serving others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { startService } from './support/service.ts';
import { samples } from './support/metrics.ts';
import { loadCatalogue } from '../topology/catalogue.ts';

/** Writes `head` on a raw connection and resolves with what came back once the server closes it. */
function rawRequest(
  url: string,
  head: string,
  trickle?: string,
): { socket: Socket; done: Promise<{ data: string; ms: number }> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const started = Date.now();
  let data = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  socket.on('connect', () => {
    socket.write(head);
    if (trickle) timer = setInterval(() => socket.write(trickle), 200);
  });
  const done = new Promise<{ data: string; ms: number }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ data, ms: Date.now() - started });
    });
    socket.on('error', () => {});
  });
  return { socket, done };
}

test('slow clients are cut off after REQUEST_TIMEOUT_MS while others are served, slow renders included', async () => {
  const slow = await startService({ requestTimeoutMs: 1000, poolSize: 1 });
  const pending: Socket[] = [];
  try {
    // headers of a large POST, then nothing of the body
    const body = rawRequest(
      slow.url,
      'POST /render/map HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"scope":',
    );
    // headers trickled, a line every 200 ms, never finished (slowloris)
    const headers = rawRequest(slow.url, 'GET /map.svg?scope=world HTTP/1.1\r\nHost: test\r\n', 'X-Slow: 1\r\n');
    pending.push(body.socket, headers.socket);

    // meanwhile: a render that takes longer than the request timeout is not cut (the request arrived whole)
    const started = Date.now();
    const png = await fetch(`${slow.url}/map.png?scope=world&level=high&width=2500`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const renderMs = Date.now() - started;

    for (const [what, { done }] of [
      ['body', body],
      ['headers', headers],
    ] as const) {
      const { data, ms } = await done;
      assert.ok(ms < 5000, `${what}: cut off after ${ms} ms`);
      assert.ok(
        data === '' || data.startsWith('HTTP/1.1 408'),
        `${what}: 408 or closed, got ${JSON.stringify(data.slice(0, 40))}`,
      );
    }
    assert.equal(slow.rendered.length, 1, `only the PNG was rendered (it took ${renderMs} ms)`);
    const svg = await fetch(`${slow.url}/map.svg?scope=world&width=300`);
    assert.equal(svg.status, 200);
    await svg.arrayBuffer();
  } finally {
    for (const socket of pending) socket.destroy();
    await slow.close();
  }
});

test('a client that stops reading a large map is cut off after SEND_TIMEOUT_MS without progress; one reading slowly is not', async () => {
  const service = await startService({ sendTimeoutMs: 1000, poolSize: 1 });
  const aborted = async () =>
    samples(await (await fetch(`${service.url}/metrics`)).text(), 'map_http_requests_total').find(
      (sample) => sample.labels === '{status_class="aborted"}',
    )?.value ?? 0;
  try {
    // a map of 8000² px patterned all over: some 3 MB of PNG, drawn once and then a cache hit
    const world = loadCatalogue().scope('world')!.regions.slice(0, 170);
    const patterns = world.map((region, i) => `${region.id}:${['stripes', 'dots', 'crosshatch'][i % 3]}`).join(',');
    const path = `/map.png?scope=world&width=8000&height=8000&patterns=${patterns}`;
    const size = (await (await fetch(service.url + path)).arrayBuffer()).byteLength;
    assert.ok(size > 2_000_000, `the map is ${size} bytes`);
    const before = await aborted();

    // asks for it ten times on one connection, pipelined, and reads none of them: more than loopback's socket
    // buffers hold (which took all of one such map)
    const stalled = rawRequest(service.url, `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`.repeat(10));
    stalled.socket.pause();
    const started = Date.now();
    while ((await aborted()) === before) {
      assert.ok(Date.now() - started < 10_000, 'the stalled response is still held after 10 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(Date.now() - started >= 900, 'not before the timeout');

    // one that reads it, however slowly, keeps moving and is not cut off
    const slow = rawRequest(
      service.url,
      `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`.repeat(3) +
        `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`,
    );
    slow.socket.pause();
    const reader = setInterval(() => {
      slow.socket.resume();
      setTimeout(() => slow.socket.pause(), 50);
    }, 500);
    const { data } = await slow.done;
    clearInterval(reader);
    assert.equal(data.match(/HTTP\/1\.1 200 OK/g)?.length, 4, 'the four maps arrive, however slowly read');
    stalled.socket.destroy();
  } finally {
    await service.close();
  }
});
