// Responses: the error body and one response per error status (codes from errors.ts's STATUS table), the
// response headers, and the JSON bodies of /render/spec and /scopes.
import { STATUS, type ErrorCode } from '../errors.ts';
import { LEVELS, PROJECTIONS } from '../request/enums.ts';
import { MAX_BODY_BYTES } from '../request/body.ts';
import { WORLD } from '../../topology/scopes.ts';
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
  invalid_scope: 'the scope is not known',
  not_found: 'no such path',
  method_not_allowed: 'the path does not answer that method',
  payload_too_large: `the body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`,
  uri_too_long: 'the URL is longer than 16 KB; POST the request as JSON instead',
  unsupported_media_type: 'a POST body that is neither `application/json` nor `text/csv`',
  overloaded: 'too many renders are waiting; retry after `Retry-After` seconds',
  render_timeout: 'the render ran past its time limit',
  render_failed: 'the renderer failed, or the browser drawing the map stopped; the body holds no stack trace',
  internal_error: 'something else went wrong on our side; it is logged, the body holds no stack trace',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
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
  method_not_allowed: ['this path does not answer that method'],
  payload_too_large: [`the body is larger than ${MAX_BODY_BYTES} bytes (4 MB)`],
  uri_too_long: ['the URL is longer than 16384 bytes; POST the request as JSON instead'],
  unsupported_media_type: ['Content-Type must be application/json or text/csv (got text/plain)'],
  overloaded: ['too many maps are waiting to be rendered; retry shortly'],
  render_timeout: ['the render took longer than 20000 ms'],
  render_failed: ['the map could not be rendered'],
  internal_error: ['something went wrong on our side; it has been logged'],
};

function errorResponse(status: number, codes: ErrorCode[]): JsonSchema {
  const [message, field] = EXAMPLE_MESSAGES[codes[0]!] ?? [`${codes[0]}`];
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}`).join('; ')}.`,
    ...(status === 503 ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } } : {}),
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

function errorSchema(): JsonSchema {
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
    },
  };
}

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
      'Present when ids or route ends are unknown: `unknown-ids:A,B; unknown-routes:X>Y`, each part only when it has entries, ' +
      'at most 50 entries each, percent-encoded where needed. The map is still rendered with what is known.',
    schema: { type: 'string' },
    example: 'unknown-ids:XX,Atlantis; unknown-routes:DE>ZZ',
  },
  'Cache-Control': {
    description: 'Each distinct URL is an immutable resource.',
    schema: { type: 'string', const: 'public, max-age=31536000, immutable' },
    required: true,
  },
  'Access-Control-Allow-Origin': {
    description: 'Any page may load the map.',
    schema: { type: 'string', const: '*' },
    required: true,
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
};

const header = (name: string, required?: boolean) => {
  const reference = { $ref: `#/components/headers/${name}` };
  return required === undefined
    ? reference
    : { ...reference, description: `${HEADERS[name]!.description as string}${required ? '' : ' (SVG only.)'}` };
};

/** The 200 image response of a render: GET adds caching and CORS headers; the content type follows the format. */
export function imageResponse(via: 'get' | 'post', formats: Array<'svg' | 'png'>): JsonSchema {
  const headers: Record<string, unknown> = {
    ETag: header('ETag'),
    'X-Cache': header('X-Cache'),
    'X-Geo-Warnings': header('X-Geo-Warnings'),
  };
  if (via === 'get')
    Object.assign(headers, {
      'Cache-Control': header('Cache-Control'),
      'Access-Control-Allow-Origin': header('Access-Control-Allow-Origin'),
    });
  if (formats.includes('svg'))
    headers['Content-Security-Policy'] =
      formats.length === 1 ? header('Content-Security-Policy') : header('Content-Security-Policy', false);
  headers['X-Content-Type-Options'] = header('X-Content-Type-Options');
  const content: Record<string, unknown> = {};
  if (formats.includes('svg'))
    content['image/svg+xml'] = {
      schema: {
        type: 'string',
        description:
          'A standalone SVG document: one `<g data-layer>` per layer, regions with `data-id` and `data-value`.',
      },
    };
  if (formats.includes('png'))
    content['image/png'] = { schema: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'binary' } };
  const which =
    formats.length === 1 ? (formats[0] === 'svg' ? 'An SVG' : 'A PNG') : 'The map: SVG or PNG as `format` says';
  return { description: `${which} image.`, headers, content };
}

export function notModifiedResponse(): JsonSchema {
  return {
    description:
      'Not modified: the request carried `If-None-Match` with the current ETag (or `*`). No body; nothing is rendered.',
    headers: {
      ETag: header('ETag'),
      'Cache-Control': header('Cache-Control'),
      'Access-Control-Allow-Origin': header('Access-Control-Allow-Origin'),
      'X-Geo-Warnings': header('X-Geo-Warnings'),
      'X-Content-Type-Options': header('X-Content-Type-Options'),
    },
  };
}

/** The JSON response bodies other than errors. */
export function responseSchemas(): Record<string, JsonSchema> {
  const world = WORLD;
  return {
    Error: errorSchema(),
    SpecResponse: {
      type: 'object',
      description: 'What a render request normalises to, without rendering it.',
      required: ['spec', 'etag', 'warnings', 'suggestions', 'get'],
      properties: {
        spec: {
          type: 'object',
          description:
            'The normalised request handed to the renderer: every default filled in, ids and enumerations canonical, lists sorted.',
        },
        etag: { type: 'string', description: 'The ETag the map would be served with.' },
        warnings: {
          type: 'object',
          required: ['unknownIds', 'unknownRoutes'],
          properties: {
            unknownIds: {
              type: 'array',
              items: { type: 'string' },
              description: 'Ids the scope does not know, as written.',
            },
            unknownRoutes: {
              type: 'array',
              items: { type: 'string' },
              description: 'Routes with an unknown end, as `from>to`.',
            },
          },
        },
        suggestions: {
          type: 'array',
          description:
            'For each of the first 50 unknown ids, the closest id the scope knows by spelling (id, name or alias, a few edits ' +
            'away), where there is one: `Germny` → `DE`.',
          items: {
            type: 'object',
            required: ['given', 'id'],
            properties: { given: { type: 'string' }, id: { type: 'string' } },
          },
        },
        get: {
          type: ['string', 'null'],
          description:
            'An equivalent GET URL path (e.g. `/map.svg?scope=world&data=US:200`), or null when the request cannot be written as GET ' +
            '(shapes, marker colours or rotation, grammar separators inside texts).',
        },
      },
    },
    ScopeSummary: {
      type: 'object',
      required: [
        'id',
        'kind',
        'name',
        'regionKind',
        'levels',
        'defaultLevel',
        'defaultProjection',
        'attribution',
        'regionCount',
        'boundaries',
        'ownIds',
        'divisions',
      ],
      properties: {
        id: { type: 'string', description: "`world`, or a country's ISO 3166-1 alpha-2 code." },
        kind: { type: 'string', enum: ['world', 'country', 'group', 'custom'] },
        name: { type: 'string' },
        regionKind: { type: 'string', description: 'What one region is: countries, counties.' },
        levels: { type: 'array', items: { type: 'string', enum: [...LEVELS] } },
        defaultLevel: { type: 'string', enum: [...LEVELS] },
        defaultProjection: { type: 'string', enum: [...PROJECTIONS] },
        attribution: { type: 'string', description: 'The credit line drawn on the map.' },
        regionCount: { type: 'integer', minimum: 0 },
        boundaries: ref('Boundaries'),
        ownIds: {
          type: 'array',
          items: { type: 'string' },
          description:
            'Ids of our own, stable across releases, for units ISO 3166 does not list (all other ids are ISO codes).',
        },
        members: {
          type: 'object',
          required: ['asOf', 'source'],
          description:
            "A group's membership: the date (or edition) the member list is true for, and where it comes from.",
          properties: { asOf: { type: 'string' }, source: { type: 'string' } },
        },
        extent: {
          type: 'array',
          items: { type: 'number' },
          minItems: 4,
          maxItems: 4,
          description:
            'The box [west, south, east, north] the map is fitted to unless `bbox` says otherwise, where the regions reach ' +
            "far beyond what a map of the scope shows (Europe's Russia to the Pacific); east past 180 crosses the antimeridian.",
        },
        divisions: {
          type: 'array',
          description:
            "The scope's other official level, where it has one: France's `regions` over its départements, Spain's `communities`, " +
            "Italy's `regions`, the UK's `nations`, the US `counties` (5-digit FIPS ids). A request draws the level its ids belong to; " +
            "ids of two levels in one request are a 400. `GET /scopes/{scope}` lists each division's regions too.",
          items: {
            type: 'object',
            required: ['id', 'regionKind', 'attribution', 'regionCount', 'boundaries'],
            properties: {
              id: { type: 'string' },
              regionKind: { type: 'string' },
              attribution: { type: 'string' },
              regionCount: { type: 'integer', minimum: 0 },
              boundaries: ref('Boundaries'),
            },
          },
        },
      },
      examples: [
        {
          id: world.id,
          kind: world.kind,
          name: world.name,
          regionKind: world.regionKind,
          levels: [...LEVELS],
          defaultLevel: world.defaultLevel,
          defaultProjection: world.defaultProjection,
          attribution: world.sources,
          regionCount: 254,
          boundaries: world.boundaries,
          ownIds: [],
          divisions: [],
        },
      ],
    },
    Boundaries: {
      type: 'object',
      required: ['source', 'licence'],
      description: 'Where the boundaries come from, and under what licence.',
      properties: { source: { type: 'string' }, licence: { type: 'string' } },
    },
    ScopeDetail: {
      allOf: [ref('ScopeSummary')],
      type: 'object',
      required: ['regions'],
      properties: { regions: { type: 'array', items: ref('RegionEntry') } },
    },
    RegionEntry: {
      type: 'object',
      required: ['id', 'name', 'aliases'],
      properties: {
        id: { type: 'string', description: 'The canonical id, as labels and `data-id` show it.' },
        name: { type: 'string' },
        aliases: {
          type: 'array',
          items: { type: 'string' },
          description: 'Other spellings accepted for the id (case-insensitive).',
        },
      },
      examples: [{ id: 'RO-CJ', name: 'Cluj', aliases: ['CJ', 'RO.CJ', 'Cluj'] }],
    },
  };
}
