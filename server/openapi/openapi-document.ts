// GET /openapi.json: the OpenAPI 3.1 description of every endpoint, built from the sources validation
// uses (the yup schema, enums.ts, LIMITS, FIELD_NAMES, errors.ts's STATUS), so it cannot drift from them.
import { readFileSync } from 'node:fs';
import { renderBody, requestSchemas } from './request-schema.ts';
import { CSV_QUERY_EXAMPLE, GET_EXAMPLES } from './request-examples.ts';
import { queryParameters, operationParameters } from './parameters.ts';
import { errorResponseRef, errorResponses } from './error-responses.ts';
import { HEADERS, imageResponse, notModifiedResponse } from './map-responses.ts';
import { responseSchemas } from './response-schemas.ts';
import { STORED_MAP_SCHEMAS, storedMapPaths } from './stored-map-paths.ts';
import { PLACE_SCHEMAS, placePaths } from './place-paths.ts';
import { mcpPaths } from './mcp-paths.ts';
import { ref, type JsonSchema } from '../request/field-meta.ts';
import { FORMATS } from '../../shared/lists.ts';
import { EXTENSIONS } from '../http/image-formats.ts';
import { CORS_REQUEST_HEADERS } from '../http/cors.ts';
import { ANSWERED_METHODS } from '../errors.ts';
import type { Format } from '../../renderer-page/spec.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf-8')) as { version: string }
).version;

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), errorResponseRef(status)]));
const RENDER_ERRORS = [400, 401, 403, 404, 405, 414, 422, 429, 500, 503, 504];
const BODY_ERRORS = [413, 415];

const GET_RULES =
  'Every parameter is in the query string. Values are percent-decoded first and `+` is a space; `: , ; > #` may be ' +
  'written literally or percent-encoded (`#` must be encoded as `%23`). Names and enumerated values match case-insensitively. ' +
  'An unknown parameter, or one given twice, is a 400 naming it.';

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const json = (description: string, schema: JsonSchema) => ({
  description,
  content: { 'application/json': { schema } },
});

function mapGet(extension: string, format: Format): JsonSchema {
  return {
    tags: ['Maps'],
    operationId: `getMap${extension[0]!.toUpperCase()}${extension.slice(1)}`,
    summary: `Render a map as ${format === 'webp' ? 'WebP' : format.toUpperCase()} from the URL alone`,
    description:
      `For an \`<img src>\`: the path's extension fixes the format. ${GET_RULES} ` +
      'Use POST /render/map beyond about 40 regions, or for shapes. A failing request from an `<img>` ' +
      '(`Sec-Fetch-Dest: image`) is answered with a picture of its error (see the error responses).',
    parameters: operationParameters({ get: format }),
    responses: { 200: imageResponse('get', [format]), 304: notModifiedResponse(), ...errors(...RENDER_ERRORS) },
    'x-example-urls': GET_EXAMPLES.filter((e) => e.url.startsWith(`/map.${extension}?`)),
  };
}

function build(): JsonSchema {
  const schemas = { ...requestSchemas(), ...responseSchemas(), ...STORED_MAP_SCHEMAS, ...PLACE_SCHEMAS };
  const bodyProperties = (schemas.RenderRequest as { properties: Record<string, JsonSchema> }).properties;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Map rendering service',
      version: VERSION,
      summary: 'Thematic maps as SVG, PNG, PDF, JPEG or WebP from a URL or a JSON or CSV body.',
      description:
        'Region data becomes a choropleth, categories or highlights with a legend, title and attribution, for the `world` ' +
        "(countries) and `RO` (Romania's counties), at three levels of detail; markers, routes, proportional circles, labels and " +
        'GeoJSON shapes go on top.\n\n' +
        'The same map asked for by GET, POST JSON or POST CSV is one normalised request with one `ETag` and one cache entry. ' +
        'Unknown region ids do not fail a request: the map is drawn with the known ones and the others are listed in `X-Geo-Warnings`.\n\n' +
        'Text (titles, labels, annotations, categories, shape titles) may hold any Unicode but control characters other than tab ' +
        'and line breaks, which an SVG cannot hold: such text is refused with the field named.\n\n' +
        'Every error is JSON `{error, message, status, field?}` (for an `<img>`, a picture of it: see the error responses); nothing is rendered or cached for a request that fails validation. ' +
        'An unknown path is 404 `not_found`, a known path with another method, made-up ones (`TRACE`, `PROPFIND`) included, 405 `method_not_allowed` (with `Allow`), a URL over 16 KB 414 `uri_too_long`. ' +
        'Every response carries `X-Content-Type-Options: nosniff`.\n\n' +
        'Pages on other sites may call every endpoint with `fetch` (CORS): every response, errors included, carries ' +
        '`Access-Control-Allow-Origin` (`*` unless the operator lists origins), and a preflight `OPTIONS` is answered 204 ' +
        `allowing ${ANSWERED_METHODS.join(', ')} and the request headers ${CORS_REQUEST_HEADERS.join(', ')}. ` +
        'SVG, JSON and HTML answers are compressed (`br` or `gzip`) when `Accept-Encoding` allows it.',
    },
    servers: [{ url: '/', description: 'This service' }],
    tags: [
      { name: 'Maps', description: 'Render maps.' },
      { name: 'Stored maps', description: 'Permanent URLs for a stored request, for data too large for a URL.' },
      { name: 'Inspection', description: 'What a request normalises to, without rendering.' },
      { name: 'Scopes', description: 'What can be drawn, the region ids each scope accepts, and places by name.' },
      { name: 'Assistants', description: 'The Model Context Protocol server, for AI assistants (docs/mcp.md).' },
      { name: 'Documentation', description: 'This description, the reference page and the preview page.' },
    ],
    paths: {
      ...Object.fromEntries(
        Object.entries(EXTENSIONS).map(([extension, format]) => [
          `/map.${extension}`,
          { get: mapGet(extension, format) },
        ]),
      ),
      '/render/map': {
        post: {
          tags: ['Maps'],
          operationId: 'renderMap',
          summary: 'Render a map from a JSON or CSV body',
          description:
            'JSON: every field in the body, the query string is not read. CSV: the body holds region rows and every other parameter ' +
            `is in the query string, written as on GET (e.g. \`${CSV_QUERY_EXAMPLE}\`); \`data\` and \`regions\` there are a 400. ` +
            'The body may be up to 4 MB. No `Cache-Control`, no conditional requests.',
          parameters: operationParameters({ csv: true }),
          requestBody: renderBody(),
          responses: { 200: imageResponse('post', FORMATS), ...errors(...RENDER_ERRORS, ...BODY_ERRORS) },
        },
      },
      ...storedMapPaths(),
      ...placePaths(),
      ...mcpPaths(),
      '/render/spec': {
        get: {
          tags: ['Inspection'],
          operationId: 'getRenderSpec',
          summary: 'Normalise GET parameters, and describe the map',
          description: `The parameters of \`GET /map.svg\` (with \`format\` free): answers with the normalised request, its ETag, warnings and the map's description, for which the map's SVG is drawn (or found in the cache). ${GET_RULES}`,
          parameters: operationParameters({ get: 'any' }),
          responses: {
            200: json('The normalised request.', ref('SpecResponse')),
            ...errors(...RENDER_ERRORS),
          },
        },
        post: {
          tags: ['Inspection'],
          operationId: 'postRenderSpec',
          summary: 'Normalise a JSON or CSV body, and describe the map',
          description:
            "The body and query string of `POST /render/map`: answers with the normalised request, its ETag, warnings, the map's description (its SVG drawn or found in the cache), and the equivalent GET URL when one fits the 16 KB limit, else the body to `POST /maps` for permanent URLs.",
          parameters: operationParameters({ csv: true }),
          requestBody: renderBody(),
          responses: {
            200: json('The normalised request.', ref('SpecResponse')),
            ...errors(...RENDER_ERRORS, ...BODY_ERRORS),
          },
        },
      },
      '/scopes': {
        get: {
          tags: ['Scopes'],
          operationId: 'listScopes',
          summary: 'List the scopes',
          description:
            'Every scope with its detail levels, default level and projection, attribution and number of regions.',
          responses: {
            200: json('The scopes.', {
              type: 'object',
              required: ['scopes'],
              properties: { scopes: { type: 'array', items: ref('ScopeSummary') } },
            }),
            ...errors(405, 500),
          },
        },
      },
      '/scopes/{scope}': {
        get: {
          tags: ['Scopes'],
          operationId: 'getScope',
          summary: 'One scope with every region id, name and alias',
          parameters: [
            {
              name: 'scope',
              in: 'path',
              required: true,
              description: 'A scope id, any case.',
              schema: { type: 'string', enum: (bodyProperties.scope as JsonSchema).enum },
              example: 'RO',
            },
          ],
          responses: { 200: json('The scope and its regions.', ref('ScopeDetail')), ...errors(404, 405, 500) },
        },
      },
      '/openapi.json': {
        get: {
          tags: ['Documentation'],
          operationId: 'getOpenApi',
          summary: 'This OpenAPI description',
          description: 'Served with CORS headers, as every answer is, so API tools on other sites can load it.',
          responses: { 200: json('OpenAPI 3.1 document.', { type: 'object' }), ...errors(405, 500) },
        },
      },
      '/docs': {
        get: {
          tags: ['Documentation'],
          operationId: 'getDocs',
          summary: 'The API reference as a web page',
          description:
            'This document rendered as HTML: endpoints, parameters, fields, responses and error codes. Self-contained: it loads nothing else.',
          responses: { 200: html('The reference, rendered from this document.'), ...errors(405, 500) },
        },
      },
      '/': {
        get: {
          tags: ['Documentation'],
          operationId: 'getPreview',
          summary: 'The preview page: build a map and see its URL',
          description:
            'Draws maps in the browser from `/render/spec` with the renderer the service uses. Its script and stylesheets, the renderer bundle, ' +
            'topology and fonts are served beside it (`/preview.js`, `/preview.css`, `/preview-outputs.css`, `/preview-key.css`, `/renderer.js`, the source maps `/renderer.js.map` and `/preview.js.map`, `/topology/*`, `/fonts/*`) as parts of the page, not of the API.',
          responses: { 200: html('The preview page.'), ...errors(405, 500) },
        },
      },
    },
    components: {
      schemas,
      parameters: queryParameters(bodyProperties),
      headers: HEADERS,
      responses: errorResponses(),
    },
  };
}

let cached: JsonSchema | undefined;

/** The document, built on first use and then shared; treat it as read-only. */
export function openApiDocument(): JsonSchema {
  cached ??= build();
  return cached;
}
