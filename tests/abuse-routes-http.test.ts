// Access is decided on the route, not on the path's text (DECISIONS §12): every route the app registers, read from
// its own route table, asked with every method it answers and every spelling of its path a client could send (other
// case, a trailing slash, `//`, encoded characters), without credentials. Under ACCESS=keys a keyed route answers
// 401 however it is spelled (or 404 where the spelling names no route at all), an open route never asks for a key;
// under ACCESS=watermark a keyed route's map carries the logo. No spelling is ever answered a 5xx.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closedAfterTests, type TestService } from './support/service.ts';
import { routeTable } from '../server/routes.ts';
import { stubDeps } from './support/stub-deps.ts';
import { mintKey } from '../server/access/key-tokens.ts';
import type { RouteAccess } from '../server/access/route-access.ts';

const SECRET = 'test-secret-of-at-least-32-characters!';
const KEY = mintKey({ id: 'walker', owner: 'tests', expires: 4e9 }, SECRET, 'mr_live_');
const { service } = closedAfterTests();
let keys: TestService;
let watermark: TestService;
let storedId: string;
before(async () => {
  [keys, watermark] = await Promise.all([
    service({ poolSize: 1, access: 'keys', keySecrets: [SECRET], mapsDir: mkdtempSync(path.join(tmpdir(), 'walk-')) }),
    service({ poolSize: 1, access: 'watermark', keySecrets: [SECRET] }),
  ]);
  const stored = await fetch(`${keys.url}/maps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ scope: 'world', regions: [{ id: 'FR', value: 1 }] }),
  });
  assert.equal(stored.status, 201);
  storedId = ((await stored.json()) as { id: string }).id;
});

interface Route {
  path: string;
  method: string;
  access: RouteAccess;
}

/** Every route of the app's table: each path it registers, with each method it answers. */
function registeredRoutes(): Route[] {
  const routes = routeTable(
    stubDeps({ renderer: { render: () => Promise.reject(), picture: () => Promise.reject() } }),
  );
  return routes.flatMap(({ router, access }) =>
    router.stack.flatMap((layer) => layer.methods.map((method) => ({ path: String(layer.path), method, access }))),
  );
}

/** A path of the route's pattern a request can name. */
const concrete = (pattern: string) =>
  pattern.replace(':scope', 'DE').replace(':name', `${storedId}.svg`).replace(':file', 'world-low.json');

/** The spellings of a path: as registered, and as a client could otherwise write it. */
function spellings(given: string): string[] {
  const at = given.search(/[a-z]/);
  return [
    given,
    given.toUpperCase(),
    given.replace(/\b[a-z]/, (letter) => letter.toUpperCase()),
    `${given}/`,
    `/${given}`,
    given.replace('.', '%2E'),
    at < 0 ? given : `${given.slice(0, at)}%${given.charCodeAt(at).toString(16)}${given.slice(at + 1)}`,
  ];
}

const QUERY = '?scope=world&data=US:1';
const BODIES: Record<string, string> = {
  '/mcp': JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
};

async function ask(url: string, route: Route, spelt: string) {
  const post = route.method === 'POST';
  const response = await request(url + spelt + (post ? '' : QUERY), {
    method: route.method as 'GET',
    headers: post ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } : {},
    body: post ? (BODIES[route.path] ?? JSON.stringify({ scope: 'world', format: 'svg' })) : undefined,
  });
  const body = Buffer.from(await response.body.arrayBuffer()).toString('utf8');
  return { status: response.statusCode, headers: response.headers, body };
}

test('the route table lists every route: the maps, storing them and /mcp keyed, the rest open', () => {
  const routes = registeredRoutes();
  const keyed = new Set(routes.filter((r) => r.access === 'keyed').map((r) => `${r.method} ${r.path}`));
  for (const route of ['GET /map.svg', 'HEAD /map.png', 'GET /map.webp', 'POST /render/map', 'GET /render/spec'])
    assert.ok(keyed.has(route), route);
  for (const route of ['POST /render/spec', 'POST /maps', 'POST /mcp']) assert.ok(keyed.has(route), route);
  const open = new Set(routes.filter((r) => r.access === 'open').map((r) => `${r.method} ${r.path}`));
  for (const route of ['GET /maps/:name', 'GET /scopes', 'GET /places', 'GET /docs', 'GET /', 'GET /healthz'])
    assert.ok(open.has(route), route);
});

test('ACCESS=keys: every keyed route, however spelled, is 401 without a key; no open route asks for one', async () => {
  const wrong: string[] = [];
  let keyedRefused = 0;
  for (const route of registeredRoutes()) {
    for (const spelt of spellings(concrete(route.path))) {
      const { status } = await ask(keys.url, route, spelt);
      const seen = `${route.method} ${spelt} (${route.access}) → ${status}`;
      if (status >= 500) wrong.push(seen);
      else if (route.access === 'keyed' && status !== 401 && status !== 404) wrong.push(seen);
      else if (route.access === 'open' && (status === 401 || status === 403)) wrong.push(seen);
      if (route.access === 'keyed' && status === 401) keyedRefused++;
    }
  }
  assert.deepEqual(wrong, []);
  // the spellings the router matches (case, a trailing slash) reached the keyed routes and were refused
  assert.ok(keyedRefused >= 4 * 15, `${keyedRefused} keyed requests refused`);
});

test('ACCESS=keys: the spellings the issue found served without a key are refused', async () => {
  for (const [method, spelt] of [
    ['GET', '/MAP.svg'],
    ['GET', '/map.SVG'],
    ['GET', '/map.png/'],
    ['POST', '/RENDER/map'],
    ['GET', '/Render/spec'],
    ['POST', '/MAPS'],
    ['POST', '/maps/'],
    ['POST', '/MCP'],
  ]) {
    const { status, headers } = await ask(keys.url, { method, path: spelt, access: 'keyed' }, spelt);
    assert.equal(status, 401, `${method} ${spelt}`);
    assert.equal(headers['www-authenticate'], 'Bearer');
  }
});

test('ACCESS=watermark: every keyed route, however spelled, draws the logo without a key', async () => {
  const wrong: string[] = [];
  let drawn = 0;
  for (const route of registeredRoutes().filter((r) => r.access === 'keyed' && r.method !== 'HEAD')) {
    for (const spelt of spellings(concrete(route.path))) {
      const { status, headers, body } = await ask(watermark.url, route, spelt);
      const seen = `${route.method} ${spelt} → ${status}`;
      if (status >= 500) wrong.push(seen);
      if (status !== 200) continue;
      // the access middleware saw the route as keyed: it says a key would change the answer
      if (headers['www-authenticate'] !== 'Bearer') wrong.push(`${seen} without WWW-Authenticate`);
      if (/svg/.test(String(headers['content-type'])) && !body.includes('data-layer="logo"'))
        wrong.push(`${seen} without the logo`);
      drawn++;
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(drawn >= 4 * 10, `${drawn} keyed answers`);
});
