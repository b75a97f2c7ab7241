// POST /mcp in the OpenAPI document: the Model Context Protocol's Streamable HTTP transport, stateless. Its
// messages are JSON-RPC 2.0, described by the protocol, not here; the document says where it is, what it takes
// and the answers of ours around it (a key under ACCESS=keys).
import type { JsonSchema } from '../request/field-meta.ts';
import { errorResponseRef } from './error-responses.ts';

const JSON_RPC: JsonSchema = {
  type: 'object',
  description: 'A JSON-RPC 2.0 message of the Model Context Protocol (modelcontextprotocol.io), or a batch of them.',
  required: ['jsonrpc'],
  properties: { jsonrpc: { const: '2.0' }, id: {}, method: { type: 'string' }, params: {} },
};

export function mcpPaths(): Record<string, JsonSchema> {
  return {
    '/mcp': {
      post: {
        tags: ['Assistants'],
        operationId: 'mcp',
        summary: 'The MCP server: tools to make maps, find places and list regions, for AI assistants',
        description:
          'Streamable HTTP, stateless: each POST is answered on its own (`initialize`, `tools/list`, `tools/call`, ' +
          '`resources/read`, `prompts/get`...). Tools: `create_map`, `add_layers`, `find_places`, `describe_options`, ' +
          '`list_regions`; a map tool answers a 900 px PNG and its links, signed when a key is configured. Under ' +
          '`ACCESS=keys` it takes `Authorization: Bearer <key>`. `GET` and `DELETE` answer 405: there are no sessions ' +
          'and no server-sent stream. `npm run mcp` serves the same tools over stdio (docs/mcp.md).',
        requestBody: { required: true, content: { 'application/json': { schema: JSON_RPC } } },
        responses: {
          200: {
            description: 'The JSON-RPC answer; a tool refused its arguments as a result with `isError`, not an error.',
            content: { 'application/json': { schema: JSON_RPC } },
          },
          202: { description: 'A notification or a response, taken: JSON-RPC answers nothing to it.' },
          ...Object.fromEntries(
            [400, 401, 403, 405, 413, 429, 500].map((status) => [String(status), errorResponseRef(status)]),
          ),
        },
      },
    },
  };
}
