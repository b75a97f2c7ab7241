// POST /mcp: the MCP server over Streamable HTTP, stateless as the SDK's stateless example is (a server and a
// transport per request, no session), so that any replica answers any request. Answers are JSON, not an SSE
// stream: no tool sends progress, and a JSON answer goes through the app's compression, logging and errors as any
// other. GET (a stream of the server's own messages) and DELETE (ending a session) mean nothing without a session:
// 405, as the SDK's example answers them. Under ACCESS=keys the access middleware asks for a key first (§12).
//
// The links a tool answers are signed with the caller's own Bearer key, and only with it (§13): an anonymous caller's
// are unsigned, drawn with the logo under ACCESS=watermark. Nothing built from the request's headers can throw: the
// links' origin is PUBLIC_URL or a Host that is one (http/origin.ts), and the SDK is handed a request of our making.
import Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import type { AppDeps } from '../app-deps.ts';
import type { AccessState } from '../access/access-control.ts';
import { imposedFields } from '../access/access-control.ts';
import { ApiError } from '../errors.ts';
import { clientOf } from '../http/client-id.ts';
import { originOf } from '../http/origin.ts';
import { localService } from './local-service.ts';
import { createMcpServer } from './mcp-server.ts';

/** An MCP message is a few KB; a tool's largest argument (5,000 values) under a megabyte. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The key the links are signed with: the caller's own, when the access middleware took it; else none. */
function signingKey(ctx: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  return (ctx.state.access as AccessState | undefined)?.key && bearer ? bearer[1] : undefined;
}

/** The headers the SDK's transport reads, and only those: the rest are no business of the MCP messages. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

export function mcpRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post('/mcp', async (ctx) => {
    let body: Buffer;
    try {
      body = await getRawBody(ctx.req, { limit: MAX_BODY_BYTES });
    } catch {
      throw new ApiError('payload_too_large', `an MCP message may be at most ${MAX_BODY_BYTES} bytes`);
    }
    const origin = originOf(ctx, deps.maps.publicUrl);
    const service = localService(deps, {
      links: {
        base: origin,
        key: signingKey(ctx),
        prefix: deps.access.prefix,
      },
      client: clientOf(ctx),
      imposed: imposedFields(ctx),
      keyId: (ctx.state.access as AccessState | undefined)?.key?.id,
    });
    const server = await createMcpServer(service, (error) => ctx.app.emit('error', error, ctx));
    // loaded with the SDK, when the first MCP request comes (mcp-server.ts)
    const { WebStandardStreamableHTTPServerTransport } =
      await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const headers = TRANSPORT_HEADERS.flatMap((name) =>
        ctx.get(name) ? [[name, ctx.get(name)] as [string, string]] : [],
      );
      const request = new Request(`${origin}/mcp`, { method: 'POST', headers, body });
      const response = await transport.handleRequest(request);
      ctx.status = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') ctx.set(name, value);
      });
      const answer = Buffer.from(await response.arrayBuffer());
      if (answer.length) ctx.body = answer;
    } finally {
      await transport.close();
      await server.close();
    }
  });
  return router;
}
