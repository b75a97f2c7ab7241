// Requests an attacker would send, each through real HTTP to the real service: every one is refused or served
// within bounds, the process stays up, a cheap map is still served meanwhile, and memory comes back. Each of these
// once crashed the process, wedged it or answered a 500 (the issue "Crash-proof and fair under hostile load").
// The attacks of a public deployment (issue 43) are held where their parts are tested: other spellings of keyed
// routes (abuse-routes-http), MCP links signed for anonymous callers and Host headers that are no host (mcp-http),
// storing floods and their budgets (stored-maps-http), a stored map drained at its keeper's cost (quotas-http),
// an evicting Redis (stored-maps-redis), a revoked key's stored maps (access-http), made-up methods (http-errors),
// floods of costly maps, look-ups and MCP batches (abuse-load-http); made-up X-Forwarded-For entries and the
// memory of the largest PNGs here.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from './support/service.ts';
import { post } from './support/map-requests.ts';
import { treeRssMiB } from './support/process-tree.ts';
import { MAX_WARNINGS_BYTES } from '../server/http/geo-warnings.ts';

interface Answer {
  status: number;
  error?: string;
  field?: string;
  message?: string;
  headers: Headers;
  body: Buffer;
  ms: number;
}

const postJson = (body: unknown) => post(JSON.stringify(body));

async function ask(path: string, init?: RequestInit): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(service.url + path, { ...init, signal: AbortSignal.timeout(60_000) });
  const body = Buffer.from(await response.arrayBuffer());
  const json = /json/.test(response.headers.get('content-type') ?? '')
    ? (JSON.parse(body.toString('utf8')) as { error?: string; field?: string; message?: string })
    : {};
  return { status: response.status, ...json, headers: response.headers, body, ms: performance.now() - started };
}

/** The slowest of cached maps asked for every 10 ms while `attack` runs: what everyone else waits meanwhile. */
async function othersWaitWhile(attack: () => Promise<void>): Promise<number> {
  const cheap = '/map.svg?scope=world&width=300&title=cheap';
  await ask(cheap);
  let done = false;
  let slowest = 0;
  const others = (async () => {
    while (!done) {
      slowest = Math.max(slowest, (await ask(cheap)).ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await attack();
  } finally {
    done = true;
    await others;
  }
  return slowest;
}

// every error that escaped a handler while the tests ran: one had ended the process
const escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);
let memoryBefore = 0;
let service: TestService;
before(async () => {
  service = await startService({ renderTimeoutMs: 20_000 });
  process.on('unhandledRejection', record);
  await ask('/map.png?scope=world&width=600');
  memoryBefore = treeRssMiB(process.pid);
});
after(async () => {
  process.off('unhandledRejection', record);
  await service.close();
});

test('a 16,384² PNG is 422 too_costly naming scale, before anything is drawn; six at once leave the service up', async () => {
  const rendered = service.rendered.length;
  const huge = '/map.png?scope=world&level=high&width=4096&height=4096&scale=4';
  const answers = await Promise.all(Array.from({ length: 6 }, () => ask(huge)));
  for (const answer of answers) {
    assert.equal(answer.status, 422);
    assert.deepEqual([answer.error, answer.field], ['too_costly', 'scale']);
    assert.match(answer.message!, /268,435,456 device pixels, over the 67,108,864 this service draws/);
  }
  assert.equal(service.rendered.length, rendered, 'nothing was handed to a renderer');
});

test('a height left to a tall scope is checked once laid out: Vietnam 8000 px wide is too costly, the page serves on', async () => {
  const tall = await ask('/map.png?scope=VN&width=8000');
  assert.equal(tall.status, 422);
  assert.equal(tall.error, 'too_costly');
  assert.match(tall.message!, /a 8000 × \d{5} px map is .* device pixels, over the 67,108,864/);
  const next = await ask('/map.png?scope=VN&width=400');
  assert.equal(next.status, 200);
});

test('TopoJSON that reuses its arcs is refused by the positions it decodes to, before decoding', async () => {
  // 27 KB of body: one arc of 1,000 positions, used by 8,000 rings, decodes to 8 million positions
  const arc = Array.from({ length: 1000 }, (_, i) => [i % 2, (i + 1) % 2]);
  const geometries = [{ type: 'MultiPolygon', id: 'a', arcs: Array.from({ length: 8000 }, () => [[0]]) }];
  const geometry = { type: 'Topology', objects: { a: { type: 'GeometryCollection', geometries } }, arcs: [arc] };
  const answer = await ask('/render/map', postJson({ scope: 'custom', geometry }));
  assert.equal(answer.status, 400);
  assert.deepEqual([answer.error, answer.field], ['too_many_items', 'geometry']);
  assert.match(answer.message!, /past 1,000,000 positions/);
  assert.ok(answer.ms < 2000, `refused in ${Math.round(answer.ms)} ms`);
});

test('a number format of a 100-million-character width or precision is 400, naming numberFormat', async () => {
  for (const format of ['0>100000000d', '0>10000000d', '.100f', ',.65f']) {
    const answer = await ask(`/map.svg?scope=world&data=US:1&numberFormat=${encodeURIComponent(format)}`);
    assert.equal(answer.status, 400, format);
    assert.deepEqual([answer.error, answer.field], ['invalid_field', 'numberFormat']);
    assert.match(answer.message!, /width and round to a precision of at most 64/);
  }
  assert.equal((await ask('/map.svg?scope=world&data=US:1&numberFormat=0>64.64f')).status, 200);
});

test('a custom polygon of 190,000 positions is drawn, not a stack overflow; the event loop serves others meanwhile', async () => {
  const ring = Array.from({ length: 190_000 }, (_, i) => {
    const a = (2 * Math.PI * i) / 190_000;
    return [+(20 + 2 * Math.cos(a)).toFixed(5), +(45 + 2 * Math.sin(a)).toFixed(5)];
  });
  ring.push(ring[0]!);
  const geometry = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', id: 'big', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
  };
  let answer: Answer | undefined;
  const slowest = await othersWaitWhile(async () => {
    answer = await ask('/render/map', postJson({ scope: 'custom', format: 'svg', geometry }));
  });
  assert.equal(answer!.status, 200, answer!.message);
  assert.match(answer!.body.toString('utf8', 0, 200), /^<svg/);
  // it stalled every other request for half a second or more
  assert.ok(slowest < 300, `a cached map waited ${Math.round(slowest)} ms at most`);
});

test('values whose range overflows are 400 naming the value; the largest allowed draw every scale and legend', async () => {
  const overflow = await ask(
    '/map.svg?scope=world&data=US:1.7976931348623157e308,CN:-1.7976931348623157e308&legendLayout=continuous',
  );
  assert.equal(overflow.status, 400);
  assert.equal(overflow.error, 'invalid_data');
  assert.match(overflow.message!, /from -1e\+100 to 1e\+100/);
  for (const options of [
    '',
    '&legendLayout=continuous',
    '&classification=jenks',
    '&colorScale=diverging',
    '&colorScale=diverging&legendLayout=continuous',
  ]) {
    const answer = await ask(`/map.svg?scope=world&data=US:1e100,CN:-1e100,IN:5${options}`);
    assert.equal(answer.status, 200, `${options}: ${answer.message}`);
  }
});

test('ids are at most 200 characters, and X-Geo-Warnings stays within its bytes however many unknown ids', async () => {
  const long = await ask('/render/map', postJson({ scope: 'world', regions: [{ id: 'x'.repeat(20_000), value: 1 }] }));
  assert.equal(long.status, 400);
  assert.deepEqual([long.error, long.field], ['invalid_data', 'regions[0].id']);
  // with one known region: a request none of whose regions is known is a 422 no_known_ids (DECISIONS §10)
  const regions = [
    ...Array.from({ length: 60 }, (_, i) => ({ id: `${'ž'.repeat(40)}${i}`, value: i })),
    { id: 'FR', value: 1 },
  ];
  const answer = await ask('/render/map', postJson({ scope: 'world', format: 'svg', regions }));
  assert.equal(answer.status, 200);
  const warnings = answer.headers.get('x-geo-warnings')!;
  assert.ok(warnings.length <= MAX_WARNINGS_BYTES, `${warnings.length} bytes`);
  const listed = warnings.replace(/^unknown-ids:/, '').split(',');
  assert.ok(listed.length > 3 && listed.length < 60, `${listed.length} ids listed`);
  assert.equal(decodeURIComponent(listed[0]!), `${'ž'.repeat(40)}0`);
  // every one of them is in the normalised request's warnings
  const spec = await ask('/render/spec', postJson({ scope: 'world', regions }));
  assert.equal(
    (JSON.parse(spec.body.toString('utf8')) as { warnings: { unknownIds: string[] } }).warnings.unknownIds.length,
    60,
  );
});

test('a 4 MB CSV of a million tiny rows is refused at once, and others are served meanwhile', async () => {
  let answer: Answer | undefined;
  const slowest = await othersWaitWhile(async () => {
    answer = await ask('/render/map?scope=world', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,1\n'.repeat(1_000_000),
    });
  });
  assert.equal(answer!.status, 400);
  assert.equal(answer!.error, 'too_many_items');
  assert.match(answer!.message!, /line 5002: .*more than 5000 rows/);
  // it held the event loop four seconds
  assert.ok(slowest < 300, `a cached map waited ${Math.round(slowest)} ms at most`);
});

test('a list of 150,000 regions is refused by its length before its items are checked', async () => {
  const regions = Array.from({ length: 150_000 }, () => ({ id: 'US', value: 1 }));
  const answer = await ask('/render/map', postJson({ scope: 'world', regions }));
  assert.equal(answer.status, 400);
  assert.deepEqual([answer.error, answer.field], ['too_many_items', 'regions']);
});

test('four PNGs of 8000²: the memory they took is given back within 10 s', async () => {
  const idle = treeRssMiB(process.pid);
  const answers = await Promise.all(
    [1, 2, 3, 4].map((n) => ask(`/map.png?scope=world&width=8000&height=8000&data=US:${n}&title=Largest`)),
  );
  for (const answer of answers) assert.equal(answer.status, 200, answer.message);
  const peak = treeRssMiB(process.pid);
  const started = performance.now();
  let now = peak;
  while (now > idle + 300 && performance.now() - started < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    now = treeRssMiB(process.pid);
  }
  const report = `${Math.round(idle)} MiB idle, ${Math.round(peak)} after the four, ${Math.round(now)} after ${((performance.now() - started) / 1000).toFixed(1)} s`;
  assert.ok(now <= idle + 300, report);
});

test('X-Forwarded-For entries that are no IP address are ignored: a client writing new ones is one client', async () => {
  const proxied = await startService({ trustProxy: 1, anonQuotaPerMinute: 2, poolSize: 1 });
  try {
    const statuses = [];
    for (let n = 0; n < 5; n++) {
      const response = await fetch(`${proxied.url}/map.svg?scope=world&data=US:${n}&title=Forwarded`, {
        headers: { 'x-forwarded-for': `not-an-address-${n}` },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // before, each made-up entry was a client of its own, with a quota of its own
    assert.deepEqual(statuses, [200, 200, 429, 429, 429]);
    // an address, with a port as some proxies write it, is one
    const forwarded = await fetch(`${proxied.url}/map.svg?scope=world&data=US:9&title=Forwarded`, {
      headers: { 'x-forwarded-for': 'junk, 198.51.100.40:5123' },
    });
    assert.equal(forwarded.status, 200, 'another client: the address its proxy saw');
  } finally {
    await proxied.close();
  }
});

test('after every attack: no error escaped, the process answers a cheap map, and its memory came back', async () => {
  assert.deepEqual(escaped, []);
  const cheap = await ask('/map.png?scope=RO&width=300');
  assert.equal(cheap.status, 200);
  // the process, its threads and its Chromiums: a 16,384² PNG alone had left 2.9 GiB behind. Pages and threads
  // give back what they used once idle (a few seconds).
  let memoryAfter = treeRssMiB(process.pid);
  for (let waited = 0; memoryAfter > memoryBefore + 300 && waited < 30_000; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    memoryAfter = treeRssMiB(process.pid);
  }
  assert.ok(
    memoryAfter < memoryBefore + 300,
    `${Math.round(memoryBefore)} MiB before, ${Math.round(memoryAfter)} after`,
  );
});
