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
import { operations, type Doc } from './docs-document.ts';
import { anchor, escapeHtml, inline, method, prose, schemaLink, table } from './docs-html.ts';
import { operationSection } from './docs-operations.ts';
import {
  allowed,
  exampleOf,
  FIELD_HEAD,
  fieldRows,
  limits,
  PARAMETER_HEAD,
  parameterRows,
  typeCell,
  typeOf,
} from './docs-schema-cells.ts';
import { DOCS_STYLE } from './docs-style.ts';

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
<p>The parameters of <code>GET /map.svg</code> (and <code>.png</code>, <code>.pdf</code>, <code>.jpg</code>, <code>.webp</code>) and <code>GET /render/spec</code>, and of the query string beside a CSV body.
They mirror the fields of <a href="#${anchor('schema', 'RenderRequest')}">RenderRequest</a>; lists are written in the grammar each one gives.</p>
${parameterTable}</section>
${errorsSection(doc)}
${headersSection(doc)}
<section id="schemas"><h2>Schemas</h2>${Object.entries(doc.components.schemas)
    .map(([name, schema]) => schemaSection(name, schema))
    .join('\n')}</section>
</main></div></body></html>`;
}
