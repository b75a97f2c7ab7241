// Bodies compressed when the request's Accept-Encoding allows (docs/http.md): SVG, JSON, HTML, JavaScript, CSS,
// every type `compressible` knows as text. Not PNG, JPEG or WebP, whose pixels are compressed already, and not
// PDF: Chromium deflates every stream of it, and gzip took 0.4% off the US counties' PDF and 2% off the world's.
// Every answer varies by Accept-Encoding (koa-compress says so on every response, which errors.ts keeps).
//
// The cache holds bodies as drawn; a map's compressed bytes are kept beside its ETag (encoded-variants.ts), any
// other answer is compressed each time it is sent, as a stream in libuv's threads (the event loop goes on). Measured on the US counties' SVG (640 KiB; drawn in 32-35 ms), best of 30:
// gzip level 6 (zlib's default) 178 KiB in 31 ms, as long as the drawing; level 4 190 KiB in 16 ms; level 1
// 207 KiB in 8.6 ms. Brotli quality 2 188 KiB in 6 ms, 4 186 KiB in 10 ms, 5 177 KiB in 23 ms, 11 149 KiB in
// 1.7 s. The world's SVG (92 KiB) takes 1.1 ms at gzip 1, 1.6 ms at brotli 2. So: brotli 2 for the clients that
// accept it (browsers over HTTPS), gzip 1 for the rest (curl, Python, R, browsers over plain HTTP). As a stream
// (koa-compress's way) it costs more: a world SVG served from the cache takes 2-3 ms of CPU compressed, 0.5 ms
// as it is, and a compressed hit of the counties adds 9-12 ms to the 18 ms of one sent as it is (docs/http.md).
import compress from 'koa-compress';
import { constants } from 'node:zlib';
import type { Middleware } from 'koa';

/** Below this, the headers weigh more than what compression saves (an error's JSON, a small scope). */
export const COMPRESSIBLE_MIN_BYTES = 1024;

/** Brotli's window just larger than a body of `size` bytes (its default, 4 MiB, is set up for every answer): the
 *  same bytes, a fifth less CPU for the world's SVG. A body of unknown length keeps the default. */
function windowBits(size: number | undefined): number {
  if (!size) return constants.BROTLI_DEFAULT_WINDOW;
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(size))));
}

/** Brotli's settings for a body of `size` bytes (unknown for a stream). */
export const brotliOptions = (size: number | undefined) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: windowBits(size) },
});
export const gzipOptions = { level: 1 };

/** Compresses what encoded-variants.ts has not: answers without an ETag (JSON errors, /scopes, the docs). */
export function compression(): Middleware {
  return compress({
    threshold: COMPRESSIBLE_MIN_BYTES,
    br: (_type, size) => brotliOptions(size),
    gzip: gzipOptions,
    // deflate is ambiguous in practice (zlib-wrapped or raw), and every client that asks for it takes gzip;
    // zstd, which Node 22.15 can write, would be a third encoding to measure and test for no client that lacks br
    deflate: false,
    zstd: false,
  });
}
