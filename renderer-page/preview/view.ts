// What the page shows about the last request: the error box, or the ETag, warnings, GET URL, <img> tag,
// curl command and download links. Every string goes in as text (textContent, value), never as markup.
import type { RenderResult } from '../spec.ts';
import type { Described, Problem } from './api.ts';
import type { Snippets } from './snippets.ts';
import { markInvalid } from './controls.ts';
import { byId, show } from './dom.ts';
import { showTableRead } from './table-panel.ts';

type PageState = 'loading' | 'ready' | 'error';

/** The page's state on <html data-state> and the map frame, for styles and for tests to wait on. */
function setState(state: PageState): void {
  document.documentElement.dataset.state = state;
  byId('map-frame', HTMLDivElement).dataset.state = state;
}

export function showBusy(): void {
  setState('loading');
  byId('status', HTMLSpanElement).textContent = 'Rendering…';
}

/** The error box, in place of the results; the last map stays only dimmed, marked out of date. */
export function showProblem(problem: Problem): void {
  setState('error');
  byId('status', HTMLSpanElement).textContent = '';
  const title = [problem.status, problem.error].filter((p) => p !== undefined).join(' ');
  byId('error-title', HTMLElement).textContent = title;
  byId('error-message', HTMLParagraphElement).textContent = problem.message;
  const field = byId('error-field', HTMLParagraphElement);
  field.textContent = problem.field ? `field: ${problem.field}` : '';
  show(field, Boolean(problem.field));
  show(byId('error', HTMLDivElement), true);
  show(byId('stale-note', HTMLParagraphElement), byId('map', HTMLDivElement).childElementCount > 0);
  show(byId('outputs', HTMLElement), false);
  byId('map-info', HTMLParagraphElement).textContent = '';
  markInvalid(problem.field);
}

function listWarnings(described: Described, result: RenderResult): void {
  const list = byId('warnings', HTMLUListElement);
  const routes = [...new Set([...described.warnings.unknownRoutes, ...result.warnings.unknownRoutes])];
  const items: Array<[string, string[]]> = [
    ['Unknown ids', described.warnings.unknownIds],
    ['Unknown routes', routes],
    ['Hidden labels', result.warnings.hiddenLabels],
  ];
  list.replaceChildren();
  for (const [label, values] of items.filter(([, values]) => values.length)) {
    const item = document.createElement('li');
    const strong = document.createElement('strong');
    strong.textContent = `${label}: `;
    item.append(strong, values.join(', '));
    list.append(item);
  }
  if (!list.childElementCount) {
    const none = document.createElement('li');
    none.className = 'none';
    none.textContent = 'None';
    list.append(none);
  }
  list.dataset.count = String(
    described.warnings.unknownIds.length + routes.length + result.warnings.hiddenLabels.length,
  );
}

export function showResult(described: Described, result: RenderResult, snippets: Snippets, milliseconds: number): void {
  setState('ready');
  show(byId('error', HTMLDivElement), false);
  show(byId('stale-note', HTMLParagraphElement), false);
  markInvalid(undefined);
  byId('status', HTMLSpanElement).textContent = `Drawn in ${Math.round(milliseconds)} ms`;
  byId('map-info', HTMLParagraphElement).textContent =
    `${result.width} × ${result.height} px · ${described.spec.scope} · ${described.spec.theme} · ${described.spec.projection} · drawn in this page by renderer.js`;

  byId('etag', HTMLElement).textContent = described.etag;
  showTableRead(described.table);
  listWarnings(described, result);

  byId('get-url', HTMLTextAreaElement).value = snippets.getUrl ?? '';
  byId('img-tag', HTMLTextAreaElement).value = snippets.imgTag ?? '';
  show(byId('get-row', HTMLDivElement), snippets.getUrl !== null);
  show(byId('img-row', HTMLDivElement), snippets.imgTag !== null);
  show(byId('post-note', HTMLParagraphElement), snippets.getUrl === null);
  byId('curl', HTMLTextAreaElement).value = snippets.curl;

  for (const format of ['png', 'svg'] as const) {
    const link = byId(`download-${format}`, HTMLAnchorElement);
    if (snippets.links) link.href = snippets.links[format];
    else link.removeAttribute('href');
    link.setAttribute('role', 'button');
    link.tabIndex = 0;
    link.download = `map.${format}`;
  }
  byId('spec-json', HTMLPreElement).textContent = JSON.stringify(described.spec, null, 2);
  show(byId('outputs', HTMLElement), true);
}
