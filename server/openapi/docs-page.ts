// GET /docs: the OpenAPI document rendered server-side as one readable page: endpoints, the query
// parameters, the request body, schemas, responses and error codes. Every text is HTML-escaped; the
// page loads nothing from elsewhere.
//
// Kept rather than Scalar or Redoc served from node_modules: this page needs no JavaScript and no CDN, so it
// can be served under `default-src 'none'` (docs-endpoints.ts) and read by any browser or crawler; it is one
// small module and a style sheet instead of a megabyte bundle and a dependency to keep updated; and tests
// hold it to the document (every path, parameter, schema and error code is shown). Since everything on it
// is derived from the document, a field's schema is still the only place its text is written.
import type { JsonSchema } from '../request/field-meta.ts';
import { DOCS_STYLE } from './docs-style.ts';

type Doc = JsonSchema & {
  info: { title: string; version: string; summary?: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
};
type Operation = JsonSchema & {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The little markdown the descriptions use: `code` and blank-line paragraphs; everything escaped first. */
function inline(text: unknown): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}
function prose(text: unknown): string {
  if (text === undefined || text === '') return '';
  return String(text)
    .split(/\n\n+/)
    .map((p) => `<p>${inline(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const refName = (ref: string) => ref.split('/').pop()!;
const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const schemaLink = (ref: string) => `<a href="#${anchor('schema', refName(ref))}">${escapeHtml(refName(ref))}</a>`;
const literal = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;
const word = (value: unknown) =>
  `<code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`;

function members(schema: JsonSchema): JsonSchema[] | undefined {
  return (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
}

/** The type as people read it: `integer`, `array of RegionItem`, `number or string or null`. */
function typeOf(schema: JsonSchema): string {
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
function allowed(schema: JsonSchema): string {
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
function limits(schema: JsonSchema): string {
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

function exampleOf(value: { example?: unknown; examples?: unknown }): string {
  const example = value.example ?? (Array.isArray(value.examples) ? value.examples[0] : undefined);
  if (example === undefined || (typeof example === 'object' && example !== null && !Array.isArray(example))) return '';
  return `<div class="example">e.g. ${typeof example === 'string' ? word(example) : literal(example)}</div>`;
}

function table(head: string[], rows: string[][], className = ''): string {
  if (!rows.length) return '';
  return (
    `<div class="table-wrap"><table${className ? ` class="${className}"` : ''}><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`
  );
}

function resolve<T = JsonSchema>(doc: Doc, value: JsonSchema): T {
  if (typeof value.$ref !== 'string') return value as T;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as JsonSchema;
  return { ...target, ...Object.fromEntries(Object.entries(value).filter(([k]) => k !== '$ref')) } as T;
}

function parameterRows(parameters: JsonSchema[]): string[][] {
  return parameters.map((p) => {
    const schema = p.schema as JsonSchema;
    const name = `<code class="name">${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}`;
    // a comma list's example shown as it is written in the query
    const example = p.explode === false && Array.isArray(p.example) ? { example: p.example.join(',') } : p;
    return [name, typeCell(schema), allowed(schema), defaultOf(schema), prose(p.description) + exampleOf(example)];
  });
}

const PARAMETER_HEAD = ['Name', 'Type', 'Allowed values', 'Default', 'Description'];

/** The type, and under it the limits. */
function typeCell(schema: JsonSchema): string {
  const bounds = limits(schema);
  return `<span class="type">${typeOf(schema)}</span>${bounds ? `<div class="limits">${bounds}</div>` : ''}`;
}

/** The fields of an object schema, nested inline objects and arrays of them flattened to `a.b` / `a[].b`. */
function fieldRows(schema: JsonSchema, prefix = ''): string[][] {
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
const FIELD_HEAD = ['Field', 'Type', 'Allowed values', 'Default', 'Description'];

function method(name: string): string {
  return `<span class="method ${escapeHtml(name)}">${escapeHtml(name.toUpperCase())}</span>`;
}

function operations(doc: Doc): Array<{ path: string; verb: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((verb) => item[verb]).map((verb) => ({ path, verb, op: item[verb]! })),
  );
}

function operationSection(doc: Doc, path: string, verb: string, op: Operation): string {
  const parts = [
    `<section id="${anchor('op', op.operationId)}" class="operation">`,
    `<h3>${method(verb)} <span class="path">${escapeHtml(path)}</span></h3>`,
    `<p class="summary">${inline(op.summary ?? '')}</p>`,
    prose(op.description),
  ];
  const parameters = op.parameters ?? [];
  if (parameters.length) {
    parts.push('<h4>Parameters</h4>');
    const shared = parameters.filter((p) => typeof p.$ref === 'string');
    if (shared.length) {
      parts.push(
        `<p class="param-list">Query parameters (see <a href="#query-parameters">Query parameters</a>): ${shared
          .map((p) => {
            const name = refName(p.$ref as string);
            const resolved = resolve(doc, p);
            return `<a href="#${anchor('param', name)}"><code>${escapeHtml(resolved.name)}</code></a>${resolved.required ? '<span class="req-dot" title="required">*</span>' : ''}`;
          })
          .join(' ')}</p>`,
      );
      const fixed = shared
        .map((p) => resolve(doc, p))
        .filter((p) => p.name === 'format' && ((p.schema as JsonSchema).enum as unknown[] | undefined)?.length === 1);
      for (const p of fixed)
        parts.push(
          `<p class="note">Here <code>format</code> may only be ${literal(((p.schema as JsonSchema).enum as unknown[])[0])}.</p>`,
        );
    }
    const own = parameters.filter((p) => typeof p.$ref !== 'string');
    if (own.length) parts.push(table(PARAMETER_HEAD, parameterRows(own), 'parameters'));
  }
  if (op.requestBody) parts.push(requestBody(op.requestBody));
  const examples = op['x-example-urls'] as Array<{ summary: string; url: string }> | undefined;
  if (examples?.length) {
    parts.push(
      '<h4>Examples</h4><ul class="examples">',
      ...examples.map(
        (e) => `<li>${inline(e.summary)}<br><a href="${escapeHtml(e.url)}"><code>${escapeHtml(e.url)}</code></a></li>`,
      ),
      '</ul>',
    );
  }
  parts.push('<h4>Responses</h4>', responsesTable(doc, op.responses), '</section>');
  return parts.join('\n');
}

function requestBody(body: JsonSchema): string {
  const content = body.content as Record<
    string,
    { schema: JsonSchema; examples?: Record<string, { summary: string; value: unknown }> }
  >;
  const parts = ['<h4>Request body</h4>', prose(body.description)];
  for (const [type, media] of Object.entries(content)) {
    parts.push(`<h5><code>${escapeHtml(type)}</code></h5>`);
    if (typeof media.schema.$ref === 'string')
      parts.push(
        `<p>${schemaLink(media.schema.$ref)}: every field is listed under <a href="#${anchor('schema', refName(media.schema.$ref))}">Schemas</a>.</p>`,
      );
    else if (typeof media.schema.description === 'string')
      parts.push(
        `<ul>${media.schema.description
          .split('\n')
          .map((rule) => `<li>${inline(rule)}</li>`)
          .join('')}</ul>`,
      );
    for (const example of Object.values(media.examples ?? {})) {
      const text = typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2);
      parts.push(
        `<details><summary>Example: ${inline(example.summary)}</summary><pre>${escapeHtml(text)}</pre></details>`,
      );
    }
  }
  return parts.join('\n');
}

function responsesTable(doc: Doc, responses: Record<string, JsonSchema>): string {
  const rows = Object.entries(responses).map(([status, value]) => {
    const response = resolve(doc, value);
    const types = Object.keys((response.content ?? {}) as object)
      .map((t) => `<code>${escapeHtml(t)}</code>`)
      .join('<br>');
    const headers = Object.keys((response.headers ?? {}) as object)
      .map((h) => `<a href="#${anchor('header', h)}"><code>${escapeHtml(h)}</code></a>`)
      .join(' ');
    const error = typeof value.$ref === 'string' ? ` <a href="#errors">(codes)</a>` : '';
    return [
      `<span class="status s${escapeHtml(status[0])}">${escapeHtml(status)}</span>`,
      prose(response.description) + error,
      types,
      headers,
    ];
  });
  return table(['Status', 'Description', 'Content', 'Headers'], rows, 'responses');
}

function errorsSection(doc: Doc): string {
  const error = doc.components.schemas.Error!;
  const meanings = ((error.properties as Record<string, JsonSchema>).error!['x-enum-descriptions'] ?? {}) as Record<
    string,
    string
  >;
  const rows = Object.entries(doc.components.responses).flatMap(([, response]) => {
    const media = (response.content as Record<string, { schema: JsonSchema }>)['application/json']!;
    const properties = media.schema.properties as Record<string, JsonSchema>;
    const status = properties.status!.const;
    return (properties.error!.enum as string[]).map((code) => [
      `<span class="status s${escapeHtml(String(status)[0])}">${escapeHtml(status)}</span>`,
      `<code>${escapeHtml(code)}</code>`,
      inline(meanings[code] ?? ''),
    ]);
  });
  return (
    `<section id="errors"><h2>Errors</h2>${prose(error.description)}` +
    `<p>Body: <a href="#${anchor('schema', 'Error')}">Error</a> <code>{"error", "message", "status", "field"?}</code>, always <code>application/json</code>.</p>` +
    `${table(['Status', 'Code', 'When'], rows)}</section>`
  );
}

function headersSection(doc: Doc): string {
  const rows = Object.entries(doc.components.headers).map(([name, h]) => [
    `<code class="name" id="${anchor('header', name)}">${escapeHtml(name)}</code>`,
    allowed(h.schema as JsonSchema) || limits(h.schema as JsonSchema) || typeOf(h.schema as JsonSchema),
    prose(h.description) + exampleOf(h),
  ]);
  return `<section id="headers"><h2>Response headers</h2>${table(['Header', 'Value', 'Meaning'], rows)}</section>`;
}

function schemaSection(name: string, schema: JsonSchema): string {
  const parts = [
    `<section id="${anchor('schema', name)}" class="schema"><h3>${escapeHtml(name)}</h3>`,
    prose(schema.description),
  ];
  const composed = (schema.allOf as JsonSchema[] | undefined)?.filter((s) => typeof s.$ref === 'string') ?? [];
  if (composed.length)
    parts.push(`<p>All the fields of ${composed.map((s) => schemaLink(s.$ref as string)).join(', ')}, and:</p>`);
  if (schema.properties) {
    parts.push(table(FIELD_HEAD, fieldRows(schema)));
    if (schema.additionalProperties === false) parts.push('<p class="note">No other fields are accepted.</p>');
  } else {
    parts.push(table(['Type', 'Allowed values'], [[typeCell(schema), allowed(schema)]]));
  }
  const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (example !== undefined && typeof example === 'object')
    parts.push(
      `<details><summary>Example</summary><pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre></details>`,
    );
  parts.push('</section>');
  return parts.join('\n');
}

function navigation(doc: Doc): string {
  const ops = operations(doc)
    .map(
      ({ path, verb, op }) =>
        `<li><a href="#${anchor('op', op.operationId)}">${method(verb)} ${escapeHtml(path)}</a></li>`,
    )
    .join('');
  const schemas = Object.keys(doc.components.schemas)
    .map((name) => `<li><a href="#${anchor('schema', name)}">${escapeHtml(name)}</a></li>`)
    .join('');
  return (
    `<nav><p class="brand">${escapeHtml(doc.info.title)}</p><ol>` +
    `<li><a href="#overview">Overview</a></li>` +
    `<li><a href="#endpoints">Endpoints</a><ol class="ops">${ops}</ol></li>` +
    `<li><a href="#query-parameters">Query parameters</a></li>` +
    `<li><a href="#errors">Errors</a></li>` +
    `<li><a href="#headers">Response headers</a></li>` +
    `<li><a href="#schemas">Schemas</a><ol class="schemas">${schemas}</ol></li>` +
    '</ol></nav>'
  );
}

/** The whole page. */
export function renderDocsPage(document: object): string {
  const doc = document as Doc;
  const { info } = doc;
  const endpointRows = operations(doc).map(({ path, verb, op }) => [
    `${method(verb)} <a href="#${anchor('op', op.operationId)}"><code>${escapeHtml(path)}</code></a>`,
    inline(op.summary ?? ''),
  ]);
  const parameters = Object.entries(doc.components.parameters).map(([name, p]) => ({ name, p }));
  const parameterTable = table(
    PARAMETER_HEAD,
    parameters.map(({ name, p }) => {
      const row = parameterRows([p])[0]!;
      row[0] = `<span id="${anchor('param', name)}">${row[0]}</span>${name !== p.name ? ` <span class="variant">(${escapeHtml(name.slice(String(p.name).length + 1))})</span>` : ''}`;
      return row;
    }),
    'parameters',
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}: API reference</title><style>${DOCS_STYLE}</style></head>
<body><div class="layout">${navigation(doc)}<main>
<header id="overview"><h1>${escapeHtml(info.title)} <span class="version">v${escapeHtml(info.version)}</span></h1>
<p class="lead">${inline(info.summary ?? '')}</p>${prose(info.description)}
<p>Machine-readable: <a href="/openapi.json"><code>/openapi.json</code></a> (OpenAPI ${escapeHtml(doc.openapi)}).</p></header>
<section id="endpoints"><h2>Endpoints</h2>${table(['Endpoint', 'What it does'], endpointRows)}
${operations(doc)
  .map(({ path, verb, op }) => operationSection(doc, path, verb, op))
  .join('\n')}</section>
<section id="query-parameters"><h2>Query parameters</h2>
<p>The parameters of <code>GET /map.svg</code>, <code>GET /map.png</code> and <code>GET /render/spec</code>, and of the query string beside a CSV body.
They mirror the fields of <a href="#${anchor('schema', 'RenderRequest')}">RenderRequest</a>; lists are written in the grammar each one gives.</p>
${parameterTable}</section>
${errorsSection(doc)}
${headersSection(doc)}
<section id="schemas"><h2>Schemas</h2>${Object.entries(doc.components.schemas)
    .map(([name, schema]) => schemaSection(name, schema))
    .join('\n')}</section>
</main></div></body></html>`;
}
