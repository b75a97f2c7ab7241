// The OpenAPI document over HTTP: GET /openapi.json and /docs, and requests built from the document behave as
// it says (examples render, values outside an enum or a range are 400s naming the field, headers as documented).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { STATUS } from '../server/errors.ts';
import { startService, type TestService } from './support/service.ts';
import {
  core,
  deref,
  doc,
  enumOf,
  GET_NAMES,
  operation,
  parameter,
  parameters,
  queryValue,
  schema,
  sorted,
  type Node,
} from './support/openapi.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const get = (path: string, init?: RequestInit) => fetch(service.url + path, init);
const url = (params: Record<string, string>) => `/map.svg?${new URLSearchParams({ scope: 'world', ...params })}`;
const codes400 = () =>
  doc.components.responses.Error400.content['application/json'].schema.properties.error.enum as string[];

test('GET /openapi.json and GET /docs', async () => {
  const json = await get('/openapi.json');
  assert.equal(json.status, 200);
  assert.match(json.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(await json.json(), JSON.parse(JSON.stringify(doc)));
  const page = await get('/docs');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const html = await page.text();
  assert.match(html, /^<!doctype html>/i);
  for (const path of Object.keys(doc.paths)) assert.ok(html.includes(`>${path}<`), `/docs shows ${path}`);
  for (const code of Object.keys(STATUS)) assert.ok(html.includes(code), `/docs lists ${code}`);
  for (const name of GET_NAMES) assert.ok(html.includes(`>${name}<`), `/docs lists parameter ${name}`);
  for (const name of Object.keys(doc.components.schemas))
    assert.ok(html.includes(`id="schema-${name}"`), `/docs shows schema ${name}`);
  assert.doesNotMatch(
    html,
    /<script|<link|src="http|href="http(?!s:\/\/www\.naturalearthdata)/i,
    'the page loads nothing',
  );
});

test('each enumerated parameter: its example renders, a value outside the enum is a 400 naming it', async () => {
  for (const p of parameters('/map.svg', 'get')) {
    const values = enumOf(p.schema);
    if (!values || p.name === 'scope') continue;
    assert.ok(values.includes(p.example), `${p.name}: example ${p.example} is allowed`);
    const ok = await get(url({ [p.name]: String(p.example) }));
    assert.equal(ok.status, 200, `${p.name}=${p.example}`);
    assert.equal(ok.headers.get('content-type'), 'image/svg+xml');
    await ok.arrayBuffer();
    const bad = await get(url({ [p.name]: `not-a-${p.name}` }));
    const error = (await bad.json()) as { error: string; field: string };
    assert.equal(bad.status, 400, `${p.name}=not-a-${p.name}`);
    assert.equal(error.field, p.name);
    assert.ok(codes400().includes(error.error), `${error.error} is a documented 400 code`);
  }
  const other = await get(url({ format: 'png' }));
  assert.equal(other.status, 400, "only the path's format");
  await other.arrayBuffer();
  assert.equal(parameter('/map.svg', 'get', 'scope').schema.enum, undefined);
  const unknown = await get(`/map.svg?scope=not-a-scope`);
  assert.equal(unknown.status, 404);
  const codes404 = doc.components.responses.Error404.content['application/json'].schema.properties.error
    .enum as string[];
  assert.ok(codes404.includes(((await unknown.json()) as { error: string }).error));
  // scope is no enumeration (about 200 of them): a few of each kind draw
  for (const id of ['world', 'RO', 'DE', 'US']) {
    const response = await get(`/map.svg?scope=${id}`);
    assert.equal(response.status, 200, `scope ${id}`);
    await response.arrayBuffer();
  }
});

test('each numeric parameter: just outside its range is a 400 naming it', async () => {
  for (const p of parameters('/map.svg', 'get')) {
    const s = core(p.schema);
    const range = (
      Array.isArray(s.anyOf) ? s.anyOf.find((a: Node) => a.type === 'integer' || a.type === 'number') : s
    ) as Node | undefined;
    if (!range || (range.type !== 'integer' && range.type !== 'number')) continue;
    for (const value of [range.minimum - 1, range.maximum + 1]) {
      const response = await get(url({ [p.name]: String(value) }));
      const error = (await response.json()) as { field: string; error: string };
      assert.equal(response.status, 400, `${p.name}=${value}`);
      assert.equal(error.field, p.name);
      assert.ok(codes400().includes(error.error));
    }
  }
  const breaks = parameter('/map.svg', 'get', 'breaks');
  const tooMany = Array.from({ length: breaks.schema.maxItems + 1 }, (_, i) => i);
  const response = await get(url({ breaks: queryValue(breaks, tooMany) }));
  assert.equal(response.status, 400);
  assert.equal(((await response.json()) as { field: string }).field, 'breaks');
});

test("every parameter's example is accepted as the document writes it", async () => {
  const list = parameters('/map.svg', 'get').filter((p) => p.name !== 'scope');
  // a few at a time, well within the test pool's queue
  for (let i = 0; i < list.length; i += 4) {
    await Promise.all(
      list.slice(i, i + 4).map(async (p) => {
        const response = await get(url({ [p.name]: queryValue(p, p.example) }));
        const text = await response.text();
        assert.equal(response.status, 200, `${p.name}=${queryValue(p, p.example)}: ${text.slice(0, 200)}`);
      }),
    );
  }
});

test('documented headers are sent on 200 and 304', async () => {
  for (const format of ['svg', 'png'] as const) {
    const op = operation(`/map.${format}`, 'get');
    const response = await get(`/map.${format}?scope=world&data=XX:1,US:2`);
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    const documented = Object.entries(op.responses['200'].headers as Node).map(
      ([name, h]) => [name, deref(h)] as const,
    );
    for (const [name, header] of documented) {
      const value = response.headers.get(name);
      if (header.required) assert.ok(value !== null, `${format} 200 sends ${name}`);
      if (value === null) continue;
      const s = header.schema;
      if (s.const !== undefined) assert.equal(value, s.const, name);
      if (s.enum) assert.ok(s.enum.includes(value), `${name}: ${value}`);
      if (s.pattern) assert.match(value, new RegExp(s.pattern), name);
    }
    assert.match(response.headers.get('x-geo-warnings') ?? '', /unknown-ids:XX/, 'X-Geo-Warnings as documented');
    const again = await get(`/map.${format}?scope=world&data=XX:1,US:2`, {
      headers: { 'If-None-Match': response.headers.get('etag')! },
    });
    assert.equal(again.status, 304);
    for (const [name, h] of Object.entries(op.responses['304'].headers as Node)) {
      if (deref(h).required) assert.ok(again.headers.get(name) !== null, `304 sends ${name}`);
    }
  }
});

test('the body examples and the example URLs render', async () => {
  const render = operation('/render/map', 'post');
  for (const [name, example] of Object.entries(render.requestBody.content['application/json'].examples as Node)) {
    const response = await get('/render/map', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(example.value),
    });
    assert.equal(response.status, 200, `${name}: ${response.status === 200 ? '' : await response.clone().text()}`);
    assert.ok(Object.keys(render.responses['200'].content).includes(response.headers.get('content-type') ?? ''), name);
    await response.arrayBuffer();
  }
  for (const example of Object.values(render.requestBody.content['text/csv'].examples as Node)) {
    const path = /POST to (\S+)\)/.exec(example.summary)?.[1] ?? '/render/map?scope=world';
    const response = await get(path, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: example.value });
    assert.equal(response.status, 200, await response.clone().text());
    await response.arrayBuffer();
  }
  for (const format of ['svg', 'png'] as const) {
    for (const example of operation(`/map.${format}`, 'get')['x-example-urls'] as Array<{ url: string }>) {
      const response = await get(example.url);
      assert.equal(response.status, 200, example.url);
      assert.equal(response.headers.get('content-type'), format === 'svg' ? 'image/svg+xml' : 'image/png');
      assert.equal(response.headers.get('x-geo-warnings'), null, `${example.url} uses known ids`);
      await response.arrayBuffer();
    }
  }
});

test('/render/spec answers with the documented SpecResponse', async () => {
  const spec = schema('SpecResponse');
  // `table` only for a table body: every other property, always
  const check = (body: Node, what: string, keys: string[] = spec.required) => {
    assert.deepEqual(sorted(Object.keys(body)), sorted(keys), what);
    assert.equal(typeof body.spec, 'object');
    assert.equal(typeof body.etag, 'string');
    assert.ok(Array.isArray(body.warnings.unknownIds) && Array.isArray(body.warnings.unknownRoutes));
    assert.ok(body.get === null || typeof body.get === 'string');
  };
  const viaGet = await get('/render/spec?scope=world&data=US:1,XX:2');
  assert.equal(viaGet.status, 200);
  assert.match(viaGet.headers.get('content-type') ?? '', /^application\/json/);
  const got = (await viaGet.json()) as Node;
  check(got, 'GET');
  assert.deepEqual(got.warnings.unknownIds, ['XX']);
  const examples = operation('/render/spec', 'post').requestBody.content['application/json'].examples as Node;
  const viaPost = await get('/render/spec', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(examples.shapes.value),
  });
  assert.equal(viaPost.status, 200);
  const posted = (await viaPost.json()) as Node;
  check(posted, 'POST');
  assert.equal(posted.get, null, 'shapes cannot be written as GET');
  const table = await get('/render/spec?scope=world', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: 'country,value\nGermany,1\nAtlantis,2',
  });
  const read = (await table.json()) as Node;
  check(read, 'POST table', Object.keys(spec.properties));
  assert.deepEqual(sorted(Object.keys(read.table)), sorted(spec.properties.table.required));
});
