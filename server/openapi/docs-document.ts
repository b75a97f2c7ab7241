// The OpenAPI document as the /docs page reads it: its shape, its operations in order, and `$ref`s resolved.
import type { JsonSchema } from '../request/field-meta.ts';

export type Doc = JsonSchema & {
  info: { title: string; version: string; summary?: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
};
export type Operation = JsonSchema & {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operations(doc: Doc): Array<{ path: string; verb: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((verb) => item[verb]).map((verb) => ({ path, verb, op: item[verb]! })),
  );
}

export function resolve<T = JsonSchema>(doc: Doc, value: JsonSchema): T {
  if (typeof value.$ref !== 'string') return value as T;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as JsonSchema;
  return { ...target, ...Object.fromEntries(Object.entries(value).filter(([k]) => k !== '$ref')) } as T;
}
