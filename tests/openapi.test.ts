// GET /openapi.json and GET /docs: the document is valid OpenAPI 3.1, agrees with the validation schema
// (fields, enums, limits, defaults, error codes), and requests built from it behave as it says.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from 'yup';
import { openApiDocument } from '../server/openapi/openapi-document.ts';
import { FIELD_NAMES, LIMITS, requestSchema, validateRequest } from '../server/request/schema.ts';
import {
  CLASSIFICATIONS, COLOR_SCALES, FORMATS, LABEL_POSITIONS, LEGEND_LAYOUTS, LEVELS, MARKER_ICONS, PATTERNS, PROJECTIONS,
  ROUTE_MODES, ROUTE_STYLES, THEMES,
} from '../server/request/enums.ts';
import { ApiError, STATUS, type ErrorCode } from '../server/errors.ts';
import { GEOMETRY_TYPES, validateShapes } from '../server/request/shapes.ts';
import { normaliseRequest } from '../server/request/normalise.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { startService, type TestService } from './support/service.ts';

// The document is plain JSON; tests read it as such.
type Node = Record<string, any>;
const doc = openApiDocument() as Node;
const catalogue = loadCatalogue();

/** The node a local `$ref` points at. */
function at(ref: string): Node {
  assert.match(ref, /^#\//, `only local refs: ${ref}`);
  const node = ref.slice(2).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~')).reduce<Node | undefined>((n, k) => n?.[k], doc);
  assert.ok(node, `$ref ${ref} resolves`);
  return node;
}
/** Follows `$ref`s (keeping sibling keywords). */
function deref(node: Node): Node {
  let out = node;
  while (typeof out.$ref === 'string') {
    const { $ref, ...rest } = out;
    out = { ...at($ref), ...rest };
  }
  return out;
}
const schema = (name: string) => deref(doc.components.schemas[name]);
const body = () => schema('RenderRequest');
const bodyProp = (name: string) => deref(body().properties[name]);
/** The non-null alternative of a nullable schema (or the schema). */
function core(node: Node): Node {
  const s = deref(node);
  if (Array.isArray(s.anyOf)) {
    const others = s.anyOf.map(deref).filter((a: Node) => a.type !== 'null');
    if (others.length === 1) return { ...others[0] };
  }
  return s;
}
const enumOf = (node: Node): unknown[] => core(node).enum;
const operation = (path: string, method: string): Node => {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `${method.toUpperCase()} ${path} is described`);
  return op;
};
const parameters = (path: string, method: string): Node[] => (operation(path, method).parameters ?? []).map(deref);
const parameter = (path: string, method: string, name: string) => {
  const found = parameters(path, method).find((p) => p.name === name);
  assert.ok(found, `${method} ${path} has parameter ${name}`);
  return found;
};
function walk(node: unknown, visit: (node: Node, path: string) => void, path = '#'): void {
  if (Array.isArray(node)) node.forEach((item, i) => walk(item, visit, `${path}/${i}`));
  else if (node && typeof node === 'object') {
    visit(node as Node, path);
    for (const [key, value] of Object.entries(node)) walk(value, visit, `${path}/${key}`);
  }
}

// your own geometry and shapes are GeoJSON, which only a JSON body carries
const GET_NAMES = [...FIELD_NAMES.filter((name) => !['shapes', 'geometry', 'idProperty', 'nameProperty'].includes(name)), 'data'];
const sorted = (list: readonly string[]) => [...list].sort();

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
  const ids = Object.values(doc.paths as Node).flatMap((item: Node) => Object.values(item).map((op: Node) => op.operationId));
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
});

test('every endpoint is described', () => {
  const expected: Array<[string, string]> = [
    ['/map.svg', 'get'], ['/map.png', 'get'], ['/render/map', 'post'], ['/render/spec', 'get'], ['/render/spec', 'post'],
    ['/scopes', 'get'], ['/scopes/{scope}', 'get'], ['/openapi.json', 'get'], ['/docs', 'get'], ['/', 'get'],
  ];
  for (const [path, method] of expected) operation(path, method);
  assert.deepEqual(sorted(Object.keys(doc.paths)), sorted([...new Set(expected.map(([p]) => p))]));
  assert.ok(operation('/map.svg', 'get').responses['200'].content['image/svg+xml']);
  assert.ok(operation('/map.png', 'get').responses['200'].content['image/png']);
  assert.deepEqual(sorted(Object.keys(operation('/render/map', 'post').responses['200'].content)), ['image/png', 'image/svg+xml']);
  for (const path of ['/map.svg', '/map.png']) assert.ok(operation(path, 'get').responses['304'], `${path} answers 304`);
  const spec = schema('SpecResponse');
  assert.deepEqual(sorted(spec.required), ['etag', 'get', 'spec', 'suggestions', 'warnings']);
  assert.deepEqual(spec.properties.get.type, ['string', 'null']);
  assert.deepEqual(sorted(Object.keys(spec.properties.warnings.properties)), ['unknownIds', 'unknownRoutes']);
});

test('the POST body has exactly the schema\'s fields, as JSON and as CSV', () => {
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
  const geometries = deref(schema('ShapeFeature').properties.geometry).oneOf.map((g: Node) => deref(g).properties.type.const);
  assert.deepEqual(geometries, [...GEOMETRY_TYPES]);
  assert.deepEqual(sorted(Object.keys(schema('ShapeStyle').properties)), sorted(['fill', 'stroke', 'strokeWidth', 'opacity', 'dashArray', 'radius', 'title']));
});

test('the GET parameters are the schema\'s fields minus the JSON-only ones, plus data', () => {
  for (const [path, method] of [['/map.svg', 'get'], ['/map.png', 'get'], ['/render/spec', 'get']] as const) {
    const names = parameters(path, method).map((p) => p.name);
    assert.deepEqual(sorted(names), sorted(GET_NAMES), `${path}`);
    assert.ok(parameters(path, method).every((p) => p.in === 'query'));
    assert.equal(parameter(path, method, 'scope').required, true);
  }
  for (const path of ['/render/map', '/render/spec']) {
    const names = parameters(path, 'post').map((p) => p.name);
    assert.deepEqual(sorted(names), sorted(GET_NAMES.filter((n) => n !== 'data' && n !== 'regions')), `${path} beside CSV`);
    assert.notEqual(parameter(path, 'post', 'scope').required, true, 'a JSON body needs no query');
  }
  assert.deepEqual(parameter('/map.svg', 'get', 'format').schema.enum, ['svg']);
  assert.deepEqual(parameter('/map.png', 'get', 'format').schema.enum, ['png']);
  assert.deepEqual(parameter('/render/spec', 'get', 'format').schema.enum, [...FORMATS]);
});

test('each enumeration in the document is the list enums.ts validates against', () => {
  const cases: Array<[string, unknown[] | undefined, readonly string[]]> = [
    ['level', enumOf(bodyProp('level')), LEVELS], ['format', enumOf(bodyProp('format')), FORMATS],
    ['projection', enumOf(bodyProp('projection')), PROJECTIONS], ['theme', enumOf(bodyProp('theme')), THEMES],
    ['colorScale', enumOf(bodyProp('colorScale')), COLOR_SCALES], ['classification', enumOf(bodyProp('classification')), CLASSIFICATIONS],
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
  for (const format of FORMATS) assert.ok(FORMATS.includes(parameter(`/map.${format}`, 'get', 'format').schema.enum[0]));
});

test('numeric limits, lengths and counts are the schema\'s', () => {
  const num = (node: Node) => { const s = core(node); return [s.minimum, s.maximum]; };
  const marker = schema('Marker').properties;
  const route = schema('Route').properties;
  const expectations: Array<[string, unknown, unknown]> = [
    ['width', num(bodyProp('width')), [1, 8000]],
    ['height', num(bodyProp('height')), [1, 8000]],
    ['GET width', [parameter('/map.svg', 'get', 'width').schema.minimum, parameter('/map.svg', 'get', 'width').schema.maximum], [1, 8000]],
    ['title', core(bodyProp('title')).maxLength, 120],
    ['subtitle', core(bodyProp('subtitle')).maxLength, 160],
    ['legendTitle', core(bodyProp('legendTitle')).maxLength, 64],
    ['regions', bodyProp('regions').maxItems, 5000],
    ['markers', bodyProp('markers').maxItems, 1000],
    ['routes', bodyProp('routes').maxItems, 500],
    ['proportional', bodyProp('proportional').maxItems, 5000],
    ['shapes features', bodyProp('shapes').properties.features.maxItems, 500],
    ['breaks', [bodyProp('breaks').minItems, bodyProp('breaks').maxItems], [1, 20]],
    ['GET breaks', [parameter('/map.svg', 'get', 'breaks').schema.minItems, parameter('/map.svg', 'get', 'breaks').schema.maxItems], [1, 20]],
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
    ['category', deref(schema('RegionItem').properties.value).anyOf.find((a: Node) => a.type === 'string').maxLength, LIMITS.categoryLength],
    ['bbox', [bodyProp('bbox').minItems, bodyProp('bbox').maxItems], [4, 4]],
    ['shape title', schema('ShapeStyle').properties.title.maxLength, LIMITS.shapeTitle],
  ];
  for (const [name, actual, expected] of expectations) assert.deepEqual(actual, expected, name);
  assert.equal(core(bodyProp('width')).type, 'integer');
  assert.equal(core(bodyProp('scale')).type, 'number');
});

/** Walks yup's description of a field beside the document's schema of it, comparing every rule both can state. */
function crossCheck(field: SchemaFieldDescription, node: Node, path: string): void {
  const d = field as SchemaDescription;
  const s = deref(node);
  const nullable = (Array.isArray(s.type) && s.type.includes('null')) || (Array.isArray(s.anyOf) && s.anyOf.some((a: Node) => a.type === 'null'));
  if (d.type === 'mixed') return; // yup states nothing about these; their schemas are written by hand
  assert.equal(nullable, d.nullable, `${path}: null allowed in both or neither`);
  const c = core(s);
  const types = Array.isArray(c.type) ? c.type : [c.type];
  const test = (name: string, key: string) => d.tests.find((t) => t.name === name)?.params?.[key];
  if (d.type === 'number') {
    assert.ok(types.includes(d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number'), `${path}: type`);
    // bounds yup keeps in a custom test (a [lat, lon] pair's) are written by hand and checked by behaviour below
    const custom = path.endsWith(']') && /\[\d\]$/.test(path);
    if (!custom) {
      assert.equal(c.minimum, test('min', 'min'), `${path}: minimum`);
      const max = test('max', 'max') as number | undefined;
      assert.equal(c.maximum, max === Number.MAX_VALUE ? undefined : max, `${path}: maximum`);
    }
  } else if (d.type === 'string') {
    assert.ok(types.includes('string'), `${path}: type`);
    assert.equal(c.maxLength, test('max', 'max'), `${path}: maxLength`);
    if (d.oneOf.length) assert.deepEqual(c.enum, d.oneOf, `${path}: enum`);
    const regex = test('matches', 'regex');
    if (regex instanceof RegExp) assert.equal(c.pattern, regex.source, `${path}: pattern`);
  } else if (d.type === 'boolean') {
    assert.ok(types.includes('boolean'), `${path}: type`);
  } else if (d.type === 'array') {
    assert.ok(types.includes('array'), `${path}: type`);
    assert.equal(c.minItems, test('min', 'min') ?? test('length', 'length'), `${path}: minItems`);
    assert.equal(c.maxItems, test('max', 'max') ?? test('length', 'length'), `${path}: maxItems`);
    const inner = (field as SchemaInnerTypeDescription).innerType as SchemaFieldDescription;
    if (c.items) crossCheck(inner, c.items, `${path}[]`);
    else for (const [i, item] of (c.prefixItems as Node[]).entries()) crossCheck(inner, item, `${path}[${i}]`);
  } else if (d.type === 'object') {
    const fields = (field as SchemaObjectDescription).fields;
    assert.deepEqual(Object.keys(c.properties), Object.keys(fields), `${path}: fields`);
    const required = Object.entries(fields).filter(([, f]) => !(f as SchemaDescription).optional).map(([name]) => name);
    if (path !== 'request') assert.deepEqual(c.required ?? [], required, `${path}: required`);
    for (const [name, f] of Object.entries(fields)) crossCheck(f, c.properties[name], `${path}.${name}`);
  } else {
    assert.fail(`${path}: unexpected yup type ${d.type}`);
  }
}

test('every rule of the yup schema is in the document (cross-checked with requestSchema.describe())', () => {
  crossCheck(requestSchema.describe(), doc.components.schemas.RenderRequest, 'request');
});

test('hand-written bounds of [lat, lon] pairs are the ones validation enforces', () => {
  for (const name of ['fromLatLon', 'toLatLon']) {
    const [lat, lon] = deref(schema('Route').properties[name]).prefixItems as Node[];
    const route = (pair: number[]) => ({ scope: 'world', routes: [{ from: 'DE', to: 'BR', [name]: pair }] });
    assert.doesNotThrow(() => validateRequest(route([lat!.maximum, lon!.maximum])));
    assert.doesNotThrow(() => validateRequest(route([lat!.minimum, lon!.minimum])));
    for (const pair of [[lat!.maximum + 1, 0], [lat!.minimum - 1, 0], [0, lon!.maximum + 1], [0, lon!.minimum - 1]]) {
      assert.throws(() => validateRequest(route(pair)), ApiError, `${name} ${pair}`);
    }
  }
  const [lon, lat] = schema('Position').prefixItems as Node[];
  const point = (coordinates: number[]) => ({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates } }] });
  validateShapes(point([lon!.maximum, lat!.maximum]));
  assert.throws(() => validateShapes(point([lon!.maximum + 1, 0])), ApiError);
  assert.throws(() => validateShapes(point([0, lat!.minimum - 1])), ApiError);
});

test('documented defaults are what normalisation fills in', () => {
  const { spec } = normaliseRequest({
    scope: 'world', markers: [{ lat: 1, lon: 2 }], routes: [{ fromLatLon: [1, 2], toLatLon: [3, 4] }],
  }, catalogue);
  const normalised: Record<string, unknown> = {
    ...spec, labelMinArea: spec.labels.minArea, proportionalMax: spec.proportional.max, proportionalMin: spec.proportional.min,
    attribution: spec.attribution !== null,
  };
  let checked = 0;
  for (const [name, node] of Object.entries(body().properties as Node)) {
    const value = deref(node).default;
    if (value === undefined) continue;
    assert.deepEqual(normalised[name], value, `default of ${name}`);
    checked++;
  }
  for (const [component, item] of [['Marker', spec.markers[0]], ['Route', spec.routes[0]]] as const) {
    for (const [name, node] of Object.entries(schema(component).properties as Node)) {
      const value = deref(node).default;
      if (value === undefined) continue;
      assert.deepEqual((item as unknown as Record<string, unknown>)[name], value, `default of ${component}.${name}`);
      checked++;
    }
  }
  assert.ok(checked >= 20, `${checked} defaults checked`);
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
  for (const code of ['missing_scope', 'invalid_scope', 'payload_too_large', 'unsupported_media_type', 'overloaded', 'render_timeout'] as ErrorCode[]) {
    assert.ok(render[String(STATUS[code])], `POST /render/map lists ${code}`);
  }
});

test('shape limits in the document are the ones validateShapes enforces', () => {
  const point = (properties: Record<string, unknown>) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [10, 20] }, properties });
  const shapes = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
  const rejects = (input: unknown, what: string) => assert.throws(() => validateShapes(input), ApiError, what);
  for (const [name, node] of Object.entries(schema('ShapeStyle').properties as Node)) {
    const s = deref(node);
    if (typeof s.maximum === 'number') {
      validateShapes(shapes(point({ [name]: s.maximum })));
      validateShapes(shapes(point({ [name]: s.minimum })));
      rejects(shapes(point({ [name]: s.maximum + 1 })), `${name} above ${s.maximum}`);
      rejects(shapes(point({ [name]: s.minimum - 1 })), `${name} below ${s.minimum}`);
    }
    if (typeof s.maxLength === 'number') {
      validateShapes(shapes(point({ [name]: 'x'.repeat(s.maxLength) })));
      rejects(shapes(point({ [name]: 'x'.repeat(s.maxLength + 1) })), `${name} longer than ${s.maxLength}`);
    }
  }
  const dash = deref(schema('ShapeStyle').properties.dashArray).anyOf[0];
  validateShapes(shapes(point({ dashArray: Array(dash.maxItems).fill(dash.items.maximum) })));
  rejects(shapes(point({ dashArray: Array(dash.maxItems + 1).fill(1) })), 'too many dashes');
  const max = bodyProp('shapes').properties.features.maxItems;
  validateShapes(shapes(...Array(max).fill(point({}))));
  rejects(shapes(...Array(max + 1).fill(point({}))), 'too many features');
  for (const type of GEOMETRY_TYPES) {
    const geometry = deref(schema(`${type}Geometry`));
    assert.equal(geometry.properties.type.const, type);
  }
  rejects(shapes({ type: 'Feature', geometry: { type: 'GeometryCollection', geometries: [] } }), 'other geometry types');
});

test('the request body examples are valid requests', () => {
  for (const path of ['/render/map', '/render/spec']) {
    for (const [name, example] of Object.entries(operation(path, 'post').requestBody.content['application/json'].examples as Node)) {
      assert.doesNotThrow(() => validateRequest(example.value), `${path} example ${name}`);
      const { unknownIds, unknownRoutes } = normaliseRequest(example.value, catalogue);
      assert.deepEqual([unknownIds, unknownRoutes], [[], []], `example ${name} uses known ids`);
    }
  }
});

/** The query of a GET parameter's value: lists written `a,b,c` as the parameter's style says. */
const queryValue = (p: Node, value: unknown) => (p.explode === false && Array.isArray(value) ? value.join(',') : String(value));

let service: TestService;
before(async () => { service = await startService(); });
after(() => service.close());

const get = (path: string, init?: RequestInit) => fetch(service.url + path, init);
const url = (params: Record<string, string>) => `/map.svg?${new URLSearchParams({ scope: 'world', ...params })}`;
const codes400 = () => doc.components.responses.Error400.content['application/json'].schema.properties.error.enum as string[];

test('GET /openapi.json and GET /docs', async () => {
  const json = await get('/openapi.json');
  assert.equal(json.status, 200);
  assert.match(json.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(await json.json(), JSON.parse(JSON.stringify(doc)));
  const page = await get('/docs');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const html = await page.text();
  assert.match(html, /^<!doctype html>/i);
  for (const path of Object.keys(doc.paths)) assert.ok(html.includes(`>${path}<`), `/docs shows ${path}`);
  for (const code of Object.keys(STATUS)) assert.ok(html.includes(code), `/docs lists ${code}`);
  for (const name of GET_NAMES) assert.ok(html.includes(`>${name}<`), `/docs lists parameter ${name}`);
  for (const name of Object.keys(doc.components.schemas)) assert.ok(html.includes(`id="schema-${name}"`), `/docs shows schema ${name}`);
  assert.doesNotMatch(html, /<script|<link|src="http|href="http(?!s:\/\/www\.naturalearthdata)/i, 'the page loads nothing');
});

test('each enumerated parameter: its example renders, a value outside the enum is a 400 naming it', async () => {
  for (const p of parameters('/map.svg', 'get')) {
    const values = enumOf(p.schema);
    if (!values || p.name === 'scope') continue;
    assert.ok(values.includes(p.example), `${p.name}: example ${p.example} is allowed`);
    const ok = await get(url({ [p.name]: String(p.example) }));
    assert.equal(ok.status, 200, `${p.name}=${p.example}`);
    assert.equal(ok.headers.get('content-type'), 'image/svg+xml');
    await ok.arrayBuffer();
    const bad = await get(url({ [p.name]: `not-a-${p.name}` }));
    const error = await bad.json() as { error: string; field: string };
    assert.equal(bad.status, 400, `${p.name}=not-a-${p.name}`);
    assert.equal(error.field, p.name);
    assert.ok(codes400().includes(error.error), `${error.error} is a documented 400 code`);
  }
  const other = await get(url({ format: 'png' }));
  assert.equal(other.status, 400, 'only the path\'s format');
  await other.arrayBuffer();
  assert.equal(parameter('/map.svg', 'get', 'scope').schema.enum, undefined);
  const unknown = await get(`/map.svg?scope=not-a-scope`);
  assert.equal(unknown.status, 404);
  const codes404 = doc.components.responses.Error404.content['application/json'].schema.properties.error.enum as string[];
  assert.ok(codes404.includes(((await unknown.json()) as { error: string }).error));
  // scope is no enumeration (about 200 of them): a few of each kind draw
  for (const id of ['world', 'RO', 'DE', 'US']) {
    const response = await get(`/map.svg?scope=${id}`);
    assert.equal(response.status, 200, `scope ${id}`);
    await response.arrayBuffer();
  }
});

test('each numeric parameter: just outside its range is a 400 naming it', async () => {
  for (const p of parameters('/map.svg', 'get')) {
    const s = core(p.schema);
    const range = (Array.isArray(s.anyOf) ? s.anyOf.find((a: Node) => a.type === 'integer' || a.type === 'number') : s) as Node | undefined;
    if (!range || (range.type !== 'integer' && range.type !== 'number')) continue;
    for (const value of [range.minimum - 1, range.maximum + 1]) {
      const response = await get(url({ [p.name]: String(value) }));
      const error = await response.json() as { field: string; error: string };
      assert.equal(response.status, 400, `${p.name}=${value}`);
      assert.equal(error.field, p.name);
      assert.ok(codes400().includes(error.error));
    }
  }
  const breaks = parameter('/map.svg', 'get', 'breaks');
  const tooMany = Array.from({ length: breaks.schema.maxItems + 1 }, (_, i) => i);
  const response = await get(url({ breaks: queryValue(breaks, tooMany) }));
  assert.equal(response.status, 400);
  assert.equal(((await response.json()) as { field: string }).field, 'breaks');
});

test('every parameter\'s example is accepted as the document writes it', async () => {
  const list = parameters('/map.svg', 'get').filter((p) => p.name !== 'scope');
  // a few at a time, well within the test pool's queue
  for (let i = 0; i < list.length; i += 4) {
    await Promise.all(list.slice(i, i + 4).map(async (p) => {
      const response = await get(url({ [p.name]: queryValue(p, p.example) }));
      const text = await response.text();
      assert.equal(response.status, 200, `${p.name}=${queryValue(p, p.example)}: ${text.slice(0, 200)}`);
    }));
  }
});

test('documented headers are sent on 200 and 304', async () => {
  for (const format of ['svg', 'png'] as const) {
    const op = operation(`/map.${format}`, 'get');
    const response = await get(`/map.${format}?scope=world&data=XX:1,US:2`);
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    const documented = Object.entries(op.responses['200'].headers as Node).map(([name, h]) => [name, deref(h)] as const);
    for (const [name, header] of documented) {
      const value = response.headers.get(name);
      if (header.required) assert.ok(value !== null, `${format} 200 sends ${name}`);
      if (value === null) continue;
      const s = header.schema;
      if (s.const !== undefined) assert.equal(value, s.const, name);
      if (s.enum) assert.ok(s.enum.includes(value), `${name}: ${value}`);
      if (s.pattern) assert.match(value, new RegExp(s.pattern), name);
    }
    assert.match(response.headers.get('x-geo-warnings') ?? '', /unknown-ids:XX/, 'X-Geo-Warnings as documented');
    const again = await get(`/map.${format}?scope=world&data=XX:1,US:2`, { headers: { 'If-None-Match': response.headers.get('etag')! } });
    assert.equal(again.status, 304);
    for (const [name, h] of Object.entries(op.responses['304'].headers as Node)) {
      if (deref(h).required) assert.ok(again.headers.get(name) !== null, `304 sends ${name}`);
    }
  }
});

test('the body examples and the example URLs render', async () => {
  const render = operation('/render/map', 'post');
  for (const [name, example] of Object.entries(render.requestBody.content['application/json'].examples as Node)) {
    const response = await get('/render/map', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(example.value) });
    assert.equal(response.status, 200, `${name}: ${response.status === 200 ? '' : await response.clone().text()}`);
    assert.ok(Object.keys(render.responses['200'].content).includes(response.headers.get('content-type') ?? ''), name);
    await response.arrayBuffer();
  }
  for (const example of Object.values(render.requestBody.content['text/csv'].examples as Node)) {
    const path = /POST to (\S+)\)/.exec(example.summary)?.[1] ?? '/render/map?scope=world';
    const response = await get(path, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: example.value });
    assert.equal(response.status, 200, await response.clone().text());
    await response.arrayBuffer();
  }
  for (const format of ['svg', 'png'] as const) {
    for (const example of operation(`/map.${format}`, 'get')['x-example-urls'] as Array<{ url: string }>) {
      const response = await get(example.url);
      assert.equal(response.status, 200, example.url);
      assert.equal(response.headers.get('content-type'), format === 'svg' ? 'image/svg+xml' : 'image/png');
      assert.equal(response.headers.get('x-geo-warnings'), null, `${example.url} uses known ids`);
      await response.arrayBuffer();
    }
  }
});

test('/render/spec answers with the documented SpecResponse', async () => {
  const spec = schema('SpecResponse');
  const check = (body: Node, what: string) => {
    assert.deepEqual(sorted(Object.keys(body)), sorted(Object.keys(spec.properties)), what);
    assert.equal(typeof body.spec, 'object');
    assert.equal(typeof body.etag, 'string');
    assert.ok(Array.isArray(body.warnings.unknownIds) && Array.isArray(body.warnings.unknownRoutes));
    assert.ok(body.get === null || typeof body.get === 'string');
  };
  const viaGet = await get('/render/spec?scope=world&data=US:1,XX:2');
  assert.equal(viaGet.status, 200);
  assert.match(viaGet.headers.get('content-type') ?? '', /^application\/json/);
  const got = await viaGet.json() as Node;
  check(got, 'GET');
  assert.deepEqual(got.warnings.unknownIds, ['XX']);
  const examples = operation('/render/spec', 'post').requestBody.content['application/json'].examples as Node;
  const viaPost = await get('/render/spec', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(examples.shapes.value) });
  assert.equal(viaPost.status, 200);
  const posted = await viaPost.json() as Node;
  check(posted, 'POST');
  assert.equal(posted.get, null, 'shapes cannot be written as GET');
});
