// The MCP server over a map service, whatever carries it (stdio.ts, http-route.ts). The SDK's low-level Server,
// not McpServer: the tools' input schemas are JSON Schema derived from the request schema (tool-schemas.ts), and
// the service's own normalisation validates the arguments, so that its 400 messages reach the model.
//
// The SDK is loaded when the first MCP request comes, not at start: it holds 25 MiB and takes 350 ms to load, which
// a service that is never asked by an assistant would pay at every start and in every replica.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ToolError, type MapService } from './map-service.ts';
import { getPrompt, PROMPTS } from './prompts.ts';
import { readResource, RESOURCES } from './resources.ts';
import { callTool, TOOLS } from './tools.ts';

/** The package's version, as the server names itself to clients. */
const VERSION = '0.1.0';

const INSTRUCTIONS =
  'Static maps from data: create_map draws one from structured arguments and returns its URLs and a preview; ' +
  'add_layers adds markers, routes and more to it; find_places resolves names to coordinates; list_regions maps ' +
  'names to region ids; describe_options lists the accepted values.';

/** The SDK's server and the protocol's schemas, loaded once, when first needed. */
let sdk: Promise<
  [typeof import('@modelcontextprotocol/sdk/server/index.js'), typeof import('@modelcontextprotocol/sdk/types.js')]
>;
const loadSdk = () =>
  (sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]));

/** A wrong prompt or resource name is the client's mistake: a JSON-RPC error naming it. */
async function invalidParams<T>(
  { McpError, ErrorCode }: typeof import('@modelcontextprotocol/sdk/types.js'),
  work: () => Promise<T> | T,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolError) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
}

/** `onError`: what a tool threw that is no refusal of bad input (a bug, a service down), for the log; the model is
 *  told only that the tool failed. */
export async function createMcpServer(service: MapService, onError: (error: unknown) => void): Promise<Server> {
  const [{ Server }, types] = await loadSdk();
  const {
    CallToolRequestSchema,
    GetPromptRequestSchema,
    ListPromptsRequestSchema,
    ListResourcesRequestSchema,
    ListToolsRequestSchema,
    ReadResourceRequestSchema,
  } = types;
  const server = new Server(
    { name: 'map-render-service', title: 'Map render service', version: VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    try {
      return await callTool(service, params.name, params.arguments);
    } catch (error) {
      onError(error);
      return {
        isError: true,
        content: [{ type: 'text', text: `${params.name} failed on the service's side; try again` }],
      };
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: RESOURCES }));
  server.setRequestHandler(ReadResourceRequestSchema, ({ params }) =>
    invalidParams(types, () => readResource(service, params.uri)),
  );
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, ({ params }) =>
    invalidParams(types, () => getPrompt(params.name, params.arguments)),
  );
  return server;
}
