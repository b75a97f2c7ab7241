// A response the client does not read is dropped: once a response is written, its connection is closed when it
// makes no progress for SEND_TIMEOUT_MS (nginx's `send_timeout`, between two writes rather than for the whole
// response). Four clients asking for large maps and reading none of them held 1.5 GiB for as long as their
// connections lasted. Node answers the socket's timeout by destroying it when nothing else listens for it; once the
// response is done, Node sets the keep-alive timeout in its place.
import type { Middleware } from 'koa';

export function sendTimeout(ms: number): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // Koa writes the body once the middleware are done: from then on, the socket must keep moving
      ctx.req.socket.setTimeout(ms);
    }
  };
}
