// `npm run mcp`: the MCP server over stdio as a desktop assistant starts it, pointed at a running service by
// MAP_SERVICE_URL, driven by the SDK's own client: its tools are listed, and create_map draws through the service,
// storing the map there when no URL can say it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { serviceForTests } from './support/service.ts';
import { all, fetchSvg, fill } from './support/svg.ts';
import { dark } from '../renderer-page/themes/dark.ts';

const service = serviceForTests({ poolSize: 1 });

test('npm run mcp lists the tools and draws a map with the service at MAP_SERVICE_URL', async () => {
  const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: 'npm',
      args: ['run', '--silent', 'mcp'],
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...(process.env as Record<string, string>), MAP_SERVICE_URL: service.url },
      stderr: 'ignore',
    }),
  );
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['create_map', 'add_layers', 'find_places', 'describe_options', 'list_regions'],
    );
    const result = (await client.callTool({
      name: 'create_map',
      arguments: {
        scope: 'world',
        values: [
          { id: 'US', value: 200 },
          { id: 'CN', value: 150 },
        ],
      },
    })) as CallToolResult;
    assert.ok(!result.isError, JSON.stringify(result.content));
    assert.ok(
      result.content.some((c) => c.type === 'image' && c.mimeType === 'image/png'),
      'a PNG preview',
    );
    const { svg_url: svgUrl } = result.structuredContent as { svg_url: string };
    assert.ok(svgUrl.startsWith(`${service.url}/map.svg?`), svgUrl);
    const { doc } = await fetchSvg(svgUrl, '');
    assert.equal(fill(doc, 'US'), dark.sequential.at(-1));
    assert.ok(dark.sequential.includes(fill(doc, 'CN')!));

    const grown = (await client.callTool({
      name: 'add_layers',
      arguments: { map: svgUrl, routes: [{ from: 'CN', to: 'US', arrow: true }] },
    })) as CallToolResult;
    assert.ok(!grown.isError, JSON.stringify(grown.content));
    const again = (await fetchSvg((grown.structuredContent as { svg_url: string }).svg_url, '')).doc;
    assert.ok(
      all(again, 'g').some((g) => g.getAttribute('data-layer') === 'routes'),
      'the route is drawn',
    );
    assert.equal(fill(again, 'US'), fill(doc, 'US'), "the map's data is kept");

    // a category no URL can say: the map is stored through POST /maps, and add_layers grows the stored map
    const stored = (await client.callTool({
      name: 'create_map',
      arguments: { scope: 'world', values: [{ id: 'BR', category: 'Arabica, Robusta' }] },
    })) as CallToolResult;
    assert.ok(!stored.isError, JSON.stringify(stored.content));
    const storedUrl = (stored.structuredContent as { svg_url: string }).svg_url;
    assert.match(storedUrl, /\/maps\/[\w-]{22}\.svg$/);
    const marked = (await client.callTool({
      name: 'add_layers',
      arguments: { map: storedUrl, markers: [{ place: 'São Paulo', label: 'São Paulo' }] },
    })) as CallToolResult;
    assert.ok(!marked.isError, JSON.stringify(marked.content));
    const storedDoc = (await fetchSvg((marked.structuredContent as { svg_url: string }).svg_url, '')).doc;
    assert.ok(all(storedDoc, 'text').some((t) => t.textContent === 'Arabica, Robusta'));
    assert.ok(all(storedDoc, 'text').some((t) => t.textContent === 'São Paulo'));

    const refused = (await client.callTool({ name: 'create_map', arguments: { scope: 'wrold' } })) as CallToolResult;
    assert.equal(refused.isError, true);
    assert.match(JSON.stringify(refused.content), /did you mean world/);
  } finally {
    await client.close();
  }
});
