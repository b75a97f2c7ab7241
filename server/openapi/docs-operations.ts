// One endpoint on the /docs page: its summary and description, its parameters (the shared query parameters
// linked, its own in a table), its request body, examples and responses.
import type { JsonSchema } from '../request/field-meta.ts';
import { resolve, type Doc, type Operation } from './docs-document.ts';
import { anchor, escapeHtml, inline, literal, method, prose, refName, schemaLink, table } from './docs-html.ts';
import { PARAMETER_HEAD, parameterRows } from './docs-schema-cells.ts';

export function operationSection(doc: Doc, path: string, verb: string, op: Operation): string {
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
