// The error answers: the Error body, and one response per error status with its codes (from errors.ts's STATUS
// table), what each code means and an example message.
import { STATUS, type ErrorCode } from '../errors.ts';
import { MAX_BODY_BYTES } from '../request/body.ts';
import { ref, type JsonSchema } from '../request/field-meta.ts';

/** What each code means; a code added to errors.ts does not compile until it is explained here. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  missing_scope: 'no `scope` was given',
  invalid_theme: '`theme` is not one of the themes',
  invalid_projection:
    "`projection` is not one of the projections, or `albersUsa` with a scope that is not the United States' (`US`, `world`, your own)",
  invalid_data:
    'a malformed `data` pair or region item, numbers mixed with text, a region given twice, `data` together with `regions`',
  invalid_field:
    'a value of the wrong type, out of range or too long, an unknown field or parameter, a parameter given twice',
  invalid_csv: 'the CSV body is malformed; the message names the line',
  invalid_json: 'the body is not a JSON object',
  too_many_items: 'a list holds more items than allowed',
  unauthorized:
    'under `ACCESS=keys`, a request that renders or reads data came without credentials: send `Authorization: Bearer <key>`, or a signed URL (`k` and `t`)',
  forbidden: 'the key or the signed URL is malformed, wrongly signed, expired or revoked',
  invalid_scope: 'the scope is not known',
  not_found: 'no such path, or no stored map with that id',
  method_not_allowed: 'the path does not answer that method; `Allow` lists those it answers',
  payload_too_large: `the body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`,
  uri_too_long: 'the URL is longer than 16 KB; POST the request as JSON instead',
  unsupported_media_type:
    'a POST body that is neither `application/json` nor a table (`text/csv`, `text/tab-separated-values`, `text/plain`, `application/csv`)',
  too_costly:
    'the map would cost more to draw than this service draws: more device pixels than `MAX_PIXELS`, or an estimated render time over `MAX_RENDER_COST`; the message names what to reduce',
  no_known_ids:
    'none of the regions given is a region of the scope: the message names the closest ids, `X-Geo-Warnings` lists the unknown ones',
  unplaced_data:
    'with `strict=true`, something could not be placed or read (an unknown id, a route with an unknown end, a line skipped around a table); the message names it',
  rate_limited:
    'this client (its key, else its address) has rendered as many maps as its quota allows in a minute or a day (`quota`, `limit` and `resets` say which and until when; cached maps are still served), holds as many bytes of stored maps as it may (`budget` and `limit`: `STORE_MAX_BYTES_PER_KEY`), or holds its share of the renderers while other clients wait too; retry after `Retry-After` seconds',
  overloaded: 'too many renders are waiting; retry after `Retry-After` seconds',
  render_timeout: 'the render ran past its time limit',
  render_failed: 'the renderer failed, or the browser drawing the map stopped; the body holds no stack trace',
  store_unavailable:
    'the store of stored maps (its folder or its Redis) cannot be reached: nothing was stored; retry after `Retry-After` seconds',
  store_full:
    'the store of stored maps holds as much as the operator lets it (`STORE_MAX_BYTES`): nothing was stored, every map stored before is kept',
  internal_error: 'something else went wrong on our side; it is logged, the body holds no stack trace',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  422: 'Unprocessable: too costly, or data that cannot be placed',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** The error codes of each status, in the order errors.ts lists them. */
function errorCodesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(STATUS) as Array<[ErrorCode, number]>) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

export const errorResponseRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

const EXAMPLE_MESSAGES: Partial<Record<ErrorCode, [string, string?]>> = {
  missing_scope: [
    "scope is required: world, a country's ISO 3166-1 alpha-2 code (DE, US, FR, ...), a group (EU, NATO, G20, africa, ...) " +
      'or custom with your own geometry; GET /scopes lists them all',
    'scope',
  ],
  invalid_scope: [
    'scope "Germany" is not known; did you mean DE? scopes are world, a country\'s ISO 3166-1 alpha-2 code (DE, US, FR, ...), ' +
      'a group (EU, NATO, G20, africa, ...) or custom with your own geometry; GET /scopes lists them all',
    'scope',
  ],
  method_not_allowed: ['/map.svg answers HEAD, GET, not DELETE'],
  payload_too_large: [`the body is larger than ${MAX_BODY_BYTES} bytes (4 MB)`],
  uri_too_long: ['the URL is longer than 16384 bytes; POST the request as JSON instead'],
  unsupported_media_type: [
    'Content-Type must be application/json, or text/csv, text/tab-separated-values, text/plain or application/csv for a table (got application/xml)',
  ],
  too_costly: [
    'a 4096 × 4096 px map at scale 4 is 268,435,456 device pixels, over the 67,108,864 this service draws; reduce scale, width or height',
    'scale',
  ],
  no_known_ids: [
    'none of the 2 regions is a region of scope world: "Germny" (closest: DE), "Frnace" (closest: FR); GET /scopes/world lists the ids',
    'regions',
  ],
  unplaced_data: [
    'strict: 1 region id is not known in scope world: "Atlantis"; leave strict out to draw the map without it',
    'regions',
  ],
  unauthorized: ['this service draws maps for its keys: send Authorization: Bearer <key>, or a URL signed with one'],
  forbidden: ['the signed URL does not match its query: sign the URL as it is sent'],
  rate_limited: [
    'you have as many maps waiting to be rendered as one client may, while others wait too; retry shortly',
  ],
  overloaded: ['too many maps are waiting to be rendered; retry shortly'],
  store_unavailable: ['stored maps cannot be reached right now; nothing was stored, try again shortly'],
  render_timeout: ['the render took longer than 20000 ms'],
  render_failed: ['the map could not be rendered'],
  internal_error: ['something went wrong on our side; it has been logged'],
};

/** The statuses a GET of an image path can fail with, which an <img> gets as a picture (http/error-images.ts). */
const PICTURED = [400, 401, 403, 404, 414, 422, 429, 500, 503, 504];
const PICTURE_NOTE =
  'For an `<img>` (a GET of `/map.svg`, `.png`, `.pdf`, `.jpg`, `.jpeg` or `.webp` with `Sec-Fetch-Dest: image`, as ' +
  "browsers send), the same status answers a picture of the message in the path's format instead, at the requested " +
  'size when valid, made smaller to fit 1200 px a side (else 600 × 300), with `X-Map-Error` and `Cache-Control: no-store`; ' +
  'when the renderer is the failure (429, 500, 503, 504) the picture is an SVG, which an `<img>` shows whatever the extension.';

function errorResponse(status: number, codes: ErrorCode[]): JsonSchema {
  const [message, field] = EXAMPLE_MESSAGES[codes[0]!] ?? [`${codes[0]}`];
  const pictured = PICTURED.includes(status);
  const headers = {
    ...(status === 503 || status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
    ...(status === 429
      ? {
          'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
          RateLimit: { $ref: '#/components/headers/RateLimit' },
        }
      : {}),
    ...(status === 401 ? { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } } : {}),
    ...(pictured ? { 'X-Map-Error': { $ref: '#/components/headers/X-Map-Error' } } : {}),
  };
  return {
    description:
      `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}`).join('; ')}.` +
      (pictured ? ` ${PICTURE_NOTE}` : ''),
    ...(Object.keys(headers).length ? { headers } : {}),
    content: {
      'application/json': {
        schema: {
          allOf: [ref('Error')],
          properties: { error: { type: 'string', enum: codes }, status: { const: status } },
        },
        example: { error: codes[0], message, status, ...(field ? { field } : {}) },
      },
    },
  };
}

/** `components.responses`: `Error<status>` for every status errors.ts uses. */
export function errorResponses(): Record<string, JsonSchema> {
  return Object.fromEntries(
    [...errorCodesByStatus()].map(([status, codes]) => [`Error${status}`, errorResponse(status, codes)]),
  );
}

export function errorSchema(): JsonSchema {
  const byStatus = errorCodesByStatus();
  return {
    type: 'object',
    description:
      'Every error: a code, a message saying what was wrong and what is allowed, the HTTP status, and the field at fault when there is one.',
    required: ['error', 'message', 'status'],
    properties: {
      error: {
        type: 'string',
        enum: [...byStatus.values()].flat(),
        description: 'A stable, machine-readable code.',
        'x-enum-descriptions': Object.fromEntries(
          [...byStatus.values()].flat().map((code) => [code, ERROR_MEANINGS[code]]),
        ),
      },
      message: { type: 'string', description: 'For people: what was wrong and what is allowed.' },
      status: { type: 'integer', enum: [...byStatus.keys()], description: 'The HTTP status again.' },
      field: {
        type: 'string',
        description: 'The field or parameter at fault (e.g. `width`, `regions[3].value`, `body` for CSV).',
      },
      quota: {
        type: 'string',
        enum: ['minute', 'day'],
        description: 'On a 429 over a quota: the quota spent, renders a minute or a day.',
      },
      limit: { type: 'integer', description: 'On a 429 over a quota: the renders it allows.' },
      resets: {
        type: 'string',
        format: 'date-time',
        description: 'On a 429 over a quota: when it starts counting again (as `Retry-After` says, in seconds).',
      },
    },
  };
}
