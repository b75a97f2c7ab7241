// The schema of the fields that say how a map is encoded (format, pixel density, quality, transparency), for
// schema.ts; output-options.ts normalises them to what each format uses.
import { TRANSPARENT_FORMATS } from './enums.ts';
import { FORMATS } from '../../shared/lists.ts';
import { flag, oneOf, range } from './schema-parts.ts';

export const format = oneOf(FORMATS, 'format')
  .default('svg')
  .meta({
    description:
      'Output format: `svg`, `png`, `pdf` (vector, text kept as text, one page the size of the map), `jpeg` or `webp`. ' +
      "On GET the path's extension (`/map.svg`, `.png`, `.pdf`, `.jpg` or `.jpeg`, `.webp`).",
  });

export const scale = range('scale', 1, 4).default(1).meta({
  description:
    'Pixel density of a PNG, JPEG or WebP: `width × scale` pixels wide, drawn sharp. Ignored for SVG and PDF.',
  example: 2,
});

export const quality = range('quality', 1, 100, true).default(85).meta({
  description: 'JPEG and WebP quality, 1 (smallest) to 100 (best). Ignored for the other formats.',
  example: 90,
});

export const transparent = flag('transparent')
  .default(false)
  .meta({
    description: `No background, for ${TRANSPARENT_FORMATS.join(', ')} (a PDF page without a background); JPEG has no transparency, so with \`jpeg\` it is a 400.`,
  });
