// What an operator sees: liveness and readiness probes, Prometheus metrics, request ids in responses and
// in the JSON log, and slow clients cut off without holding anything up.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startService, type TestService } from './support/service.ts';
import { createApp } from '../server/app.ts';
import { listen } from '../server/listen.ts';
import { memoryRenderCache } from '../server/cache/render-cache.ts';
import { loadRendererAssets } from '../server/render/renderer-assets.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { createLogger } from '../server/observability/logger.ts';
import { createMetrics } from '../server/observability/metrics.ts';

type LogLine = Record<string, unknown>;

let service: TestService;
const logs: LogLine[] = [];
before(async () => {
  service = await startService(
    { logLevel: 'debug' },
    {
      write: (line: string) => {
        logs.push(JSON.parse(line) as LogLine);
      },
    },
  );
});
after(() => service.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request's log line: written when the response is done, which may be a moment after the client has it. */
async function logLineOf(reqId: string): Promise<LogLine> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const line = logs.find((entry) => entry.reqId === reqId && entry.msg === 'request');
    if (line) return line;
    await sleep(20);
  }
  assert.fail(`no log line for request ${reqId}`);
}

/** `name{labels} value` samples of a Prometheus text exposition. */
function samples(text: string, name: string): Array<{ labels: string; value: number }> {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const at = line.lastIndexOf(' ');
      return { labels: line.slice(name.length, at), value: Number(line.slice(at + 1)) };
    });
}

test('/healthz answers 200 {status: ok}, with a generated request id', async () => {
  const response = await fetch(`${service.url}/healthz`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: 'ok' });
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.match(response.headers.get('x-request-id') ?? '', UUID);
});

test('/readyz answers 200 while the browser is up with pages open', async () => {
  const response = await fetch(`${service.url}/readyz`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as {
    status: string;
    browser: boolean;
    pages: number;
    idle: number;
    queued: number;
  };
  assert.equal(body.status, 'ready');
  assert.equal(body.browser, true);
  assert.equal(body.pages, 2);
  assert.equal(body.queued, 0);
});

test('a client X-Request-Id is echoed and logged with the request; an insane one is replaced', async () => {
  const given = 'edge-7f3a.42:retry';
  const path = '/map.svg?scope=world&width=320&data=US:1,FR:2';
  const response = await fetch(service.url + path, { headers: { 'X-Request-Id': given } });
  assert.equal(response.status, 200);
  await response.arrayBuffer();
  assert.equal(response.headers.get('x-request-id'), given);
  const line = await logLineOf(given);
  assert.equal(line.method, 'GET');
  assert.equal(line.path, '/map.svg');
  assert.equal(line.query, 'scope=world&width=320&data=US:1,FR:2');
  assert.equal(line.status, 200);
  assert.equal(typeof line.ms, 'number');
  assert.ok(['HIT', 'MISS'].includes(line.cache as string), `cache ${line.cache}`);
  assert.equal(line.level, 30, 'info');

  for (const insane of ['has space', 'x'.repeat(200), 'new\u00e9line']) {
    const replaced = await fetch(`${service.url}/healthz`, { headers: { 'X-Request-Id': insane } });
    const id = replaced.headers.get('x-request-id') ?? '';
    assert.match(id, UUID, `${JSON.stringify(insane.slice(0, 20))} is replaced`);
    assert.equal((await logLineOf(id)).path, '/healthz');
  }

  // an error response carries the id too, and its line the status the client saw
  const bad = await fetch(`${service.url}/map.svg?scope=nowhere`, { headers: { 'X-Request-Id': 'bad-scope-1' } });
  assert.equal(bad.status, 404);
  assert.equal(bad.headers.get('x-request-id'), 'bad-scope-1');
  assert.equal((await logLineOf('bad-scope-1')).status, 404);
  // a long query string is cut in the log
  const long = await fetch(`${service.url}/map.svg?scope=world&title=${'a'.repeat(100)}&subtitle=${'b'.repeat(150)}`, {
    headers: { 'X-Request-Id': 'long-query' },
  });
  await long.arrayBuffer();
  const logged = (await logLineOf('long-query')).query as string;
  assert.ok(logged.length <= 201 && logged.endsWith('…'), `logged query cut: ${logged.length}`);
});

test('/metrics: Prometheus text with render time, cache hits and misses, queue depth, restarts, statuses', async () => {
  const path = `/map.svg?scope=RO&width=300&data=CJ:${Date.now()}`;
  const miss = await fetch(service.url + path);
  assert.equal(miss.headers.get('x-cache'), 'MISS');
  await miss.arrayBuffer();
  const hit = await fetch(service.url + path);
  assert.equal(hit.headers.get('x-cache'), 'HIT');
  await hit.arrayBuffer();
  await sleep(50);

  const response = await fetch(`${service.url}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  assert.match(text, /^# HELP map_render_duration_seconds /m);
  assert.match(text, /^# TYPE map_render_duration_seconds histogram$/m);

  const count = samples(text, 'map_render_duration_seconds_count').find(
    (s) => s.labels === '{format="svg",scope="RO"}',
  );
  assert.ok(count && count.value >= 1, `render histogram by format and scope: ${JSON.stringify(count)}`);
  const buckets = samples(text, 'map_render_duration_seconds_bucket').filter((s) => s.labels.includes('scope="RO"'));
  assert.ok(
    buckets.some((s) => s.labels.includes('le="0.001"')) && buckets.some((s) => s.labels.includes('le="30"')),
    'buckets from 1 ms to 30 s',
  );
  assert.ok(samples(text, 'map_cache_hits_total')[0]!.value >= 1);
  assert.ok(samples(text, 'map_cache_misses_total')[0]!.value >= 1);
  assert.deepEqual(
    samples(text, 'map_render_queue_depth').map((s) => [s.labels, s.value]),
    [
      ['{format="svg"}', 0],
      ['{format="png"}', 0],
    ],
  );
  assert.equal(samples(text, 'map_browser_restarts_total')[0]?.value, 0);
  const twoxx = samples(text, 'map_http_requests_total').find((s) => s.labels === '{status_class="2xx"}');
  assert.ok(twoxx && twoxx.value >= 2, `2xx requests counted: ${JSON.stringify(twoxx)}`);
  assert.ok(
    samples(text, 'map_http_requests_total').some((s) => s.labels === '{status_class="4xx"}'),
    'the 404 above is counted',
  );
  assert.ok(samples(text, 'process_resident_memory_bytes')[0]!.value > 0, 'default process metrics');
});

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

test('an unexpected error: the client gets render_failed without a stack; the log gets the stack and request id', async () => {
  // the app with a renderer that fails as a bug would (not a typed error), to see where the stack goes
  const lines: LogLine[] = [];
  const logger = createLogger('info', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  const app = createApp({
    catalogue: loadCatalogue(),
    renderer: { render: () => Promise.reject(new Error('renderer bug: secret internals')) },
    cache: memoryRenderCache({ maxBytes: 1 << 20, ttlMs: 60_000 }),
    assets: loadRendererAssets(),
    logger,
    metrics: createMetrics(),
    readiness: () => ({ draining: false, browser: false, pages: 0, idle: 0, queued: 0 }),
  });
  const server = await listen(app, 0, '127.0.0.1');
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${base}/map.svg?scope=world`, { headers: { 'X-Request-Id': 'bug-1' } });
    assert.equal(response.status, 500);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), {
      error: 'render_failed',
      message: 'the map could not be rendered',
      status: 500,
    });
    assert.doesNotMatch(text, /secret|at |\.ts/);
    const error = lines.find((line) => line.level === 50 && line.reqId === 'bug-1');
    const err = error?.err as { message?: string; stack?: string } | undefined;
    assert.equal(err?.message, 'renderer bug: secret internals');
    assert.match(err?.stack ?? '', /observability\.test\.ts/, 'the stack is logged');
    await sleep(50);
    assert.equal(lines.find((line) => line.msg === 'request' && line.reqId === 'bug-1')?.status, 500);
    // and with the browser down, the process is alive but not ready
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    const ready = await fetch(`${base}/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), {
      status: 'unready',
      reason: 'browser not connected',
      browser: false,
      pages: 0,
      idle: 0,
      queued: 0,
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('Chromium killed: /readyz turns 503 while /healthz stays 200, then ready again; the restart is counted', async () => {
  const pid = await service.pool.browserPid();
  assert.ok(pid, 'the browser has a pid');
  process.kill(pid, 'SIGKILL');
  let sawUnready = false;
  for (let attempt = 0; attempt < 300 && !sawUnready; attempt++) {
    const ready = await fetch(`${service.url}/readyz`);
    const body = (await ready.json()) as { status: string; reason?: string };
    if (ready.status === 503) {
      assert.deepEqual([body.status, body.reason], ['unready', 'browser not connected']);
      assert.equal((await fetch(`${service.url}/healthz`)).status, 200, 'alive meanwhile');
      sawUnready = true;
    } else {
      await sleep(10);
    }
  }
  assert.ok(sawUnready, '/readyz saw the browser gone');
  let status = 0;
  for (let attempt = 0; attempt < 150 && status !== 200; attempt++) {
    status = (await fetch(`${service.url}/readyz`)).status;
    if (status !== 200) await sleep(100);
  }
  assert.equal(status, 200, 'ready again once Chromium is relaunched');
  const metrics = await (await fetch(`${service.url}/metrics`)).text();
  assert.equal(samples(metrics, 'map_browser_restarts_total')[0]?.value, 1);
  const svg = await fetch(`${service.url}/map.svg?scope=world&width=300&data=DE:1`);
  assert.equal(svg.status, 200);
  await svg.arrayBuffer();
});
