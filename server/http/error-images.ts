// Error images (DECISIONS §9): a browser fetching a map for an <img> sends `Sec-Fetch-Dest: image`, and would
// show a JSON error as a broken-image icon. Such a failing GET of an image path gets the same status with a
// picture of the error in the format asked for, at the size asked for when that size was valid (at most 1200 px a
// side, its shape kept), `X-Map-Error` naming the code, and `Cache-Control: no-store`: no browser or CDN keeps it.
// The service keeps the pictures it drew a while, so that the same bad URL asked again costs no drawing. Every
// other client keeps the JSON error.
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { LRUCache } from 'lru-cache';
import type { Format } from '../../renderer-page/spec.ts';
import type { Logger } from '../observability/logger.ts';
import type { AppDeps } from '../app-deps.ts';
import { CONTENT_TYPES, EXTENSIONS, SVG_CSP } from './image-formats.ts';
import { pixels } from '../request/schema-parts.ts';
import { errorImageSvg } from './error-image-markup.ts';
import { clientOf } from './client-id.ts';

/** `/map.<extension>` and a stored map's `/maps/<id>.<extension>` */
const IMAGE_PATH = /^\/(?:map|maps\/[A-Za-z0-9_-]+)\.([a-z]+)$/;
const DEFAULT_SIZE = { width: 600, height: 300 };
/** An error's picture is a panel of text: 8000² of it drew a 64-megapixel PNG for a 400, as often as asked. */
export const MAX_ERROR_IMAGE_SIDE = 1200;

/** The format an image path asks for, or undefined for any other path. */
function formatOf(path: string): Format | undefined {
  const extension = IMAGE_PATH.exec(path)?.[1];
  return extension !== undefined && Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
}

/** A width or height as a query writes it (one value, in range), else null. */
const validSide = (raw: unknown): number | null =>
  typeof raw === 'string' && pixels('side').isValidSync(raw) ? Number(raw) : null;

/** The width and height the query asked for where each is valid (a valid width alone keeps the default's shape),
 *  made smaller to fit MAX_ERROR_IMAGE_SIDE. */
function requestedSize(query: Context['query']): { width: number; height: number } {
  const asked = validSide(query.width);
  const height = validSide(query.height) ?? (asked === null ? DEFAULT_SIZE.height : Math.round(asked / 2));
  const width = asked ?? DEFAULT_SIZE.width;
  const fit = Math.min(1, MAX_ERROR_IMAGE_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * fit)), height: Math.max(1, Math.round(height * fit)) };
}

/** Pictures drawn lately, by what they show: a page with a broken <img> asks for it on every view. */
function drawnPictures(draw: AppDeps['renderer']['picture']): AppDeps['renderer']['picture'] {
  const drawn = new LRUCache<string, Buffer>({
    maxSize: 4 * 1024 * 1024,
    sizeCalculation: (body) => body.length + 256,
  });
  return async (markup, format, width, height, client) => {
    const key = createHash('sha1').update(`${format} ${width} ${height}\0${markup}`).digest('hex');
    let picture = drawn.get(key);
    if (!picture) drawn.set(key, (picture = await draw(markup, format, width, height, client)));
    return picture;
  };
}

function isErrorBody(body: unknown): body is { error: string; message: string } {
  return typeof body === 'object' && body !== null && 'error' in body && 'message' in body;
}

/** Koa middleware, outside errors.ts's: turns the JSON error it wrote into a picture for an <img>. */
export function errorImages(picture: AppDeps['renderer']['picture'], logger: Pick<Logger, 'warn'>) {
  const draw = drawnPictures(picture);
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    const format = formatOf(ctx.path);
    const body: unknown = ctx.body;
    if (ctx.status < 400 || ctx.method !== 'GET' || !format || !isErrorBody(body)) return;
    if (ctx.get('Sec-Fetch-Dest').toLowerCase() !== 'image') return;
    const status = ctx.status;
    const { width, height } = requestedSize(ctx.query);
    const markup = errorImageSvg({ status, code: body.error, message: body.message, width, height });
    let picture: { type: string; body: Buffer | string } = { type: CONTENT_TYPES.svg, body: markup };
    // When the renderers are the failure (overloaded, late, broken, or this client's share of them taken), more
    // Chromium work would only add to it: an SVG, which an <img> shows whatever the URL's extension, is answered
    // instead.
    if (format !== 'svg' && status < 500 && status !== 429) {
      try {
        picture = { type: CONTENT_TYPES[format], body: await draw(markup, format, width, height, clientOf(ctx)) };
      } catch (error) {
        logger.warn({ err: error, reqId: ctx.state.reqId }, 'error image: could not draw it; answering the SVG');
      }
    }
    ctx.remove('ETag');
    ctx.set('X-Map-Error', body.error);
    ctx.set('Cache-Control', 'no-store');
    if (picture.type === CONTENT_TYPES.svg) ctx.set('Content-Security-Policy', SVG_CSP);
    ctx.body = picture.body;
    ctx.type = picture.type;
    ctx.status = status;
  };
}
