// The MCP server at /mcp (DECISIONS §13) driven by the SDK's own client over Streamable HTTP, as an assistant drives
// it: every tool listed and called, a map made by create_map and grown by add_layers checked in its SVG, bad input
// answered as a tool error naming the field, and under ACCESS=keys a key required and the URLs signed.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connect as connectSocket } from 'node:net';
import { closedAfterTests, type TestService } from './support/service.ts';
import { all, fetchSvg, fill, parseSvg } from './support/svg.ts';
import { mintKey } from '../server/access/key-tokens.ts';
import { MARKER_ICONS, THEMES } from '../shared/lists.ts';
import { dark } from '../renderer-page/themes/dark.ts';

const SECRET = 'test-secret-of-at-least-32-characters!';
const { service, closeLater } = closedAfterTests();
let open: TestService;
let keys: TestService;
let watermark: TestService;
before(async () => {
  open = await service({ poolSize: 1 });
  keys = await service({ poolSize: 1, access: 'keys', keySecrets: [SECRET] });
  watermark = await service({ poolSize: 1, access: 'watermark', keySecrets: [SECRET] });
});

async function connect(url: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  closeLater(() => client.close());
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const textOf = (result: CallToolResult) =>
  result.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');

interface MapLinks {
  svg_url: string;
  png_url: string;
  editor_url: string;
  embed: string;
  warnings: string[];
}

/** A map tool's answer: a PNG preview 900 px wide, and the links as structuredContent and as the same text. */
function mapAnswer(result: CallToolResult): MapLinks {
  assert.ok(!result.isError, textOf(result));
  const image = result.content.find((c) => c.type === 'image');
  assert.ok(image && image.type === 'image' && image.mimeType === 'image/png', 'an image block');
  const png = Buffer.from(image.data, 'base64');
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.equal(png.readUInt32BE(16), 900, 'the preview is 900 px wide');
  const links = result.structuredContent as unknown as MapLinks;
  assert.deepEqual(JSON.parse(textOf(result)), links, 'the text is the same JSON');
  return links;
}

const WORLD = {
  scope: 'world',
  values: [
    { id: 'US', value: 200 },
    { id: 'CN', value: 150 },
  ],
};

test('every tool is listed, with input schemas the request schema derives', async () => {
  const client = await connect(open.url);
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    ['create_map', 'add_layers', 'find_places', 'describe_options', 'list_regions'],
  );
  const create = tools.find((t) => t.name === 'create_map')!;
  const theme = create.inputSchema.properties!.theme as { enum: string[] };
  assert.deepEqual(theme.enum, [...THEMES], "create_map's themes are the schema's");
  assert.deepEqual(create.inputSchema.required, ['scope']);
});

test('create_map draws US and CN in data colours; add_layers adds a marker and keeps them', async () => {
  const client = await connect(open.url);
  const made = mapAnswer(await call(client, 'create_map', { ...WORLD, title: 'Two countries' }));
  assert.ok(made.svg_url.startsWith(`${open.url}/map.svg?`), made.svg_url);
  assert.ok(made.png_url.startsWith(`${open.url}/map.png?`), made.png_url);
  assert.ok(made.editor_url.startsWith(`${open.url}/?`), made.editor_url);
  assert.match(made.embed, /^<img src="[^"]+" alt="Two countries">$/);
  assert.deepEqual(made.warnings, []);
  const { doc } = await fetchSvg(made.svg_url, '');
  assert.equal(fill(doc, 'US'), dark.sequential.at(-1), 'the larger value in the strongest colour');
  assert.ok(dark.sequential.includes(fill(doc, 'CN')!), `CN ${fill(doc, 'CN')} is on the ramp`);
  assert.equal(fill(doc, 'FR'), dark.noData, 'a country without data stays grey');

  const grown = mapAnswer(
    await call(client, 'add_layers', {
      map: made.svg_url,
      markers: [{ lat: 44.43, lon: 26.1, icon: 'pin', label: 'Bucharest' }],
    }),
  );
  const again = (await fetchSvg(grown.svg_url, '')).doc;
  const layer = all(again, 'g').find((g) => g.getAttribute('data-layer') === 'markers');
  assert.ok(layer, 'a markers layer');
  assert.ok(
    all(layer as unknown as Document, 'text').some((t) => t.textContent === 'Bucharest'),
    'its label',
  );
  assert.equal(fill(again, 'US'), fill(doc, 'US'), "the map's data is kept");
});

test("a map no URL can say (a category holding , and :) is stored: its links are the stored map's; add_layers adds to it", async () => {
  const client = await connect(open.url);
  const both = 'Arabica, Robusta: both';
  const request = {
    scope: 'world',
    values: [
      { id: 'BR', category: both },
      { id: 'VN', category: 'Robusta' },
    ],
    title: 'Coffee grown',
  };
  const made = mapAnswer(await call(client, 'create_map', request));
  assert.match(made.svg_url, new RegExp(`^${open.url}/maps/[\\w-]{22}\\.svg$`), made.svg_url);
  assert.equal(made.png_url, made.svg_url.replace(/\.svg$/, '.png'));
  assert.ok(made.editor_url.startsWith(`${open.url}/#json=`), made.editor_url);
  const edited = JSON.parse(decodeURIComponent(made.editor_url.slice(made.editor_url.indexOf('#json=') + 6)));
  assert.equal(edited.regions[0].value, both, 'the preview page opens the request itself');
  const { doc } = await fetchSvg(made.svg_url, '');
  assert.ok(
    all(doc, 'text').some((t) => t.textContent === both),
    'the category as given, in the legend',
  );
  assert.notEqual(fill(doc, 'BR'), fill(doc, 'VN'));
  assert.notEqual(fill(doc, 'BR'), dark.noData);
  const png = await fetch(made.png_url);
  assert.equal(png.status, 200);
  assert.equal(png.headers.get('content-type'), 'image/png');

  const grown = mapAnswer(
    await call(client, 'add_layers', { map: made.svg_url, markers: [{ place: 'Brasília', label: 'Brasília' }] }),
  );
  assert.notEqual(grown.svg_url, made.svg_url, 'another stored map');
  const again = (await fetchSvg(grown.svg_url, '')).doc;
  const layer = all(again, 'g').find((g) => g.getAttribute('data-layer') === 'markers');
  assert.ok(layer && all(layer as unknown as Document, 'text').some((t) => t.textContent === 'Brasília'));
  assert.ok(
    all(again, 'text').some((t) => t.textContent === both),
    'the stored categories kept',
  );
  assert.equal(fill(again, 'BR'), fill(doc, 'BR'), "the stored map's data kept");
});

test('bad input is a tool error naming the field and the closest valid values', async () => {
  const client = await connect(open.url);
  const scope = await call(client, 'create_map', { ...WORLD, scope: 'wrold' });
  assert.equal(scope.isError, true);
  assert.match(textOf(scope), /scope/);
  assert.match(textOf(scope), /did you mean world/);
  const theme = await call(client, 'create_map', { ...WORLD, theme: 'blue' });
  assert.equal(theme.isError, true);
  assert.match(textOf(theme), /theme/);
  assert.match(textOf(theme), /light-blue/);
  const both = await call(client, 'create_map', { scope: 'world', values: [{ id: 'US', value: 1, category: 'a' }] });
  assert.match(textOf(both), /values\[0\]/);
  const notAMap = await call(client, 'add_layers', { map: 'https://example.org/elsewhere', markers: [] });
  assert.equal(notAMap.isError, true);
  assert.match(textOf(notAMap), /map/);
  const unknown = mapAnswer(
    await call(client, 'create_map', {
      scope: 'world',
      values: [
        { id: 'Germny', value: 1 },
        { id: 'FR', value: 2 },
      ],
    }),
  );
  assert.match(unknown.warnings.join(' '), /Germny \(did you mean DE\?\)/);
});

test('describe_options, list_regions, find_places, the resources and the prompts', async () => {
  const client = await connect(open.url);
  const themes = JSON.parse(textOf(await call(client, 'describe_options', { kind: 'themes' }))) as { themes: string[] };
  assert.deepEqual(themes.themes, [...THEMES]);
  const icons = JSON.parse(textOf(await call(client, 'describe_options', { kind: 'icons' }))) as { icons: string[] };
  assert.deepEqual(icons.icons, [...MARKER_ICONS]);
  const grammar = JSON.parse(textOf(await call(client, 'describe_options', { kind: 'grammar' }))) as {
    parameters: Array<{ name: string; written?: string }>;
  };
  assert.match(grammar.parameters.find((p) => p.name === 'markers')!.written!, /lat,lon/);

  const german = JSON.parse(textOf(await call(client, 'list_regions', { scope: 'world', query: 'germ' }))) as {
    regions: Array<{ id: string; name: string }>;
  };
  assert.ok(
    german.regions.some((r) => r.id === 'DE'),
    JSON.stringify(german.regions),
  );
  const timis = JSON.parse(textOf(await call(client, 'list_regions', { scope: 'ro', query: 'TIMIS' }))) as {
    scope: string;
    regions: Array<{ id: string; name: string }>;
  };
  assert.equal(timis.scope, 'RO');
  assert.deepEqual(
    timis.regions.map((r) => r.id),
    ['RO-TM'],
    'accents and case ignored',
  );
  assert.equal((await call(client, 'list_regions', { scope: 'nowhere' })).isError, true);

  const places = await call(client, 'find_places', { query: 'Rotterdam', kind: 'port' });
  const [first] = (places.structuredContent as { places: Array<{ name: string; countryId: string; lat: number }> })
    .places;
  assert.equal(first?.countryId, 'NL', 'the port of Rotterdam, from GET /places');
  assert.ok(Math.abs(first!.lat - 51.9) < 0.3, `${first!.lat}`);

  const { resources } = await client.listResources();
  assert.deepEqual(
    resources.map((r) => r.uri),
    [
      'maproll://grammar',
      'maproll://catalog/scopes',
      'maproll://catalog/themes',
      'maproll://catalog/icons',
      'maproll://catalog/projections',
      'maproll://catalog/patterns',
      'maproll://examples',
    ],
  );
  const scopes = await client.readResource({ uri: 'maproll://catalog/scopes' });
  const read = JSON.parse((scopes.contents[0] as { text: string }).text) as { scopes: Array<{ id: string }> };
  assert.ok(read.scopes.some((s) => s.id === 'world'));

  const { prompts } = await client.listPrompts();
  assert.deepEqual(
    prompts.map((p) => p.name),
    ['table_map', 'readme_map', 'refine_map'],
  );
  const prompt = await client.getPrompt({ name: 'readme_map', arguments: { subject: 'the EU members' } });
  assert.match((prompt.messages[0]!.content as { text: string }).text, /alt text/);
});

test('the README examples replayed: each tool call of maproll://examples that makes a map draws one', async () => {
  const client = await connect(open.url);
  const examples = await client.readResource({ uri: 'maproll://examples' });
  const list = JSON.parse((examples.contents[0] as { text: string }).text) as Array<{
    calls: Array<{ tool: string; args: Record<string, unknown> }>;
  }>;
  let map: string | undefined;
  for (const { tool, args } of list.flatMap((e) => e.calls)) {
    if (tool === 'find_places') continue;
    const given = tool === 'add_layers' ? { ...args, map } : args;
    map = mapAnswer(await call(client, tool, given)).svg_url;
  }
  const { doc } = await fetchSvg(map!, '');
  const routes = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'routes');
  assert.ok(routes, 'the sea route is drawn');
});

test('GET and DELETE /mcp: 405, a stateless server has no stream nor session', async () => {
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(`${open.url}/mcp`, { method });
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get('allow'), 'POST');
  }
});

test('ACCESS=keys: /mcp wants a key; with one, the links are signed and draw', async () => {
  const initialize = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  };
  const refused = await fetch(`${keys.url}/mcp`, initialize);
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get('www-authenticate'), 'Bearer');

  const key = mintKey(
    { id: 'mcp-test', owner: 'tests', expires: Math.floor(Date.now() / 1000) + 3600 },
    SECRET,
    'mr_live_',
  );
  const client = await connect(keys.url, key);
  const made = mapAnswer(await call(client, 'create_map', WORLD));
  for (const url of [made.svg_url, made.png_url]) {
    assert.match(url, /&k=[\w-]+&t=[\w-]+$/, 'signed');
    const response = await fetch(url);
    assert.equal(response.status, 200, `${url}: ${response.status}`);
  }
  assert.doesNotMatch(made.editor_url, /[?&][kt]=/, 'the preview page link is not signed');
  const svg = parseSvg(await (await fetch(made.svg_url)).text());
  assert.ok(dark.sequential.includes(fill(svg, 'US')!));
});

test('ACCESS=watermark: an anonymous caller’s links are unsigned and draw the logo; a caller’s own key signs its links', async () => {
  const logo = async (url: string) => /data-layer="logo"/.test(await (await fetch(url)).text());
  const anonymous = mapAnswer(await call(await connect(watermark.url), 'create_map', WORLD));
  assert.doesNotMatch(anonymous.svg_url, /[?&][kt]=/, 'no key signs an anonymous caller’s links');
  assert.ok(await logo(anonymous.svg_url), 'drawn with the logo');

  const key = mintKey(
    { id: 'mcp-own', owner: 'tests', expires: Math.floor(Date.now() / 1000) + 3600 },
    SECRET,
    'mr_live_',
  );
  const keyed = mapAnswer(await call(await connect(watermark.url, key), 'create_map', WORLD));
  assert.match(keyed.svg_url, /&k=[\w-]+&t=[\w-]+$/, 'signed with the caller’s key');
  assert.ok(!(await logo(keyed.svg_url)), 'the caller’s key draws it without the logo');
  const { k } = Object.fromEntries(new URL(keyed.svg_url).searchParams) as { k: string };
  assert.equal(JSON.parse(Buffer.from(k, 'base64url').toString()).k, 'mcp-own', 'the caller’s own key, no other');
});

/** POST /mcp sent as raw HTTP, with a Host header fetch would not send. */
function rawPost(url: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  return new Promise((resolve, reject) => {
    const socket = connectSocket(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', text = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: text });
    });
    // not ended: a half-closed request is one the server may drop before it answers
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
  });
}

test('a Host header that is no host (a b, [::1, x:99999999, ex%ample) is a 400 naming Host, never a 500', async () => {
  for (const host of ['a b', '[::1', 'x:99999999', 'ex%ample', 'a/b', '']) {
    const { status, body } = await rawPost(open.url, host);
    assert.equal(status, 400, `Host: ${host} → ${status} ${body}`);
    const error = JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as {
      error: string;
      field: string;
    };
    assert.deepEqual([error.error, error.field], ['invalid_field', 'Host'], host);
  }
  assert.equal((await rawPost(open.url, 'maps.example.org:8443')).status, 200, 'a host with a port is one');
});
