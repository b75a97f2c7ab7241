// A map's compressed bytes kept beside its ETag, so that a cache hit asked for compressed costs a look-up, not a
// compression. koa-compress (compression.ts) compresses each answer as it is sent: a world SVG from the cache
// took 2-3 ms of CPU compressed against 0.5 ms as it is, and cache hits a second fell from about 3,000 to 550
// when every client asked for compression, as browsers do. A map's bytes are fixed by its ETag, so their
// compressed forms are too: made once, in libuv's threads, with the settings compression.ts uses, and kept
// within a budget of bytes, least recently used out first. Answers without an ETag (errors, /scopes) are left to
// koa-compress, which sends on any body that already says its Content-Encoding.
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { COMPRESSIBLE_MIN_BYTES, brotliOptions, gzipOptions } from './compression.ts';

/** What the compressed forms of maps may hold: a fifth of the output cache's default. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** Map types worth compressing: the rest (PNG, JPEG, WebP, PDF) are compressed already. */
const TEXT_TYPES = ['image/svg+xml', 'application/json'];

const encoders = {
  br: (body: Buffer) => promisify(brotliCompress)(body, brotliOptions(body.length)),
  gzip: (body: Buffer) => promisify(gzip)(body, gzipOptions),
};

/** The encoding koa-compress would choose for `header` (Accept-Encoding): the one of br and gzip the client weighs
 *  most (`q`), br at equal weight, gzip for a bare `*`; null for neither (no header: sent as it is). Koa's own
 *  negotiation (ctx.acceptsEncodings) breaks ties in the client's order, which would send gzip to browsers. */
function chosenEncoding(header: string): 'br' | 'gzip' | null {
  if (header.trim() === '*') return 'gzip';
  const weights = new Map(
    header.split(',').map((part) => {
      const [name = '', ...params] = part.split(';').map((text) => text.trim());
      const q = params.find((param) => param.startsWith('q='));
      return [name.toLowerCase(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  if (!(br > 0 || gz > 0)) return null;
  return br >= gz ? 'br' : 'gzip';
}

export function encodedVariants(): Middleware {
  const kept = new LRUCache<string, Buffer>({ maxSize: KEPT_BYTES, sizeCalculation: (body) => body.length + 64 });
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    const etag = ctx.response.get('ETag');
    if (ctx.status !== 200 || !etag || !Buffer.isBuffer(body) || body.length < COMPRESSIBLE_MIN_BYTES) return;
    if (!ctx.response.is(TEXT_TYPES)) return;
    ctx.vary('Accept-Encoding');
    const encoding = chosenEncoding(ctx.get('Accept-Encoding'));
    if (!encoding) return;
    const key = `${encoding} ${etag}`;
    let encoded = kept.get(key);
    if (!encoded) {
      encoded = await encoders[encoding](body);
      kept.set(key, encoded);
    }
    ctx.set('Content-Encoding', encoding);
    ctx.body = encoded;
  };
}
