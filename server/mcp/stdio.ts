// `npm run --silent mcp`: the MCP server over stdio, for a desktop assistant that starts it (docs/mcp.md). Its
// tools draw with a running service (MAP_SERVICE_URL), sending it MAP_API_KEY and signing the maps' URLs with it.
// stdout carries the protocol alone: anything for people goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readConfig } from '../config.ts';
import { createMcpServer } from './mcp-server.ts';
import { remoteService } from './remote-service.ts';

const config = readConfig();
const service = remoteService(config.mapServiceUrl, {
  base: config.publicUrl ?? config.mapServiceUrl,
  key: config.mapApiKey,
  prefix: config.keyPrefix,
});
const server = await createMcpServer(service, (error) => console.error('a tool failed:', error));
await server.connect(new StdioServerTransport());
console.error(`map tools over stdio, drawing with ${config.mapServiceUrl}`);
