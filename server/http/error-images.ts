// Error images (DECISIONS §9): a browser fetching a map for an <img> sends `Sec-Fetch-Dest: image`, and would
// show a JSON error as a broken-image icon. Such a failing GET of an image path gets the same status with a
// picture of the error in the format asked for, at the size asked for when that size was valid, `X-Map-Error`
// naming the code, and `Cache-Control: no-store`; it is never cached. Every other client keeps the JSON error.
import type { Context, Next } from 'koa';
import type { Format } from '../../renderer-page/spec.ts';
import type { Logger } from '../observability/logger.ts';
import type { AppDeps } from '../app-deps.ts';
import { CONTENT_TYPES, EXTENSIONS, SVG_CSP } from './image-formats.ts';
import { pixels } from '../request/schema-parts.ts';
import { errorImageSvg } from './error-image-markup.ts';

const IMAGE_PATH = /^\/map\.([a-z]+)$/;
const DEFAULT_SIZE = { width: 600, height: 300 };

/** The format an image path asks for, or undefined for any other path. */
function formatOf(path: string): Format | undefined {
  const extension = IMAGE_PATH.exec(path)?.[1];
  return extension !== undefined && Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
}

/** A width or height as a query writes it (one value, in range), else null. */
const validSide = (raw: unknown): number | null =>
  typeof raw === 'string' && pixels('side').isValidSync(raw) ? Number(raw) : null;

/** The width and height the query asked for where each is valid; a valid width alone keeps the default's shape. */
function requestedSize(query: Context['query']): { width: number; height: number } {
  const width = validSide(query.width);
  const height = validSide(query.height);
  if (width === null) return { width: DEFAULT_SIZE.width, height: height ?? DEFAULT_SIZE.height };
  return { width, height: height ?? Math.max(1, Math.round(width / 2)) };
}

function isErrorBody(body: unknown): body is { error: string; message: string } {
  return typeof body === 'object' && body !== null && 'error' in body && 'message' in body;
}

/** Koa middleware, outside errors.ts's: turns the JSON error it wrote into a picture for an <img>. */
export function errorImages(draw: AppDeps['renderer']['picture'], logger: Pick<Logger, 'warn'>) {
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
    // When the renderers are the failure (overloaded, late, broken), more Chromium work would only add to it: an
    // SVG, which an <img> shows whatever the URL's extension, is answered instead.
    if (format !== 'svg' && status < 500) {
      try {
        picture = { type: CONTENT_TYPES[format], body: await draw(markup, format, width, height) };
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
