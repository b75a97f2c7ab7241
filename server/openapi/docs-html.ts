// The HTML pieces of the /docs page: escaping, the little markdown the descriptions use, anchors and links, tables.

export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The little markdown the descriptions use: `code` and blank-line paragraphs; everything escaped first. */
export function inline(text: unknown): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}
export function prose(text: unknown): string {
  if (text === undefined || text === '') return '';
  return String(text)
    .split(/\n\n+/)
    .map((p) => `<p>${inline(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export const refName = (ref: string) => ref.split('/').pop()!;
export const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
export const schemaLink = (ref: string) =>
  `<a href="#${anchor('schema', refName(ref))}">${escapeHtml(refName(ref))}</a>`;
export const literal = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;
export const word = (value: unknown) =>
  `<code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`;

export function table(head: string[], rows: string[][], className = ''): string {
  if (!rows.length) return '';
  return (
    `<div class="table-wrap"><table${className ? ` class="${className}"` : ''}><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`
  );
}

export function method(name: string): string {
  return `<span class="method ${escapeHtml(name)}">${escapeHtml(name.toUpperCase())}</span>`;
}
