// A GET query string (or the one beside a CSV body) as a request object in the shape of a POST JSON body, so that
// one schema validates both: each parameter is read by its field's query form (`meta.query`, written in
// query-readers.ts), else kept as text for the schema to cast.
import { ApiError } from '../errors.ts';
import type { QueryForm } from './field-meta.ts';
import { FIELD_NAMES, fieldMeta } from './schema.ts';

/** Each parameter name with a form of its own, and the field it fills. */
const FORMS = new Map<string, { field: string; form: QueryForm }>();
/** The query aliases (`data`), with the field they stand for. */
const ALIASES = new Map<string, { field: string; notBoth: string }>();
for (const field of FIELD_NAMES) {
  const { query, queryAlias } = fieldMeta(field);
  if (query) FORMS.set(field, { field, form: query });
  if (queryAlias) {
    FORMS.set(queryAlias.name, { field, form: queryAlias });
    ALIASES.set(queryAlias.name, { field, notBoth: queryAlias.notBoth });
  }
}

/**
 * Query string → request object. Parameter names match case-insensitively against `fieldNames` (and the
 * aliases); a name given twice is an error, since either reading would surprise someone.
 */
export function parseQuery(query: string, fieldNames: readonly string[]): Record<string, unknown> {
  const byLowerName = new Map([...fieldNames, ...ALIASES.keys()].map((name) => [name.toLowerCase(), name]));
  // no prototype, so that a parameter named __proto__ is kept (and refused as unknown) rather than lost
  const raw: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(query)) {
    const name = byLowerName.get(key.toLowerCase()) ?? key;
    // own keys only: `toString=1` is an unknown parameter, not a repeated one
    if (Object.hasOwn(raw, name))
      throw new ApiError('invalid_field', `parameter "${name}" is given more than once`, name);
    raw[name] = value;
  }
  for (const [alias, { field, notBoth }] of ALIASES) {
    if (Object.hasOwn(raw, alias) && Object.hasOwn(raw, field)) throw new ApiError('invalid_data', notBoth, field);
  }
  // fromEntries, so that a parameter named __proto__ stays a key
  const request: Record<string, unknown> = Object.fromEntries(Object.entries(raw).filter(([name]) => !FORMS.has(name)));
  // in the schema's order, so that of two malformed parameters the same one is reported whatever their order
  for (const [name, { field, form }] of FORMS) {
    if (Object.hasOwn(raw, name)) request[field] = form.read(raw[name]!);
  }
  return request;
}
