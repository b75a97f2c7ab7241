// A response the client does not read is dropped: once a large response is written, its connection is closed when
// it makes no progress for SEND_TIMEOUT_MS (nginx's `send_timeout`, between two writes rather than for the whole
// response). Four clients asking for large maps and reading none of them held 1.5 GiB for as long as their
// connections lasted. Node answers the socket's timeout by destroying it when nothing else listens for it; once the
// response is done, Node sets the keep-alive timeout in its place.
import type { Middleware } from 'koa';

/** A response this small goes whole into the socket's buffer, which the kernel holds and bounds, and finishes at
 *  once: a timer for it would only cost every cache hit. */
const BUFFERED_BYTES = 64 * 1024;

export function sendTimeout(ms: number): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // Koa writes the body once the middleware are done: from then on, the socket must keep moving. A compressed
      // body (compression.ts) is a stream of no known length, and is timed whatever its size.
      if (!(ctx.response.length <= BUFFERED_BYTES)) ctx.req.socket.setTimeout(ms);
    }
  };
}
