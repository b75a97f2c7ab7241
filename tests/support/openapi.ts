// Reading the OpenAPI document in tests: it is plain JSON, with local $refs to follow.
import assert from 'node:assert/strict';
import { openApiDocument } from '../../server/openapi/openapi-document.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plain JSON, read by path
export type Node = Record<string, any>;
export const doc = openApiDocument() as Node;

/** The node a local `$ref` points at. */
export function at(ref: string): Node {
  assert.match(ref, /^#\//, `only local refs: ${ref}`);
  const node = ref
    .slice(2)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Node | undefined>((n, k) => n?.[k], doc);
  assert.ok(node, `$ref ${ref} resolves`);
  return node;
}
/** Follows `$ref`s (keeping sibling keywords). */
export function deref(node: Node): Node {
  let out = node;
  while (typeof out.$ref === 'string') {
    const { $ref, ...rest } = out;
    out = { ...at($ref), ...rest };
  }
  return out;
}
export const schema = (name: string) => deref(doc.components.schemas[name]);
export const body = () => schema('RenderRequest');
export const bodyProp = (name: string) => deref(body().properties[name]);
/** The non-null alternative of a nullable schema (or the schema). */
export function core(node: Node): Node {
  const s = deref(node);
  if (Array.isArray(s.anyOf)) {
    const others = s.anyOf.map(deref).filter((a: Node) => a.type !== 'null');
    if (others.length === 1) return { ...others[0] };
  }
  return s;
}
export const enumOf = (node: Node): unknown[] => core(node).enum;
export const operation = (path: string, method: string): Node => {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `${method.toUpperCase()} ${path} is described`);
  return op;
};
export const parameters = (path: string, method: string): Node[] =>
  (operation(path, method).parameters ?? []).map(deref);
export const parameter = (path: string, method: string, name: string) => {
  const found = parameters(path, method).find((p) => p.name === name);
  assert.ok(found, `${method} ${path} has parameter ${name}`);
  return found;
};
export function walk(node: unknown, visit: (node: Node, path: string) => void, path = '#'): void {
  if (Array.isArray(node)) node.forEach((item, i) => walk(item, visit, `${path}/${i}`));
  else if (node && typeof node === 'object') {
    visit(node as Node, path);
    for (const [key, value] of Object.entries(node)) walk(value, visit, `${path}/${key}`);
  }
}

// your own geometry and shapes are GeoJSON, which only a JSON body carries
export const GET_NAMES = [
  ...FIELD_NAMES.filter((name) => !['shapes', 'geometry', 'idProperty', 'nameProperty'].includes(name)),
  'data',
];
/** how to read a table: beside a CSV body (and in a JSON body's records), not on GET */
export const TABLE_NAMES = ['header', 'idColumn', 'valueColumn', 'colorColumn', 'decimal'];
export const sorted = (list: readonly string[]) => [...list].sort();
/** The query of a GET parameter's value: lists written `a,b,c` as the parameter's style says. */
export const queryValue = (p: Node, value: unknown) =>
  p.explode === false && Array.isArray(value) ? value.join(',') : String(value);
