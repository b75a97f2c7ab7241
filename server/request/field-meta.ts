// What a request field says about itself beyond validation, kept on its yup schema with `.meta()`: its
// meaning, example and query form. The OpenAPI document, /docs and the GET grammar read it from
// `schema.describe()`; the default is yup's own `.default()`, which validation fills in.
import type { AnySchema } from 'yup';

export type JsonSchema = { [keyword: string]: unknown };

export const ref = (component: string): JsonSchema => ({ $ref: `#/components/schemas/${component}` });

/** How a query string (GET, or beside a CSV body) writes a field that it cannot write as the body's value. */
export interface QueryForm {
  /** the grammar, in prose */
  description: string;
  /** a string in the grammar; for a comma list, the list */
  example: string | readonly (string | number)[];
  /** the text as the body would give it */
  read: (text: string) => unknown;
  /** the parameter is an array written `a,b,c` (OpenAPI style form, explode false): this schema, or `true` for the body field's */
  commaList?: JsonSchema | true;
}

declare module 'yup' {
  interface CustomSchemaMetadata {
    /** what the field means, for the OpenAPI document and /docs */
    description?: string;
    example?: unknown;
    /** the JSON Schema of a field yup cannot describe (`mixed`, or rules kept in custom tests) */
    jsonSchema?: JsonSchema;
    /** a yup schema that `mixed` field is checked with elsewhere, described in its place */
    checkedBy?: AnySchema;
    /** alternatives (of a `lazy` field), described as JSON Schema's `anyOf` or `oneOf` */
    anyOf?: AnySchema[];
    oneOf?: AnySchema[];
    /** keywords merged into the derived JSON Schema: rules yup keeps in custom tests, e.g. an object's */
    extra?: JsonSchema;
    /** publish the schema as this component and $ref it */
    component?: string;
    /** a word a query may write instead of a value (`height=auto`), which is also the query's default */
    queryWord?: string;
    /** how a query string writes the field, when not as the body's value */
    query?: QueryForm;
    /** a GET-only parameter for the same field in another grammar (`data` for `regions`), and the message
     *  that refuses both in one query */
    queryAlias?: QueryForm & { name: string; notBoth: string };
    /** only a JSON body can carry it */
    jsonOnly?: true;
    /** says how to read a table (beside a CSV body, or a JSON body's records): no GET operation lists it */
    tableOnly?: true;
    /** the normalised request carries it as validated (see asIs) */
    asIs?: true;
  }
}

declare const AS_IS: unique symbol;
/** The type mark of a field `asIs` made: the normalised request's type is checked against these. */
export interface AsIs {
  readonly [AS_IS]: true;
}

/** A field the normalised request (`MapSpec`) carries as validated, its default filled in and an absent one as
 *  null: normalise.ts copies it and get-url.ts writes it back, with no code of their own for it. */
export function asIs<S extends AnySchema>(schema: S): S & AsIs {
  return schema.meta({ asIs: true }) as S & AsIs;
}
