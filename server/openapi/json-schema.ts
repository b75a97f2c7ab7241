// JSON Schema (2020-12, as OpenAPI 3.1 uses it) derived from a yup schema's describe(): types, enums, ranges,
// lengths, item counts and defaults come from the validation itself; descriptions, examples and the rules yup
// keeps in custom tests from each field's `.meta()` (server/request/field-meta.ts).
import type {
  SchemaDescription,
  SchemaFieldDescription,
  SchemaInnerTypeDescription,
  SchemaObjectDescription,
  SchemaMetadata,
} from 'yup';
import { ref, type JsonSchema } from '../request/field-meta.ts';

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

/** What yup itself says about a field, as JSON Schema (without null, the description and the example). */
function derived(
  d: SchemaFieldDescription,
  meta: SchemaMetadata,
  path: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const described = d as SchemaDescription;
  const alternatives = meta.anyOf ? 'anyOf' : meta.oneOf ? 'oneOf' : undefined;
  if (meta.jsonSchema) return { ...meta.jsonSchema };
  if (meta.checkedBy) return fromYup(meta.checkedBy.describe(), path, components);
  if (alternatives)
    return { [alternatives]: meta[alternatives]!.map((s, i) => fromYup(s.describe(), `${path}|${i}`, components)) };
  if (described.type === 'object') return objectSchema(d as SchemaObjectDescription, path, components);
  if (described.type === 'array') {
    const inner = (d as SchemaInnerTypeDescription).innerType;
    if (!inner || Array.isArray(inner)) throw new Error(`${path}: an array without one item type`);
    return {
      type: 'array',
      items: fromYup(inner, `${path}[]`, components),
      ...limits(described, { min: 'minItems', max: 'maxItems' }),
    };
  }
  if (described.type === 'number') {
    return {
      type: described.tests.some((t) => t.name === 'integer') ? 'integer' : 'number',
      ...limits(described, { min: 'minimum', max: 'maximum' }),
    };
  }
  if (described.type === 'string') {
    const values = described.oneOf.filter((v) => v !== null && v !== undefined);
    if (values.length === 1) return { const: values[0] };
    const schema: JsonSchema = { type: 'string', ...limits(described, { min: 'minLength', max: 'maxLength' }) };
    const regex = param(described, 'matches', 'regex');
    if (regex instanceof RegExp) schema.pattern = regex.source;
    if (values.length) schema.enum = values;
    return schema;
  }
  if (described.type === 'boolean') return { type: 'boolean' };
  throw new Error(`${path}: yup type "${described.type}" needs meta.jsonSchema`);
}

/**
 * One field: the yup description turned into JSON Schema, the meta's text on top. A schema whose meta names a
 * `component` lands in `components` and is referenced. Every field of an object must have a description: an
 * undescribed one throws, so the document cannot fall behind the validation.
 */
export function fromYup(d: SchemaFieldDescription, path: string, components: Record<string, JsonSchema>): JsonSchema {
  const described = d as SchemaDescription;
  const meta: SchemaMetadata = described.meta ?? {};
  let schema = { ...derived(d, meta, path, components), ...meta.extra };
  if (described.nullable && !meta.jsonSchema) schema = orNull(schema);
  if (meta.component) {
    components[meta.component] = {
      ...schema,
      ...(meta.description ? { description: meta.description } : {}),
      ...examples(meta),
    };
    return ref(meta.component);
  }
  const scalar = !['object', 'array', 'mixed', 'lazy'].includes(described.type);
  return {
    ...(meta.description ? { description: meta.description } : {}),
    ...schema,
    ...(scalar && described.default !== undefined ? { default: described.default } : {}),
    ...examples(meta),
  };
}

const examples = (meta: SchemaMetadata) => (meta.example !== undefined ? { examples: [meta.example] } : {});

function objectSchema(d: SchemaObjectDescription, path: string, components: Record<string, JsonSchema>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(d.fields)) {
    const fieldPath = `${path}.${name}`;
    properties[name] = fromYup(field, fieldPath, components);
    // a constant or a component says what it is; anything else needs words
    const { description, $ref, const: constant } = properties[name]!;
    if (!description && !$ref && constant === undefined) {
      throw new Error(`${fieldPath} is validated but not described (its schema's .meta({ description }))`);
    }
    if (!optional(field)) required.push(name);
  }
  const strict = d.tests.some((t) => t.name === 'noUnknown');
  return {
    type: 'object',
    ...(required.length ? { required } : {}),
    properties,
    ...(strict ? { additionalProperties: false } : {}),
  };
}

/** A lazy field is as optional as its alternatives. */
function optional(d: SchemaFieldDescription): boolean {
  const { type, optional: own, meta } = d as SchemaDescription;
  if (type !== 'lazy') return own;
  return [...(meta?.anyOf ?? []), ...(meta?.oneOf ?? [])].some((s) => s.describe().optional);
}

/** `null` allowed too: a second type for plain values, an alternative for enumerations. */
function orNull(schema: JsonSchema): JsonSchema {
  if (schema.enum) return { anyOf: [schema, { type: 'null' }] };
  return { ...schema, type: [schema.type, 'null'] };
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
