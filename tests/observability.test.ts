// What an operator sees: liveness and readiness probes, Chromium's restart among them, Prometheus metrics, and
// request ids in responses and in the JSON log. Slow clients are in slow-clients.test.ts, an unexpected error's
// answer and log in unit/unexpected-error.test.ts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startListening, startService, type TestService } from './support/service.ts';
import { samples } from './support/metrics.ts';

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

// The service listens before its renderers are ready: a balancer waits for /readyz, a client asking at once gets
// its map once a renderer can draw it (within the render deadline), not a refusal.
for (const svgRenderer of ['threads', 'chromium'] as const) {
  test(`start-up, SVG_RENDERER=${svgRenderer}: /readyz 503 until both renderers can serve, then 200; maps asked at once are answered`, async () => {
    const starting = await startListening({ poolSize: 1, svgRenderer });
    try {
      const unready = await fetch(`${starting.url}/readyz`);
      assert.equal(unready.status, 503);
      const body = (await unready.json()) as { status: string; reason: string };
      assert.equal(body.status, 'unready');
      // the threads may have warmed up by now, the pages not yet (they take a second and more)
      const waited =
        svgRenderer === 'threads'
          ? /^starting: waiting for (the SVG threads and )?the Chromium pages$/
          : /^starting: waiting for the Chromium pages$/;
      assert.match(body.reason, waited);
      assert.equal((await fetch(`${starting.url}/healthz`)).status, 200, 'alive meanwhile');

      const [svg, png] = await Promise.all(
        ['/map.svg?scope=world&width=300&data=DE:1', '/map.png?scope=world&width=300&data=DE:1'].map((path) =>
          fetch(starting.url + path),
        ),
      );
      assert.equal(svg!.status, 200);
      assert.equal(svg!.headers.get('content-type'), 'image/svg+xml');
      assert.match(await svg!.text(), /^<svg /);
      assert.equal(png!.status, 200);
      assert.equal(png!.headers.get('content-type'), 'image/png');
      await png!.arrayBuffer();

      await starting.ready;
      const ready = await fetch(`${starting.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ready', browser: true, pages: 1, idle: 1, queued: 0 });
    } finally {
      await starting.close();
    }
  });
}

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
  // the map just drawn is among what the cache holds
  const body = (await (await fetch(service.url + path)).arrayBuffer()).byteLength;
  const cached = await (await fetch(`${service.url}/metrics`)).text();
  assert.ok(samples(cached, 'map_cache_bytes')[0]!.value > body, 'the bytes the cache holds in memory');
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

test('a Chromium killed: /readyz turns 503 while /healthz stays 200, then ready again; the restart is counted', async () => {
  const [pid] = await service.pool.browserPids();
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
