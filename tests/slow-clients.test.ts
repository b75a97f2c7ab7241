// Slow clients through HTTP and a real Chromium: a body or headers that never finish are cut off after
// REQUEST_TIMEOUT_MS, while the service goes on serving others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { startService } from './support/service.ts';

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
