// CORS as a dashboard on another site meets it: in a real Chromium, a page of another origin POSTs JSON with a key
// (a preflight first) and reads the map, its warnings and a 400's message; over HTTP, every public endpoint answers
// the preflight 204 and every answer, 200 or error (JSON, picture, 414, 503, 429), carries the CORS headers. With
// CORS_ORIGINS listing sites, only those are let read.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serviceForTests } from './support/service.ts';
import { stubDeps } from './support/stub-deps.ts';
import { createApp } from '../server/app.ts';
import { listen } from '../server/listen.ts';
import { RenderRefused } from '../server/render/render-errors.ts';
import type { CorsOrigins } from '../server/config.ts';

const service = serviceForTests();
let browser: Browser;
/** The dashboard: a page on a server of its own, so another origin than the service's; on loopback too, as a
 *  page on a public site may not call into a local network (Chromium's Local Network Access). */
let dashboard: Server;
let dashboardOrigin: string;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  dashboard = createServer((_, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end('<!doctype html><title>Dashboard</title>');
  });
  await new Promise<void>((resolve) => dashboard.listen(0, '127.0.0.1', resolve));
  dashboardOrigin = `http://127.0.0.1:${(dashboard.address() as AddressInfo).port}`;
});
after(async () => {
  await browser?.close();
  await new Promise((resolve) => dashboard?.close(resolve));
});

const fromDashboard = () => ({ Origin: dashboardOrigin });
const EXPOSED = ['etag', 'x-geo-warnings', 'x-request-id', 'content-disposition'];

async function dashboardPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${dashboardOrigin}/`);
  return page;
}

/** What a page's `fetch` got: its status, the headers a page may read, its JSON or the SVG's start; or the
 *  browser's refusal ("Failed to fetch"). */
type Fetched = { status: number; warnings: string | null; etag: string | null; json?: unknown; start?: string };
const fetchIn = (page: Page, url: string, init: RequestInit): Promise<Fetched | { refused: string }> =>
  page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        const text = await response.text();
        const json = /json/.test(response.headers.get('content-type') ?? '');
        return {
          status: response.status,
          warnings: response.headers.get('X-Geo-Warnings'),
          etag: response.headers.get('ETag'),
          ...(json ? { json: JSON.parse(text) as unknown } : { start: text.slice(0, 5) }),
        };
      } catch (error) {
        return { refused: String(error) };
      }
    },
    { url, init },
  );

test('in Chromium, a page of another origin POSTs a map with a key and reads it, its warnings and a 400', async () => {
  const page = await dashboardPage();
  try {
    const post = (body: unknown) =>
      fetchIn(page, `${service.url}/render/map`, {
        method: 'POST',
        // Content-Type JSON and Authorization: the browser asks with a preflight before it sends them
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer mr_live_test' },
        body: JSON.stringify(body),
      });
    const map = await post({
      scope: 'world',
      regions: [
        { id: 'DE', value: 1 },
        { id: 'XX', value: 2 },
      ],
    });
    assert.ok(!('refused' in map), `the browser let the page read it: ${JSON.stringify(map)}`);
    assert.equal(map.status, 200);
    assert.equal(map.start, '<svg ');
    assert.match(map.warnings ?? '', /unknown-ids:XX/, 'X-Geo-Warnings is readable');
    assert.match(map.etag ?? '', /^"[0-9a-f]{40}"$/, 'ETag is readable');
    const bad = await post({ scope: 'world', theme: 'nope' });
    assert.ok(!('refused' in bad), 'an error is an answer, not a network failure');
    assert.equal(bad.status, 400);
    assert.equal((bad.json as { field: string }).field, 'theme');
    const scopes = await fetchIn(page, `${service.url}/scopes/DE`, { headers: { 'If-None-Match': '"x"' } });
    assert.ok(!('refused' in scopes) && scopes.status === 200, 'GET with a header beyond the safelist');
  } finally {
    await page.close();
  }
});

test('the preflight of every public endpoint is 204 with the methods, request headers and max age', async () => {
  for (const [path, method] of [
    ['/render/map', 'POST'],
    ['/render/spec', 'POST'],
    ['/render/spec', 'GET'],
    ['/map.svg', 'GET'],
    ['/map.png', 'GET'],
    ['/scopes', 'GET'],
    ['/scopes/RO', 'GET'],
    ['/openapi.json', 'GET'],
    ['/places', 'GET'],
    ['/mcp', 'POST'],
  ] as const) {
    const response = await fetch(service.url + path, {
      method: 'OPTIONS',
      headers: {
        ...fromDashboard(),
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'content-type,authorization,if-none-match,mcp-protocol-version',
      },
    });
    assert.equal(response.status, 204, `${method} ${path}: not refused as a method the route lacks`);
    assert.equal(response.headers.get('access-control-allow-origin'), '*', path);
    assert.equal(response.headers.get('access-control-allow-methods'), 'GET,HEAD,POST,OPTIONS', path);
    assert.equal(
      response.headers.get('access-control-allow-headers'),
      'Content-Type,Authorization,If-None-Match,Mcp-Protocol-Version',
      path,
    );
    assert.equal(response.headers.get('access-control-max-age'), '86400', path);
    assert.equal(await response.text(), '');
  }
});

/** The CORS headers a page needs to read `response`. */
function assertReadable(response: Response, what: string): void {
  assert.equal(response.headers.get('access-control-allow-origin'), '*', `${what}: Access-Control-Allow-Origin`);
  const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(',');
  for (const name of EXPOSED) assert.ok(exposed.includes(name), `${what} exposes ${name}`);
}

test('every answer carries the CORS headers: a map by GET and POST, a 304, errors as JSON and as pictures', async () => {
  const get = await fetch(`${service.url}/map.png?scope=world&data=DE:1`, { headers: fromDashboard() });
  assert.equal(get.status, 200);
  await get.arrayBuffer();
  assertReadable(get, 'a PNG');
  const again = await fetch(`${service.url}/map.png?scope=world&data=DE:1`, {
    headers: { ...fromDashboard(), 'If-None-Match': get.headers.get('etag')! },
  });
  assert.equal(again.status, 304);
  assertReadable(again, 'a 304');
  const posted = await fetch(`${service.url}/render/spec?scope=world`, {
    method: 'POST',
    headers: { ...fromDashboard(), 'Content-Type': 'text/csv' },
    body: 'id,value\nDE,1\n',
  });
  assert.equal(posted.status, 200);
  await posted.json();
  assertReadable(posted, 'POST /render/spec');
  for (const [path, status] of [
    ['/map.svg?scope=world&theme=nope', 400],
    ['/map.svg?scope=nowhere', 404],
    ['/nowhere', 404],
    [`/map.svg?scope=world&title=${'x'.repeat(17_000)}`, 414],
  ] as const) {
    const response = await fetch(service.url + path, { headers: fromDashboard() });
    assert.equal(response.status, status, path.slice(0, 40));
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    await response.json();
    assertReadable(response, `a ${status}`);
  }
  const picture = await fetch(`${service.url}/map.png?scope=world&theme=nope`, {
    headers: { ...fromDashboard(), 'Sec-Fetch-Dest': 'image' },
  });
  assert.equal(picture.status, 400);
  assert.equal(picture.headers.get('content-type'), 'image/png');
  await picture.arrayBuffer();
  assertReadable(picture, 'an error picture');
  const refusedMethod = await fetch(`${service.url}/scopes`, { method: 'POST', headers: fromDashboard() });
  assert.equal(refusedMethod.status, 405);
  await refusedMethod.json();
  assertReadable(refusedMethod, 'a 405');
});

/** The app over real HTTP with a renderer that refuses every map as `reason` would, and CORS_ORIGINS `origins`. */
async function refusingApp(origins: CorsOrigins, reason: 'queue-full' | 'over-share' = 'queue-full') {
  const deps = stubDeps({
    renderer: {
      render: () => Promise.reject(new RenderRefused(reason, 'test')),
      picture: () => Promise.reject(new Error('no pictures here')),
    },
  });
  const app = createApp({ ...deps, http: { ...deps.http, corsOrigins: origins } });
  const server = await listen(app, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('a refused render, 503 overloaded or 429 rate_limited, carries the CORS headers and Retry-After', async () => {
  for (const [reason, status] of [
    ['queue-full', 503],
    ['over-share', 429],
  ] as const) {
    const app = await refusingApp('*', reason);
    try {
      const response = await fetch(`${app.url}/map.svg?scope=world`, { headers: fromDashboard() });
      assert.equal(response.status, status);
      await response.json();
      assertReadable(response, `a ${status}`);
      assert.equal(response.headers.get('retry-after'), '1');
    } finally {
      await app.close();
    }
  }
});

test('CORS_ORIGINS: a listed origin is answered with itself, any other with no CORS header; the browser agrees', async () => {
  const app = await refusingApp([dashboardOrigin, 'https://intranet.example:8443']);
  const page = await dashboardPage();
  try {
    const listed = await fetch(`${app.url}/scopes`, { headers: fromDashboard() });
    assert.equal(listed.headers.get('access-control-allow-origin'), dashboardOrigin);
    assert.match(listed.headers.get('vary') ?? '', /Origin/, 'a cache keeps the answers to each origin apart');
    await listed.json();
    const other = await fetch(`${app.url}/scopes`, { headers: { Origin: 'https://elsewhere.example' } });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    await other.json();
    const preflight = await fetch(`${app.url}/render/map`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null, 'no preflight for another site');
    await preflight.arrayBuffer();
    const read = await fetchIn(page, `${app.url}/scopes`, {});
    assert.ok(!('refused' in read) && read.status === 200, 'the listed dashboard reads /scopes');
  } finally {
    await page.close();
    await app.close();
  }
  const elsewhere = await refusingApp(['https://intranet.example:8443']);
  const page2 = await dashboardPage();
  try {
    const read = await fetchIn(page2, `${elsewhere.url}/scopes`, {});
    assert.ok('refused' in read, `a page not listed is kept from the answer: ${JSON.stringify(read)}`);
  } finally {
    await page2.close();
    await elsewhere.close();
  }
});
