// The query parameters of the GET endpoints (and of a POST with a CSV body): every request field a query can
// carry, plus the query aliases (`data`), each with the body field's type, allowed values, limits and default
// and the field's query form, all read from the request schema's meta.
import type { SchemaDescription } from 'yup';
import { FORMATS } from '../../shared/lists.ts';
import type { JsonSchema, QueryForm } from '../request/field-meta.ts';
import { FIELD_NAMES, fieldMeta, requestSchema, type FieldName } from '../request/schema.ts';
import { withoutNull } from './json-schema.ts';

/** Query parameters a CSV body replaces. */
const CSV_BODY_FIELDS: readonly string[] = ['data', 'regions'];

/** The GET parameter names, in the request's field order, each alias just before its field. */
const GET_PARAMETER_NAMES: readonly string[] = FIELD_NAMES.filter((name) => !fieldMeta(name).jsonOnly).flatMap(
  (name) => [...(fieldMeta(name).queryAlias ? [fieldMeta(name).queryAlias!.name] : []), name],
);

/** The query form of a parameter: its field's, or an alias's. */
function queryForm(name: string): QueryForm | undefined {
  if (fieldMeta(name).query) return fieldMeta(name).query;
  return FIELD_NAMES.map((field) => fieldMeta(field).queryAlias).find((alias) => alias?.name === name);
}

const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const BOOLEAN_WORDS = 'Also `1`/`0` and `yes`/`no`.';

/** The parameter's schema: the body field's, without null and without the text that moves to the parameter. */
function scalarSchema(name: string, body: JsonSchema): JsonSchema {
  const { description: _description, examples: _examples, ...schema } = withoutNull(body);
  const word = fieldMeta(name).queryWord;
  if (word) {
    const { default: _default, ...value } = schema;
    return { anyOf: [value, { type: 'string', enum: [word] }], default: word };
  }
  return schema;
}

function describe(name: string, schema: JsonSchema): string {
  const parts = [fieldMeta(name).description ?? ''];
  if (schema.type === 'boolean') parts.push(BOOLEAN_WORDS);
  const enumerated = schema.enum || (schema.anyOf as JsonSchema[] | undefined)?.some((s) => s.enum);
  if (enumerated && !parts[0]!.includes('case-insensitive')) parts.push('Matched case-insensitively.');
  return parts.filter(Boolean).join(' ');
}

function parameter(name: string, bodyProperties: Record<string, JsonSchema>): JsonSchema {
  const grammar = queryForm(name);
  const body = bodyProperties[name];
  if (grammar) {
    const description = body
      ? `${fieldMeta(name).description}\n\nIn a query: ${grammar.description}`
      : grammar.description;
    const common = { name, in: 'query', description, example: grammar.example };
    if (!grammar.commaList) return { ...common, schema: { type: 'string' } };
    const schema = grammar.commaList === true ? scalarSchema(name, body!) : grammar.commaList;
    return { ...common, style: 'form', explode: false, schema };
  }
  if (!body) throw new Error(`query parameter ${name} has neither a query form nor a body field`);
  const schema = scalarSchema(name, body);
  const meta = fieldMeta(name);
  const example =
    meta.example ??
    (requestSchema.fields[name as FieldName].describe() as SchemaDescription).default ??
    (schema.enum as unknown[] | undefined)?.[0];
  return {
    name,
    in: 'query',
    ...(name === 'scope' ? { required: true } : {}),
    description: describe(name, schema),
    schema,
    ...(example !== undefined && example !== null ? { example } : {}),
  };
}

/** `components.parameters`: one per GET parameter, the path-bound `format` variants, and `scope` beside a CSV body. */
export function queryParameters(bodyProperties: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const parameters: Record<string, JsonSchema> = {};
  for (const name of GET_PARAMETER_NAMES) parameters[name] = parameter(name, bodyProperties);
  const format = parameters.format!;
  for (const only of FORMATS) {
    parameters[`format.${only}`] = {
      ...format,
      description: `Output format; the path's extension decides it, so this may only repeat it (\`${only}\`).`,
      schema: { type: 'string', enum: [only], default: only },
      example: only,
    };
  }
  parameters['scope.csv'] = {
    ...parameters.scope,
    required: false,
    description: `Required with a \`text/csv\` body. ${parameters.scope!.description}`,
  };
  return parameters;
}

/** The parameters of an operation: GET with the format its path fixes (or any), or those read beside a CSV body. */
export function operationParameters(kind: { get: (typeof FORMATS)[number] | 'any' } | { csv: true }): JsonSchema[] {
  if ('csv' in kind) {
    return GET_PARAMETER_NAMES.filter((name) => !CSV_BODY_FIELDS.includes(name)).map((name) =>
      parameterRef(name === 'scope' ? 'scope.csv' : name),
    );
  }
  return GET_PARAMETER_NAMES.filter((name) => !fieldMeta(name).tableOnly).map((name) =>
    parameterRef(name === 'format' && kind.get !== 'any' ? `format.${kind.get}` : name),
  );
}
