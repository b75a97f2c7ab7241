// How the /docs page shows a schema: its type, allowed values, limits, default and example, as the cells of the
// parameter and field tables.
import type { JsonSchema } from '../request/field-meta.ts';
import { escapeHtml, literal, prose, schemaLink, word } from './docs-html.ts';

function members(schema: JsonSchema): JsonSchema[] | undefined {
  return (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
}

/** The type as people read it: `integer`, `array of RegionItem`, `number or string or null`. */
export function typeOf(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return schemaLink(schema.$ref);
  const alternatives = members(schema);
  if (alternatives) return alternatives.map(typeOf).join(' or ');
  if (schema.const !== undefined) return typeof schema.const === 'number' ? 'integer' : 'string';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((type) => {
        if (type !== 'array') return escapeHtml(type);
        const items = schema.items as JsonSchema | undefined;
        if (items) return `array of ${typeOf(items)}`;
        if (Array.isArray(schema.prefixItems))
          return `[${(schema.prefixItems as JsonSchema[]).map(typeOf).join(', ')}]`;
        return 'array';
      })
      .join(' or ') || (Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]).map(typeOf).join(' and ') : 'any')
  );
}

/** Enumerated or constant values, also inside alternatives and array items. */
export function allowed(schema: JsonSchema): string {
  const out: string[] = [];
  const visit = (s: JsonSchema) => {
    if (Array.isArray(s.enum)) out.push(...s.enum.map(word));
    if (s.const !== undefined) out.push(word(s.const));
    members(s)?.forEach(visit);
    if (s.items && typeof s.items === 'object') visit(s.items as JsonSchema);
  };
  visit(schema);
  return out.length ? `<span class="enum">${out.join(' ')}</span>` : '';
}

/** Ranges, lengths, counts and patterns, also inside alternatives. */
export function limits(schema: JsonSchema): string {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min === undefined && max === undefined) return;
    const text =
      min !== undefined && max !== undefined
        ? min === max
          ? `${min}`
          : `${min} to ${max}`
        : min !== undefined
          ? `≥ ${min}`
          : `≤ ${max}`;
    out.push(`${escapeHtml(text)}${unit}`);
  };
  const visit = (s: JsonSchema) => {
    range(s.minimum, s.maximum, '');
    range(s.minLength, s.maxLength, ' chars');
    range(s.minItems, s.maxItems, ' items');
    if (typeof s.pattern === 'string') out.push(`pattern <code>${escapeHtml(s.pattern)}</code>`);
    members(s)?.forEach(visit);
    if (Array.isArray(s.prefixItems)) (s.prefixItems as JsonSchema[]).forEach(visit);
  };
  visit(schema);
  return out.join('<br>');
}

function defaultOf(schema: JsonSchema): string {
  return schema.default === undefined ? '' : literal(schema.default);
}

export function exampleOf(value: { example?: unknown; examples?: unknown }): string {
  const example = value.example ?? (Array.isArray(value.examples) ? value.examples[0] : undefined);
  if (example === undefined || (typeof example === 'object' && example !== null && !Array.isArray(example))) return '';
  return `<div class="example">e.g. ${typeof example === 'string' ? word(example) : literal(example)}</div>`;
}

export function parameterRows(parameters: JsonSchema[]): string[][] {
  return parameters.map((p) => {
    const schema = p.schema as JsonSchema;
    const name = `<code class="name">${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}`;
    // a comma list's example shown as it is written in the query
    const example = p.explode === false && Array.isArray(p.example) ? { example: p.example.join(',') } : p;
    return [name, typeCell(schema), allowed(schema), defaultOf(schema), prose(p.description) + exampleOf(example)];
  });
}

export const PARAMETER_HEAD = ['Name', 'Type', 'Allowed values', 'Default', 'Description'];

/** The type, and under it the limits. */
export function typeCell(schema: JsonSchema): string {
  const bounds = limits(schema);
  return `<span class="type">${typeOf(schema)}</span>${bounds ? `<div class="limits">${bounds}</div>` : ''}`;
}

/** The fields of an object schema, nested inline objects and arrays of them flattened to `a.b` / `a[].b`. */
export function fieldRows(schema: JsonSchema, prefix = ''): string[][] {
  const rows: string[][] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  for (const [name, field] of Object.entries(properties)) {
    const full = prefix + name;
    rows.push([
      `<code class="name">${escapeHtml(full)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}`,
      typeCell(field),
      allowed(field),
      defaultOf(field),
      prose(field.description) + exampleOf(field),
    ]);
    if (field.properties) rows.push(...fieldRows(field, `${full}.`));
    const items = field.items as JsonSchema | undefined;
    if (items?.properties) rows.push(...fieldRows(items, `${full}[].`));
  }
  return rows;
}
export const FIELD_HEAD = ['Field', 'Type', 'Allowed values', 'Default', 'Description'];
