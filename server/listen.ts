import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import { MAX_URL_LENGTH } from './app.ts';

/** An HTTP server for the app. Node's header limit is raised above the URL limit so that an over-long
 *  URL gets our 414 with a JSON body instead of Node's bare 431. */
export function listen(app: Koa, port: number, host: string): Promise<Server> {
  const server = createServer({ maxHeaderSize: MAX_URL_LENGTH * 4 }, app.callback());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
