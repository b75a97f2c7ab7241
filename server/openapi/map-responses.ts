// A render's answers: the 200 image and the 304, and the response headers they (and a 503, its Retry-After) carry.
import { MAX_WARNING_ENTRIES, MAX_WARNINGS_BYTES } from '../http/geo-warnings.ts';
import type { Format } from '../../renderer-page/spec.ts';
import type { JsonSchema } from '../request/field-meta.ts';
import { CONTENT_TYPES } from '../http/image-formats.ts';
import { CORS_EXPOSED_HEADERS } from '../http/cors.ts';

export const HEADERS: Record<string, JsonSchema> = {
  ETag: {
    description:
      "Quoted SHA-1 of the normalised request and the renderer's version: the same map asked for in any spelling, by GET, JSON or CSV, has the same tag.",
    schema: { type: 'string', pattern: '^"[0-9a-f]{40}"$' },
    required: true,
  },
  'X-Cache': {
    description: '`HIT` when served from the server-side cache, else `MISS`.',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
    required: true,
  },
  'X-Geo-Warnings': {
    description:
      'Present when ids or route ends are unknown, when marker labels had no room beside their marker on any side ' +
      '(`hidden-labels`, the labels left out), or when regions with data fall outside the map (`not-drawn`, as a `bbox` ' +
      'can leave them): `unknown-ids:A,B; unknown-routes:X>Y; hidden-labels:Paris; not-drawn:PF`, each part only when it has entries, ' +
      `at most ${MAX_WARNING_ENTRIES} entries each and ${MAX_WARNINGS_BYTES} bytes in all (\`POST /render/spec\` lists every one), ` +
      'percent-encoded where needed. The map is still rendered with what is known.',
    schema: { type: 'string' },
    example: 'unknown-ids:XX,Atlantis; unknown-routes:DE>ZZ',
  },
  'Cache-Control': {
    description: 'Each distinct URL is an immutable resource.',
    schema: { type: 'string', const: 'public, max-age=31536000, immutable' },
    required: true,
  },
  'Access-Control-Allow-Origin': {
    description:
      'On every response, errors and preflights (`OPTIONS`) included: `*`, any page may read it with `fetch`; or, where ' +
      "the operator lists origins (`CORS_ORIGINS`), the request's `Origin` when it is listed. `Access-Control-Expose-Headers` " +
      `names what a page may read: ${CORS_EXPOSED_HEADERS.map((h) => `\`${h}\``).join(', ')}.`,
    schema: { type: 'string' },
    example: '*',
  },
  Vary: {
    description:
      'On every response: `Origin` (CORS), `Accept-Encoding` (the body may be compressed), so that a cache keeps each ' +
      'apart.',
    schema: { type: 'string' },
    example: 'Origin, Accept-Encoding',
  },
  'Content-Encoding': {
    description:
      'An SVG (and any JSON, HTML or text answer over 1 KiB) is compressed when `Accept-Encoding` allows it: `br` ' +
      '(quality 2) where accepted, else `gzip` (level 1). PNG, JPEG, WebP and PDF are compressed already and sent as ' +
      'they are. The `ETag` is the same for every encoding: it names the map.',
    schema: { type: 'string', enum: ['br', 'gzip'] },
  },
  'Content-Disposition': {
    description:
      "On PDF: `inline` with a file name made from the map's title (else its scope's name), for a viewer's Save: " +
      'ASCII in `filename`, UTF-8 in `filename*` when the title holds other letters (RFC 6266).',
    schema: { type: 'string' },
    example: `inline; filename="unemployment-in-the-lander.pdf"; filename*=UTF-8''unemployment-in-the-l%C3%A4nder.pdf`,
  },
  'Content-Security-Policy': {
    description: 'On SVG: no scripts and no external loads, even when the SVG is opened on its own.',
    schema: { type: 'string', const: "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
  },
  'X-Content-Type-Options': {
    description: 'On every response.',
    schema: { type: 'string', const: 'nosniff' },
    required: true,
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' }, required: true },
  'RateLimit-Policy': {
    description:
      "When the client has quotas (its key's, `QUOTA_PER_MINUTE` and `QUOTA_PER_DAY`, else its address's, " +
      '`ANON_QUOTA_PER_MINUTE` and `ANON_QUOTA_PER_DAY`; a stored map spends the quotas of the key that stored it): ' +
      'each quota of renders (cache misses) as draft-ietf-httpapi-ratelimit-headers writes it, `q` renders in `w` seconds.',
    schema: { type: 'string' },
    example: '"minute";q=60;w=60, "day";q=2000;w=86400',
  },
  RateLimit: {
    description:
      'Beside `RateLimit-Policy`: the renders left in each quota (`r`) and the seconds until it counts again (`t`). A cached ' +
      'map spends nothing and is served over quota; its remaining counts are what this replica last learnt, which may lag ' +
      "other replicas' renders by a second.",
    schema: { type: 'string' },
    example: '"minute";r=59;t=60, "day";r=1999;t=86400',
  },
  'WWW-Authenticate': {
    description: 'On a 401: the scheme the credentials go in.',
    schema: { type: 'string', const: 'Bearer' },
    required: true,
  },
  'X-Map-Error': {
    description: 'On the picture of an error an `<img>` gets in place of the JSON: the error code.',
    schema: { type: 'string' },
    example: 'invalid_scope',
  },
};

/** A reference to a header; `only`: the one format of several that carries it. */
const header = (name: string, only?: string) => {
  const reference = { $ref: `#/components/headers/${name}` };
  return only === undefined
    ? reference
    : { ...reference, description: `${HEADERS[name]!.description as string} (${only} only.)` };
};

const NAMES: Record<Format, string> = { svg: 'SVG', png: 'PNG', pdf: 'PDF', jpeg: 'JPEG', webp: 'WebP' };

/** The 200 image response of a render: GET adds caching; the content type follows the format. */
export function imageResponse(via: 'get' | 'post', formats: readonly Format[]): JsonSchema {
  const headers: Record<string, unknown> = {
    ETag: header('ETag'),
    'X-Cache': header('X-Cache'),
    'X-Geo-Warnings': header('X-Geo-Warnings'),
  };
  if (via === 'get') headers['Cache-Control'] = header('Cache-Control');
  headers['Access-Control-Allow-Origin'] = header('Access-Control-Allow-Origin');
  headers.Vary = header('Vary');
  const only = (format: Format) => (formats.length === 1 ? undefined : NAMES[format]);
  if (formats.includes('svg')) {
    headers['Content-Security-Policy'] = header('Content-Security-Policy', only('svg'));
    headers['Content-Encoding'] = header('Content-Encoding', only('svg'));
  }
  if (formats.includes('pdf')) headers['Content-Disposition'] = header('Content-Disposition', only('pdf'));
  headers['X-Content-Type-Options'] = header('X-Content-Type-Options');
  headers['RateLimit-Policy'] = header('RateLimit-Policy');
  headers.RateLimit = header('RateLimit');
  const content: Record<string, unknown> = {};
  for (const format of formats) {
    const type = CONTENT_TYPES[format];
    content[type] =
      format === 'svg'
        ? {
            schema: {
              type: 'string',
              description:
                'A standalone SVG document: one `<g data-layer>` per layer, regions with `data-id` and `data-value`.',
            },
          }
        : { schema: { type: 'string', contentMediaType: type, contentEncoding: 'binary' } };
  }
  const names = formats.map((f) => NAMES[f]);
  const which =
    formats.length === 1
      ? `A${/^[AEIOS]/.test(names[0]!) ? 'n' : ''} ${names[0]} image`
      : `The map as \`format\` says: ${names.join(', ')}`;
  return { description: `${which}.`, headers, content };
}

export function notModifiedResponse(): JsonSchema {
  return {
    description:
      'Not modified: the request carried `If-None-Match` with the current ETag (or `*`). No body; nothing is rendered.',
    headers: {
      ETag: header('ETag'),
      'Cache-Control': header('Cache-Control'),
      'Access-Control-Allow-Origin': header('Access-Control-Allow-Origin'),
      Vary: header('Vary'),
      'X-Geo-Warnings': header('X-Geo-Warnings'),
      'X-Content-Type-Options': header('X-Content-Type-Options'),
      'RateLimit-Policy': header('RateLimit-Policy'),
      RateLimit: header('RateLimit'),
    },
  };
}
