// The OpenAPI document against validation: every rule of the yup schema, the bounds written by hand, the
// defaults normalisation fills in, the shapes' limits and the body examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  SchemaDescription,
  SchemaFieldDescription,
  SchemaInnerTypeDescription,
  SchemaObjectDescription,
} from 'yup';
import { requestSchema } from '../../server/request/schema.ts';
import { validateRequest } from '../../server/request/validate.ts';
import { ApiError } from '../../server/errors.ts';
import { validateShapes } from '../../server/request/shape-schema.ts';
import { GEOMETRY_TYPES } from '../../server/request/coordinates.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { body, bodyProp, core, deref, doc, operation, schema, type Node } from '../support/openapi.ts';

const catalogue = loadCatalogue();

/** Walks yup's description of a field beside the document's schema of it, comparing every rule both can state. */
function crossCheck(field: SchemaFieldDescription, node: Node, path: string): void {
  const d = field as SchemaDescription;
  const s = deref(node);
  const nullable =
    (Array.isArray(s.type) && s.type.includes('null')) ||
    (Array.isArray(s.anyOf) && s.anyOf.some((a: Node) => a.type === 'null'));
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
    const required = Object.entries(fields)
      .filter(([, f]) => !(f as SchemaDescription).optional)
      .map(([name]) => name);
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
    for (const pair of [
      [lat!.maximum + 1, 0],
      [lat!.minimum - 1, 0],
      [0, lon!.maximum + 1],
      [0, lon!.minimum - 1],
    ]) {
      assert.throws(() => validateRequest(route(pair)), ApiError, `${name} ${pair}`);
    }
  }
  const [lon, lat] = schema('Position').prefixItems as Node[];
  const point = (coordinates: number[]) => ({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Point', coordinates } }],
  });
  validateShapes(point([lon!.maximum, lat!.maximum]));
  assert.throws(() => validateShapes(point([lon!.maximum + 1, 0])), ApiError);
  assert.throws(() => validateShapes(point([0, lat!.minimum - 1])), ApiError);
});

test('documented defaults are what normalisation fills in', () => {
  const { spec } = normaliseRequest(
    {
      scope: 'world',
      markers: [{ lat: 1, lon: 2 }],
      routes: [{ fromLatLon: [1, 2], toLatLon: [3, 4] }],
    },
    catalogue,
  );
  const normalised: Record<string, unknown> = {
    ...spec,
    labelMinArea: spec.labels.minArea,
    proportionalMax: spec.proportional.max,
    proportionalMin: spec.proportional.min,
    attribution: spec.attribution !== null,
    // a quality only JPEG and WebP have
    quality: normaliseRequest({ scope: 'world', format: 'jpeg' }, catalogue).spec.quality,
  };
  let checked = 0;
  for (const [name, node] of Object.entries(body().properties as Node)) {
    const value = deref(node).default;
    if (value === undefined) continue;
    assert.deepEqual(normalised[name], value, `default of ${name}`);
    checked++;
  }
  for (const [component, item] of [
    ['Marker', spec.markers[0]],
    ['Route', spec.routes[0]],
  ] as const) {
    for (const [name, node] of Object.entries(schema(component).properties as Node)) {
      const value = deref(node).default;
      if (value === undefined) continue;
      assert.deepEqual((item as unknown as Record<string, unknown>)[name], value, `default of ${component}.${name}`);
      checked++;
    }
  }
  assert.ok(checked >= 20, `${checked} defaults checked`);
});

test('shape limits in the document are the ones validateShapes enforces', () => {
  const point = (properties: Record<string, unknown>) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [10, 20] },
    properties,
  });
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
  rejects(
    shapes({ type: 'Feature', geometry: { type: 'GeometryCollection', geometries: [] } }),
    'other geometry types',
  );
});

test('the request body examples are valid requests', () => {
  for (const path of ['/render/map', '/render/spec']) {
    for (const [name, example] of Object.entries(
      operation(path, 'post').requestBody.content['application/json'].examples as Node,
    )) {
      assert.doesNotThrow(() => validateRequest(example.value), `${path} example ${name}`);
      const { unknownIds, unknownRoutes } = normaliseRequest(example.value, catalogue);
      assert.deepEqual([unknownIds, unknownRoutes], [[], []], `example ${name} uses known ids`);
    }
  }
});
