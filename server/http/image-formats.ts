// How each image format is asked for and served: the paths' extensions, the content types, and the policy an
// SVG is served with. The map routes, the render use-case, the error images and the OpenAPI document share them.
import type { Format } from '../../renderer-page/spec.ts';

/** The image paths, `/map.<extension>`, and the format each asks for. */
export const EXTENSIONS: Record<string, Format> = {
  svg: 'svg',
  png: 'png',
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
};

export const CONTENT_TYPES: Record<Format, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

// An SVG opened on its own must not run anything: no scripts, no external loads.
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
