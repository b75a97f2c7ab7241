// JSON Schema (2020-12, as OpenAPI 3.1 uses it) derived from a yup schema's describe(): types, enums,
// ranges, lengths and item counts come from the validation itself; descriptions, defaults and examples
// from the field docs laid over it.
import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from 'yup';

export type JsonSchema = { [keyword: string]: unknown };

/** What a field means, laid over what yup says about it. */
export interface FieldDoc {
  description: string;
  default?: unknown;
  example?: unknown;
  /** replaces the derived schema (yup `mixed` fields, which describe nothing) */
  schema?: JsonSchema;
  /** keywords merged into the derived schema (rules yup keeps in custom tests, e.g. an object's) */
  extra?: JsonSchema;
  /** publish the object as this component schema and $ref it */
  component?: string;
  /** docs of the object's fields */
  fields?: Record<string, FieldDoc>;
  /** doc of an array's items */
  items?: FieldDoc;
}

export const ref = (component: string): JsonSchema => ({ $ref: `#/components/schemas/${component}` });

function param(d: SchemaDescription, test: string, key: string): unknown {
  return d.tests.find((t) => t.name === test)?.params?.[key];
}

/** min/max/length tests as the JSON Schema keywords of a number, a string or an array. */
function limits(d: SchemaDescription, keywords: { min: string; max: string }): JsonSchema {
  const out: JsonSchema = {};
  const min = param(d, 'min', 'min') ?? param(d, 'length', 'length');
  const max = param(d, 'max', 'max') ?? param(d, 'length', 'length');
  if (typeof min === 'number') out[keywords.min] = min;
  // a bound of Number.MAX_VALUE only means "any size"
  if (typeof max === 'number' && max < Number.MAX_VALUE) out[keywords.max] = max;
  return out;
}

/**
 * One field: the yup description turned into JSON Schema, the doc's text on top. Objects recurse with
 * `doc.fields`, arrays with `doc.items`; a doc marked `component` lands in `components` and is referenced.
 * Every object field must be documented: an undocumented one throws, so the document cannot fall behind.
 */
export function fromYup(d: SchemaFieldDescription, doc: FieldDoc, path: string, components: Record<string, JsonSchema>): JsonSchema {
  const described = d as SchemaDescription;
  let schema: JsonSchema;
  if (doc.schema) {
    schema = { ...doc.schema };
  } else if (described.type === 'object') {
    schema = objectSchema(d as SchemaObjectDescription, doc, path, components);
  } else if (described.type === 'array') {
    const inner = (d as SchemaInnerTypeDescription).innerType;
    if (!inner || Array.isArray(inner)) throw new Error(`${path}: an array without one item type`);
    schema = { type: 'array', items: fromYup(inner, doc.items ?? { description: '' }, `${path}[]`, components), ...limits(described, { min: 'minItems', max: 'maxItems' }) };
  } else if (described.type === 'number') {
    schema = { type: described.tests.some((t) => t.name === 'integer') ? 'integer' : 'number', ...limits(described, { min: 'minimum', max: 'maximum' }) };
  } else if (described.type === 'string') {
    schema = { type: 'string', ...limits(described, { min: 'minLength', max: 'maxLength' }) };
    const regex = param(described, 'matches', 'regex');
    if (regex instanceof RegExp) schema.pattern = regex.source;
    if (described.oneOf.length) schema.enum = described.oneOf.filter((v) => v !== null && v !== undefined);
  } else if (described.type === 'boolean') {
    schema = { type: 'boolean' };
  } else {
    throw new Error(`${path}: yup type "${described.type}" needs an explicit schema in its doc`);
  }
  if (doc.extra) schema = { ...schema, ...doc.extra };
  if (described.nullable && !doc.schema) schema = orNull(schema);
  if (doc.component && described.type === 'object') {
    components[doc.component] = { ...schema, ...(doc.description ? { description: doc.description } : {}) };
    return ref(doc.component);
  }
  return withDoc(schema, doc);
}

function objectSchema(d: SchemaObjectDescription, doc: FieldDoc, path: string, components: Record<string, JsonSchema>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(d.fields)) {
    const fieldDoc = doc.fields?.[name];
    if (!fieldDoc) throw new Error(`${path}.${name} is validated but not documented (server/openapi/field-docs.ts)`);
    properties[name] = fromYup(field, fieldDoc, `${path}.${name}`, components);
    if (!(field as SchemaDescription).optional) required.push(name);
  }
  for (const name of Object.keys(doc.fields ?? {})) {
    if (!(name in d.fields)) throw new Error(`${path}.${name} is documented but not validated`);
  }
  const strict = d.tests.some((t) => t.name === 'noUnknown');
  return {
    type: 'object',
    ...(required.length ? { required } : {}),
    properties,
    ...(strict ? { additionalProperties: false } : {}),
  };
}

/** `null` allowed too: a second type for plain values, an alternative for enumerations. */
function orNull(schema: JsonSchema): JsonSchema {
  if (schema.enum) return { anyOf: [schema, { type: 'null' }] };
  return { ...schema, type: [schema.type, 'null'] };
}

function withDoc(schema: JsonSchema, doc: FieldDoc): JsonSchema {
  return {
    ...(doc.description ? { description: doc.description } : {}),
    ...schema,
    ...(doc.default !== undefined ? { default: doc.default } : {}),
    ...(doc.example !== undefined ? { examples: [doc.example] } : {}),
  };
}

/** The schema with `null` taken out again (query strings cannot say null). */
export function withoutNull(schema: JsonSchema): JsonSchema {
  const { anyOf, type, ...rest } = schema;
  if (Array.isArray(anyOf)) {
    const others = (anyOf as JsonSchema[]).filter((s) => s.type !== 'null');
    if (others.length === 1) return { ...rest, ...others[0] };
    return { ...rest, anyOf: others };
  }
  if (Array.isArray(type)) {
    const others = type.filter((t) => t !== 'null');
    return { ...rest, type: others.length === 1 ? others[0] : others };
  }
  return schema;
}
