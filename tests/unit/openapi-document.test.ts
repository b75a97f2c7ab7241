// GET /openapi.json, the document itself: valid OpenAPI 3.1, every endpoint, and the request's fields, enums, limits
// and error codes as the validation schema and errors.ts have them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { FIELD_NAMES, LIMITS } from '../../server/request/schema.ts';
import {
  CLASSIFICATIONS,
  COLOR_SCALES,
  FORMATS,
  LABEL_POSITIONS,
  LEGEND_LAYOUTS,
  LEVELS,
  MARKER_ICONS,
  PATTERNS,
  PROJECTIONS,
  ROUTE_MODES,
  ROUTE_STYLES,
  THEMES,
} from '../../shared/lists.ts';
import { STATUS, type ErrorCode } from '../../server/errors.ts';
import { GEOMETRY_TYPES } from '../../server/request/coordinates.ts';
import {
  at,
  body,
  bodyProp,
  core,
  deref,
  doc,
  enumOf,
  GET_NAMES,
  TABLE_NAMES,
  operation,
  parameter,
  parameters,
  schema,
  sorted,
  walk,
  type Node,
} from '../support/openapi.ts';

test('the document is valid OpenAPI 3.1 and every $ref resolves', async () => {
  assert.match(doc.openapi, /^3\.1\.\d+$/);
  assert.ok(doc.info.title && doc.info.version);
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  assert.equal(validator.version, '3.1');
  let refs = 0;
  walk(doc, (node, path) => {
    if (typeof node.$ref === 'string' && path.split('/').at(-1) !== 'properties') {
      at(node.$ref);
      refs++;
    }
  });
  assert.ok(refs > 50, `${refs} refs checked`);
  const ids = Object.values(doc.paths as Node).flatMap((item: Node) =>
    Object.values(item).map((op: Node) => op.operationId),
  );
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
});

test('every endpoint is described', () => {
  const images = ['/map.svg', '/map.png', '/map.pdf', '/map.jpg', '/map.jpeg', '/map.webp'];
  const expected: Array<[string, string]> = [
    ...images.map((path): [string, string] => [path, 'get']),
    ['/render/map', 'post'],
    ['/maps', 'post'],
    ['/maps/{id}', 'get'],
    ...images.map((path): [string, string] => [path.replace('/map.', '/maps/{id}.'), 'get']),
    ['/render/spec', 'get'],
    ['/render/spec', 'post'],
    ['/scopes', 'get'],
    ['/scopes/{scope}', 'get'],
    ['/places', 'get'],
    ['/mcp', 'post'],
    ['/openapi.json', 'get'],
    ['/docs', 'get'],
    ['/', 'get'],
  ];
  for (const [path, method] of expected) operation(path, method);
  assert.deepEqual(sorted(Object.keys(doc.paths)), sorted([...new Set(expected.map(([p]) => p))]));
  assert.ok(operation('/map.svg', 'get').responses['200'].content['image/svg+xml']);
  assert.ok(operation('/map.png', 'get').responses['200'].content['image/png']);
  assert.ok(operation('/map.pdf', 'get').responses['200'].content['application/pdf']);
  assert.ok(operation('/map.jpg', 'get').responses['200'].content['image/jpeg']);
  assert.ok(operation('/map.jpeg', 'get').responses['200'].content['image/jpeg']);
  assert.ok(operation('/map.webp', 'get').responses['200'].content['image/webp']);
  assert.ok(operation('/maps/{id}.png', 'get').responses['200'].content['image/png']);
  assert.deepEqual(
    operation('/maps/{id}.png', 'get').parameters.map((p: Node) => deref(p).name),
    ['id', 'scale', 'quality'],
    "a stored map's URL takes only scale and quality",
  );
  assert.deepEqual(sorted(Object.keys(operation('/render/map', 'post').responses['200'].content)), [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'image/svg+xml',
    'image/webp',
  ]);
  for (const path of images) assert.ok(operation(path, 'get').responses['304'], `${path} answers 304`);
  const spec = schema('SpecResponse');
  assert.deepEqual(sorted(spec.required), [
    'description',
    'drawnWithin',
    'etag',
    'get',
    'spec',
    'store',
    'suggestions',
    'warnings',
  ]);
  assert.deepEqual(spec.properties.get.type, ['string', 'null']);
  assert.deepEqual(sorted(Object.keys(spec.properties.warnings.properties)), [
    'skippedLines',
    'unknownIds',
    'unknownPlaces',
    'unknownRoutes',
  ]);
});

test("the POST body has exactly the schema's fields, as JSON and as CSV", () => {
  assert.deepEqual(Object.keys(body().properties), FIELD_NAMES);
  assert.deepEqual(body().required, ['scope']);
  assert.equal(body().additionalProperties, false);
  for (const method of ['post'] as const) {
    for (const path of ['/render/map', '/render/spec']) {
      const content = operation(path, method).requestBody.content;
      assert.equal(content['application/json'].schema.$ref, '#/components/schemas/RenderRequest');
      assert.equal(content['text/csv'].schema.type, 'string');
      assert.match(content['text/csv'].schema.description, /id,value\[,color\]/);
    }
  }
  const shapes = bodyProp('shapes');
  assert.equal(shapes.properties.features.maxItems, LIMITS.shapes);
  const geometries = deref(schema('ShapeFeature').properties.geometry).oneOf.map(
    (g: Node) => deref(g).properties.type.const,
  );
  assert.deepEqual(geometries, [...GEOMETRY_TYPES]);
  assert.deepEqual(
    sorted(Object.keys(schema('ShapeStyle').properties)),
    sorted(['fill', 'stroke', 'strokeWidth', 'opacity', 'dashArray', 'radius', 'title']),
  );
});

test("the GET parameters are the schema's fields minus the JSON-only and table-only ones, plus data", () => {
  for (const [path, method] of [
    ['/map.svg', 'get'],
    ['/map.png', 'get'],
    ['/render/spec', 'get'],
  ] as const) {
    const names = parameters(path, method).map((p) => p.name);
    assert.deepEqual(sorted(names), sorted(GET_NAMES.filter((n) => !TABLE_NAMES.includes(n))), `${path}`);
    assert.ok(parameters(path, method).every((p) => p.in === 'query'));
    assert.equal(parameter(path, method, 'scope').required, true);
  }
  for (const path of ['/render/map', '/render/spec']) {
    const names = parameters(path, 'post').map((p) => p.name);
    assert.deepEqual(
      sorted(names),
      sorted(GET_NAMES.filter((n) => n !== 'data' && n !== 'regions')),
      `${path} beside CSV`,
    );
    assert.notEqual(parameter(path, 'post', 'scope').required, true, 'a JSON body needs no query');
  }
  assert.deepEqual(parameter('/map.svg', 'get', 'format').schema.enum, ['svg']);
  assert.deepEqual(parameter('/map.png', 'get', 'format').schema.enum, ['png']);
  assert.deepEqual(parameter('/map.jpg', 'get', 'format').schema.enum, ['jpeg']);
  assert.deepEqual(parameter('/render/spec', 'get', 'format').schema.enum, [...FORMATS]);
});

test('each enumeration in the document is the list enums.ts validates against', () => {
  const cases: Array<[string, unknown[] | undefined, readonly string[]]> = [
    ['level', enumOf(bodyProp('level')), LEVELS],
    ['format', enumOf(bodyProp('format')), FORMATS],
    ['projection', enumOf(bodyProp('projection')), PROJECTIONS],
    ['theme', enumOf(bodyProp('theme')), THEMES],
    ['colorScale', enumOf(bodyProp('colorScale')), COLOR_SCALES],
    ['classification', enumOf(bodyProp('classification')), CLASSIFICATIONS],
    ['legendLayout', enumOf(bodyProp('legendLayout')), LEGEND_LAYOUTS],
    ['regions[].pattern', enumOf(schema('RegionItem').properties.pattern), PATTERNS],
    ['patterns[].pattern', enumOf(schema('PatternItem').properties.pattern), PATTERNS],
    ['markers[].icon', enumOf(schema('Marker').properties.icon), MARKER_ICONS],
    ['markers[].labelPosition', enumOf(schema('Marker').properties.labelPosition), LABEL_POSITIONS],
    ['routes[].style', enumOf(schema('Route').properties.style), ROUTE_STYLES],
    ['routes[].mode', enumOf(schema('Route').properties.mode), ROUTE_MODES],
    ['ScopeSummary.levels', schema('ScopeSummary').properties.levels.items.enum, LEVELS],
    ['ScopeSummary.defaultProjection', schema('ScopeSummary').properties.defaultProjection.enum, PROJECTIONS],
  ];
  for (const name of ['level', 'projection', 'theme', 'colorScale', 'classification', 'legendLayout']) {
    const list = cases.find(([n]) => n === name)![2];
    cases.push([`GET ${name}`, parameter('/map.svg', 'get', name).schema.enum, list]);
  }
  for (const [name, actual, expected] of cases) assert.deepEqual(actual, [...expected], name);
  // the path-bound format accepts nothing the schema does not
  for (const format of FORMATS)
    assert.ok(FORMATS.includes(parameter(`/map.${format}`, 'get', 'format').schema.enum[0]));
});

test("numeric limits, lengths and counts are the schema's", () => {
  const num = (node: Node) => {
    const s = core(node);
    return [s.minimum, s.maximum];
  };
  const marker = schema('Marker').properties;
  const route = schema('Route').properties;
  const expectations: Array<[string, unknown, unknown]> = [
    ['width', num(bodyProp('width')), [1, 8000]],
    ['height', num(bodyProp('height')), [1, 8000]],
    [
      'GET width',
      [parameter('/map.svg', 'get', 'width').schema.minimum, parameter('/map.svg', 'get', 'width').schema.maximum],
      [1, 8000],
    ],
    ['title', core(bodyProp('title')).maxLength, 120],
    ['subtitle', core(bodyProp('subtitle')).maxLength, 160],
    ['legendTitle', core(bodyProp('legendTitle')).maxLength, 64],
    ['regions', bodyProp('regions').maxItems, 5000],
    ['markers', bodyProp('markers').maxItems, 1000],
    ['routes', bodyProp('routes').maxItems, 500],
    ['proportional', bodyProp('proportional').maxItems, 5000],
    ['shapes features', bodyProp('shapes').properties.features.maxItems, 500],
    ['breaks', [bodyProp('breaks').minItems, bodyProp('breaks').maxItems], [1, 20]],
    [
      'GET breaks',
      [parameter('/map.svg', 'get', 'breaks').schema.minItems, parameter('/map.svg', 'get', 'breaks').schema.maxItems],
      [1, 20],
    ],
    ['labelMinArea', num(bodyProp('labelMinArea')), [0, 1_000_000]],
    ['proportionalMax', num(bodyProp('proportionalMax')), [0, 200]],
    ['proportionalMin', num(bodyProp('proportionalMin')), [0, 100]],
    ['padding', num(bodyProp('padding')), [0, 1000]],
    ['scale', num(bodyProp('scale')), [1, 4]],
    ['route width', num(route.width), [1, 20]],
    ['marker size', num(marker.size), [1, 200]],
    ['marker rotation', num(marker.rotation), [-360, 360]],
    ['marker lat', num(marker.lat), [-90, 90]],
    ['marker lon', num(marker.lon), [-180, 180]],
    ['marker label', core(marker.label).maxLength, LIMITS.markerLabel],
    ['region annotation', core(schema('RegionItem').properties.annotation).maxLength, LIMITS.annotation],
    [
      'category',
      deref(schema('RegionItem').properties.value).anyOf.find((a: Node) => a.type === 'string').maxLength,
      LIMITS.categoryLength,
    ],
    ['bbox', [bodyProp('bbox').minItems, bodyProp('bbox').maxItems], [4, 4]],
    ['shape title', schema('ShapeStyle').properties.title.maxLength, LIMITS.shapeTitle],
  ];
  for (const [name, actual, expected] of expectations) assert.deepEqual(actual, expected, name);
  assert.equal(core(bodyProp('width')).type, 'integer');
  assert.equal(core(bodyProp('scale')).type, 'number');
});

test('every error code of errors.ts appears under its status, and nothing else does', () => {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(STATUS)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  const responses = doc.components.responses as Node;
  assert.deepEqual(sorted(Object.keys(responses)), sorted([...byStatus.keys()].map((s) => `Error${s}`)));
  for (const [status, codes] of byStatus) {
    const media = responses[`Error${status}`].content['application/json'];
    assert.deepEqual(sorted(media.schema.properties.error.enum), sorted(codes), `codes of ${status}`);
    assert.equal(media.schema.properties.status.const, status);
    assert.equal(media.schema.allOf[0].$ref, '#/components/schemas/Error');
    assert.ok(codes.includes(media.example.error) && media.example.status === status, `example of ${status}`);
  }
  const error = schema('Error');
  assert.deepEqual(sorted(error.properties.error.enum), sorted(Object.keys(STATUS)));
  assert.deepEqual(sorted(Object.keys(error.properties.error['x-enum-descriptions'])), sorted(Object.keys(STATUS)));
  assert.deepEqual(sorted(error.required), ['error', 'message', 'status']);
  // every operation's error statuses point at the response of that status
  for (const item of Object.values(doc.paths as Node)) {
    for (const op of Object.values(item as Node)) {
      for (const [status, response] of Object.entries(op.responses as Node)) {
        if (Number(status) >= 400) assert.equal(response.$ref, `#/components/responses/Error${status}`);
      }
    }
  }
  // codes a render endpoint can answer with are all listed on it
  const render = operation('/render/map', 'post').responses;
  for (const code of [
    'missing_scope',
    'invalid_scope',
    'payload_too_large',
    'unsupported_media_type',
    'overloaded',
    'render_timeout',
  ] as ErrorCode[]) {
    assert.ok(render[String(STATUS[code])], `POST /render/map lists ${code}`);
  }
});
