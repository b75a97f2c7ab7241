// The stored maps' operations (endpoints/stored-maps.ts, docs/stored-maps.md): POST /maps, GET /maps/{id} and
// GET /maps/{id}.<extension>, and the schemas of their answers.
import type { Format } from '../../renderer-page/spec.ts';
import { ref, type JsonSchema } from '../request/field-meta.ts';
import { EXTENSIONS } from '../http/image-formats.ts';
import { LISTED_EXTENSIONS, URL_FIELDS } from '../endpoints/stored-maps.ts';
import { operationParameters } from './parameters.ts';
import { renderBody } from './request-schema.ts';
import { imageResponse, notModifiedResponse } from './map-responses.ts';
import { errorResponseRef } from './error-responses.ts';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), errorResponseRef(status)]));

const ID_PARAMETER: JsonSchema = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The id `POST /maps` answered.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' },
  example: 'I5-mBT5bI7ZmAeBZyyWCPP',
};

const URLS: JsonSchema = {
  type: 'object',
  description: 'The stored map, one absolute URL a format (`.jpeg` is served too).',
  required: [...LISTED_EXTENSIONS],
  properties: Object.fromEntries(LISTED_EXTENSIONS.map((extension) => [extension, { type: 'string', format: 'uri' }])),
};

export const STORED_MAP_SCHEMAS: Record<string, JsonSchema> = {
  StoredMap: {
    type: 'object',
    description: 'A stored request: its id, and the permanent URLs that draw it.',
    required: ['id', 'url', 'urls', 'warnings'],
    properties: {
      id: {
        type: 'string',
        description:
          'A hash of the normalised request (22 base64url characters of its SHA-256): every spelling of one map has one id.',
      },
      url: {
        type: 'string',
        format: 'uri',
        description: 'The stored request itself (`GET /maps/{id}`); also `Location`.',
      },
      urls: URLS,
      warnings: {
        type: 'object',
        required: ['unknownIds', 'unknownRoutes'],
        properties: {
          unknownIds: { type: 'array', items: { type: 'string' } },
          unknownRoutes: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
  StoredRequest: {
    type: 'object',
    description: 'What is stored under an id: the request in the JSON of a POST body, without `format`.',
    required: ['id', 'request', 'url', 'urls'],
    properties: {
      id: { type: 'string' },
      request: ref('RenderRequest'),
      url: { type: 'string', format: 'uri' },
      urls: URLS,
    },
  },
};

const STORED_RULES =
  `Only ${URL_FIELDS.map((name) => `\`${name}\``).join(' and ')} may be added in the query string (how the picture is encoded); ` +
  'anything else is part of the stored request, and a 400. The same cache, `ETag`, 304 and error pictures for an `<img>` as `GET /map.*`; ' +
  'the map is drawn from the stored request normalised again, so a release that draws better draws it better.';

function storedGet(extension: string, format: Format): JsonSchema {
  return {
    tags: ['Stored maps'],
    operationId: `getStoredMap${extension[0]!.toUpperCase()}${extension.slice(1)}`,
    summary: `Draw a stored map as ${format === 'webp' ? 'WebP' : format.toUpperCase()}`,
    description: STORED_RULES,
    parameters: [
      ID_PARAMETER,
      ...operationParameters({ get: format }).filter((p) =>
        URL_FIELDS.some((name) => p.$ref === `#/components/parameters/${name}`),
      ),
    ],
    responses: {
      200: imageResponse('get', [format]),
      304: notModifiedResponse(),
      ...errors(400, 403, 404, 422, 429, 500, 503, 504),
    },
  };
}

export function storedMapPaths(): Record<string, JsonSchema> {
  return {
    '/maps': {
      post: {
        tags: ['Stored maps'],
        operationId: 'storeMap',
        summary: 'Store a request for permanent URLs',
        description:
          'Takes the bodies of `POST /render/map` (JSON, or CSV with the other parameters in the query string) and refuses the same bad ones with the same 400, storing nothing. ' +
          'Stores the request (without `format`: the URL chooses it) and answers its URLs, for maps whose data is too large for a GET URL. ' +
          '`201 Created` when it is new, `200` when the same map was stored before (the id is a hash of the normalised request); `Location` names it either way. ' +
          'A stored map is kept for good and shared by the replicas; `503 store_unavailable` when the store cannot be reached, with nothing stored. ' +
          "Storing counts as a render against the sender's quotas (its key's, else its address's); each key or address may hold `STORE_MAX_BYTES_PER_KEY` of stored maps (past it, `429 rate_limited` naming that budget), the whole store `STORE_MAX_BYTES` (past it, `503 store_full`; every map stored before is kept). A stored map's renders are counted against whoever reads it.",
        parameters: operationParameters({ csv: true }),
        requestBody: renderBody(),
        responses: {
          200: {
            description: 'Stored before: the same answer.',
            content: { 'application/json': { schema: ref('StoredMap') } },
          },
          201: {
            description: 'Stored.',
            headers: { Location: { description: 'The stored request, `GET /maps/{id}`.', schema: { type: 'string' } } },
            content: { 'application/json': { schema: ref('StoredMap') } },
          },
          ...errors(400, 404, 405, 413, 415, 429, 500, 503),
        },
      },
    },
    '/maps/{id}': {
      get: {
        tags: ['Stored maps'],
        operationId: 'getStoredRequest',
        summary: 'The request stored under an id',
        parameters: [ID_PARAMETER],
        responses: {
          200: {
            description: 'The stored request.',
            content: { 'application/json': { schema: ref('StoredRequest') } },
          },
          ...errors(400, 403, 404, 500, 503),
        },
      },
    },
    ...Object.fromEntries(
      Object.entries(EXTENSIONS).map(([extension, format]) => [
        `/maps/{id}.${extension}`,
        { get: storedGet(extension, format) },
      ]),
    ),
  };
}
