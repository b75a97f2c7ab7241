import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import { MAX_URL_LENGTH } from './request/get-url.ts';

/** Headers must arrive within this (or the request timeout, when shorter). */
const HEADERS_TIMEOUT_MS = 15_000;
/** Longer than a proxy's idle timeout (nginx's upstream keepalive and cloud load balancers: 60 s), so that
 *  the proxy closes an idle connection first and never sends a request on one we are closing. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** An HTTP server for the app. Node's header limit is raised above the URL limit so that an over-long
 *  URL gets our 414 with a JSON body instead of Node's bare 431. Slow clients are cut off: a request whose
 *  headers and body have not arrived whole within `requestTimeoutMs` gets Node's 408 and its socket
 *  closed, long before it could hold a render page (a body is read whole before anything is rendered). */
export function listen(app: Koa, port: number, host: string, requestTimeoutMs = 30_000): Promise<Server> {
  const server = createServer(
    {
      maxHeaderSize: MAX_URL_LENGTH * 4,
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // how often Node checks those two timeouts (its default, 30 s, would let a short timeout run long)
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
    },
    app.callback(),
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
