// The preview page (GET /): takes the same query string as /map.svg (or a POST JSON body, or a table with its
// query string), asks the service
// for the normalised request (/render/spec) and draws it right here with the service's own renderer bundle
// (renderer.js, window.renderMap), so a map can be tuned, copied as a URL and debugged with breakpoints. When the
// service asks for a key, the page takes one (key-panel.ts) and signs the links it offers with it.
import type { MapSpec, RenderResult } from '../spec.ts';
import { describe, renderPost, type FoundPlace, type PreviewRequest } from './api.ts';
import { CONTROL_KEYS, jsonValueOf, setUpControls, showControlValues, type ControlKey } from './controls.ts';
import { wireCopyButtons } from './copy.ts';
import { byId, show } from './dom.ts';
import { renderGallery } from './gallery.ts';
import { fixtures, type Fixture } from './gallery-maps.ts';
import { setUpKeyPanel, showKeyAnswer } from './key-panel.ts';
import { markerObjectOf, markerOf, setUpPlaceSearch } from './place-search.ts';
import { getParam, queryOf, setParam } from './query-string.ts';
import { compactJson, snippetsFor } from './snippets.ts';
import { headerGuess, onColumnChoice, showColumns } from './table-panel.ts';
import { showBusy, showProblem, showResult } from './view.ts';

type Mode = PreviewRequest['kind'];

const queryEditor = byId('query', HTMLTextAreaElement);
const jsonEditor = byId('json', HTMLTextAreaElement);
const tableEditor = byId('table', HTMLTextAreaElement);
const MODES: Mode[] = ['query', 'json', 'table'];
/** what the table tab starts with: a row without a value and one the world does not know, to show how they read */
const SAMPLE_TABLE = 'country,unemployment\nGermany,3.0\nFrance,7.3\nItaly,7.7\nSpain,12.2\nPoland,NA\nEuro area,6.5\n';
let mode: Mode = 'query';
/** the request the results on screen belong to (downloads of a POST body use it) */
let shown: PreviewRequest | null = null;
/** increases with every render asked for; an answer for an older one is dropped */
let latest = 0;
/** resolved by the first answer that does not ask for a key: the gallery's thumbnails wait for it */
let admit: () => void = () => undefined;
const admitted = new Promise<void>((resolve) => {
  admit = resolve;
});

// The pool pages load both weights before their first render; so does this page, so text measures alike.
const fontsReady = Promise.all(
  ['400', '700'].map((w) => document.fonts.load(`${w} 16px 'Noto Sans'`, 'Aa ĂăÂâÎîȘșȚț')),
).catch(() => undefined);

function currentRequest(): PreviewRequest {
  if (mode === 'json') return { kind: 'json', body: jsonEditor.value };
  const query = queryOf(queryEditor.value);
  if (query !== queryEditor.value) queryEditor.value = query;
  return mode === 'table' ? { kind: 'table', query, table: tableEditor.value } : { kind: 'query', query };
}

function setMode(next: Mode): void {
  mode = next;
  for (const kind of MODES) {
    byId(`tab-${kind}`, HTMLButtonElement).setAttribute('aria-selected', String(kind === next));
    // a table's scope and options are in the query string, so its tab shows the query editor too
    show(byId(`panel-${kind}`, HTMLDivElement), kind === next || (kind === 'query' && next === 'table'));
  }
  syncControls();
}

/** The controls show what the active editor holds. */
function syncControls(): void {
  if (mode !== 'json') {
    const query = queryOf(queryEditor.value);
    showControlValues(Object.fromEntries(CONTROL_KEYS.map((key) => [key, getParam(query, key)])));
    return;
  }
  const body = parseBody(jsonEditor.value);
  if (body)
    showControlValues(
      Object.fromEntries(CONTROL_KEYS.map((key) => [key, body[key] == null ? null : String(body[key])])),
    );
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Edits the JSON editor's body with `edit`; false, with the problem shown, when the body is no JSON object to
 *  edit (`purpose`: what the edit was for). */
function editBody(edit: (body: Record<string, unknown>) => void, purpose: string): boolean {
  const body = parseBody(jsonEditor.value);
  if (!body) {
    showProblem({ error: 'invalid_json', message: `the JSON body must be a valid JSON object before ${purpose}` });
    return false;
  }
  edit(body);
  jsonEditor.value = JSON.stringify(body, null, 2);
  return true;
}

function applyControl(key: ControlKey, value: string | null): void {
  if (mode !== 'json') queryEditor.value = setParam(queryOf(queryEditor.value), key, value);
  else {
    const edited = editBody((body) => {
      if (value === null) delete body[key];
      else body[key] = jsonValueOf(key, value);
    }, 'the quick controls can edit it');
    if (!edited) return;
  }
  void render();
}

/** Keeps the address bar on this request, so a reload (or a shared link) shows the same map. */
function syncAddress(request: PreviewRequest): void {
  const path = location.pathname;
  // only what a fragment cannot hold is escaped, so the address stays readable
  const fragmentOf = (text: string) => text.replace(/[%#\s"<>`]/g, (c) => encodeURIComponent(c));
  const search = request.kind === 'json' || !request.query ? '' : `?${request.query}`;
  const fragment =
    request.kind === 'json'
      ? `#json=${fragmentOf(compactJson(request.body))}`
      : request.kind === 'table'
        ? `#table=${fragmentOf(request.table)}`
        : '';
  history.replaceState(null, '', `${path}${search}${fragment.length < 100_000 ? fragment : ''}`);
}

// Renders share the one #map element: they run one after another, and a superseded one is skipped.
let drawing: Promise<unknown> = Promise.resolve();
function draw(spec: MapSpec, ticket: number): Promise<RenderResult | null> {
  const run = drawing.then(() => (ticket === latest ? window.renderMap(spec) : null));
  drawing = run.catch(() => undefined);
  return run;
}

async function render(): Promise<void> {
  const request = currentRequest();
  const ticket = ++latest;
  const started = performance.now();
  syncAddress(request);
  syncControls();
  showBusy();
  const { outcome, key } = await describe(request);
  if (ticket !== latest) return;
  showKeyAnswer(key);
  if (key.kind !== 'needed' && key.kind !== 'refused') admit();
  if (!outcome.ok) {
    // the service may be asking which column to map: offer the columns to pick from
    if (request.kind === 'table')
      showColumns(undefined, (param) => getParam(request.query, param), headerGuess(request.table));
    showProblem(outcome.problem);
    return;
  }
  if (typeof window.renderMap !== 'function') {
    showProblem({
      error: 'renderer_missing',
      message: 'renderer.js did not load, so the map cannot be drawn in this page',
    });
    return;
  }
  await fontsReady;
  let result: RenderResult | null;
  try {
    result = await draw(outcome.value.spec, ticket);
  } catch (error) {
    console.error(error);
    if (ticket === latest) {
      showProblem({
        error: 'render_failed',
        message: `the renderer failed in this page: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    return;
  }
  if (!result || ticket !== latest) return;
  if (request.kind === 'table') showColumns(outcome.value.table, (param) => getParam(request.query, param));
  const snippets = await snippetsFor(request, outcome.value, location.origin);
  if (ticket !== latest) return;
  shown = request;
  showResult(outcome.value, result, snippets, performance.now() - started);
}

/** A POST body's download, through the real POST /render/map. */
async function downloadPost(event: MouseEvent, format: 'png' | 'svg'): Promise<void> {
  if (!shown || shown.kind === 'query') return; // a GET request's links download by themselves
  event.preventDefault();
  let post: Parameters<typeof renderPost>[0];
  if (shown.kind === 'table') post = shown;
  else {
    const body = parseBody(shown.body);
    if (!body) return;
    post = { body };
  }
  const status = byId('status', HTMLSpanElement);
  status.textContent = `Rendering the ${format.toUpperCase()}…`;
  const outcome = await renderPost(post, format);
  if (!outcome.ok) {
    showProblem(outcome.problem);
    return;
  }
  const url = URL.createObjectURL(outcome.value);
  const link = document.createElement('a');
  link.href = url;
  link.download = `map.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  status.textContent = `Downloaded map.${format} from POST /render/map`;
}

function load(fixture: Fixture): void {
  if (fixture.query !== undefined) {
    queryEditor.value = fixture.query;
    setMode('query');
  } else {
    jsonEditor.value = JSON.stringify(fixture.body ?? {}, null, 2);
    setMode('json');
  }
  void render();
}

/** Adds the place picked in the place search to the active editor's markers, and draws. */
function addMarker(place: FoundPlace): void {
  if (mode !== 'json') {
    const query = queryOf(queryEditor.value);
    const markers = getParam(query, 'markers');
    queryEditor.value = setParam(query, 'markers', markers ? `${markers};${markerOf(place)}` : markerOf(place));
  } else {
    const edited = editBody((body) => {
      body.markers = [...(Array.isArray(body.markers) ? body.markers : []), markerObjectOf(place)];
    }, 'a marker is added');
    if (!edited) return;
  }
  void render();
}

function start(): void {
  setUpControls(applyControl);
  setUpPlaceSearch(byId('ctl-place', HTMLInputElement), byId('ctl-place-list', HTMLDivElement), addMarker);
  setUpKeyPanel(() => void render());
  wireCopyButtons(document);
  renderGallery(
    byId('gallery', HTMLUListElement),
    (fixture) => {
      load(fixture);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    admitted,
  );

  for (const kind of MODES) {
    byId(`tab-${kind}`, HTMLButtonElement).addEventListener('click', () => {
      if (kind === mode) return;
      if (kind === 'json' && !jsonEditor.value.trim()) {
        jsonEditor.value = JSON.stringify(fixtures.find((f) => f.body)?.body ?? { scope: 'world' }, null, 2);
      }
      if (kind === 'table') {
        if (!tableEditor.value.trim()) tableEditor.value = SAMPLE_TABLE;
        // the regions come from the table: the service refuses them in the query string too
        queryEditor.value = setParam(setParam(queryOf(queryEditor.value), 'data', null), 'regions', null);
      }
      setMode(kind);
      void render();
    });
  }
  onColumnChoice((param, column) => {
    queryEditor.value = setParam(queryOf(queryEditor.value), param, column);
    void render();
  });
  queryEditor.addEventListener('input', syncControls);
  jsonEditor.addEventListener('input', syncControls);
  byId('render', HTMLButtonElement).addEventListener('click', () => void render());
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void render();
    }
  });
  for (const format of ['png', 'svg'] as const) {
    byId(`download-${format}`, HTMLAnchorElement).addEventListener(
      'click',
      (event) => void downloadPost(event, format),
    );
  }

  // the address says what to show: a query string as on /map.svg, a body after #json=, a table after #table= (its
  // query string before it), else the first example
  const body = location.hash.startsWith('#json=') ? safeDecode(location.hash.slice('#json='.length)) : null;
  const table = location.hash.startsWith('#table=') ? safeDecode(location.hash.slice('#table='.length)) : null;
  if (table !== null) {
    queryEditor.value = location.search.slice(1).replace(/%3E/gi, '>');
    tableEditor.value = table;
    mode = 'table';
  } else if (location.search.length > 1) {
    // the browser escapes the routes' `>` in the address; the editor shows it as typed
    queryEditor.value = location.search.slice(1).replace(/%3E/gi, '>');
  } else if (body !== null) {
    const parsed = parseBody(body);
    jsonEditor.value = parsed ? JSON.stringify(parsed, null, 2) : body;
    mode = 'json';
  } else {
    queryEditor.value = fixtures.find((f) => f.query)?.query ?? 'scope=world';
  }
  setMode(mode);
  void render();
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

start();
