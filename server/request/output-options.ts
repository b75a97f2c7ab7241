// The fields that say how a map is encoded rather than what it shows: format, pixel density, quality and
// transparency. Each is normalised to what its format uses, so that options a format ignores never split its
// ETag and cache entries (`/map.svg?scale=2` is `/map.svg`).
import type { Format, MapSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { TRANSPARENT_FORMATS } from './enums.ts';
import type { ValidRequest } from './schema.ts';

/** Beyond this many pixels a side, Chromium cannot capture a screenshot. */
const MAX_RASTER_SIDE = 16384;

/** Drawn as pixels, so a pixel density applies; SVG and PDF are vector. */
const RASTERS: readonly Format[] = ['png', 'jpeg', 'webp'];
export const isRaster = (format: Format): boolean => RASTERS.includes(format);
/** Compressed with loss, so a quality applies. */
const LOSSY: readonly Format[] = ['jpeg', 'webp'];

/** `pathFormat` is the format the URL's extension asks for (GET); a `format` field must agree with it. */
export function outputOptions(
  valid: ValidRequest,
  formatGiven: boolean,
  pathFormat: Format | undefined,
): Pick<MapSpec, 'format' | 'scale' | 'quality'> {
  if (pathFormat && formatGiven && valid.format !== pathFormat) {
    throw new ApiError(
      'invalid_field',
      `format ${valid.format} contradicts the path's .${pathFormat}; leave format out`,
      'format',
    );
  }
  const format = pathFormat ?? valid.format;
  if (valid.transparent && !(TRANSPARENT_FORMATS as readonly Format[]).includes(format)) {
    throw new ApiError(
      'invalid_field',
      `transparent works with ${TRANSPARENT_FORMATS.join(', ')}; ${format} has no transparency`,
      'transparent',
    );
  }
  const scale = isRaster(format) ? valid.scale : 1;
  if (valid.width * scale > MAX_RASTER_SIDE || (valid.height ?? 0) * scale > MAX_RASTER_SIDE) {
    throw new ApiError(
      'invalid_field',
      `scale × width and scale × height must stay within ${MAX_RASTER_SIDE} px`,
      'scale',
    );
  }
  return { format, scale, quality: qualityFor(format, valid.quality) };
}

/** `quality` for a format compressed with loss; null for the others, which take none. */
export const qualityFor = (format: Format, quality: number): number | null => (LOSSY.includes(format) ? quality : null);
