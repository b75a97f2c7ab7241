// The service endpoints the preview page talks to: /render/spec (the normalised request, ETag, warnings, GET
// form, and how a table was read), /render/map (a POST body's image, for downloads and thumbnails) and /scopes
// (what the scope picker offers). Every request carries the key the page holds, if any (access-key.ts).
import type { Format, MapSpec } from '../spec.ts';
import { keyHeaders } from './access-key.ts';
import { setParam } from './query-string.ts';

/** What the page is asked to show: a GET query string, a POST JSON body (as typed), or a POST table with the
 *  query string that gives its scope and options. */
export type PreviewRequest =
  { kind: 'query'; query: string } | { kind: 'json'; body: string } | { kind: 'table'; query: string; table: string };

/** /render/spec's `table`: how a table body was read (the service's server/request/table/read-table.ts). */
export interface TableRead {
  columns: string[];
  /** numbered from 1 */
  idColumn: number;
  valueColumn: number | null;
  rows: number;
  skippedRows: Array<{ line: number; id: string; reason: string; cell?: string; within?: string }>;
  skippedCount: number;
}

export interface Described {
  spec: MapSpec;
  etag: string;
  /** the map in words: `alt`, or the automatic description */
  description: string;
  warnings: { unknownIds: string[]; unknownRoutes: string[] };
  /** `/map.svg?…` drawing the same map, or null when GET cannot express the request */
  get: string | null;
  table?: TableRead;
}

/** A failure as the page shows it: the service's error JSON, or one made up for the network or the page. */
export interface Problem {
  error: string;
  message: string;
  status?: number;
  field?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** What an answer says about keys (DECISIONS §12), for the key field (key-panel.ts). */
export type KeyAnswer =
  /** drawn, nothing said about keys: the key held (if any) was taken, or the service needs none */
  | { kind: 'taken' }
  /** ACCESS=keys without a key: 401 */
  | { kind: 'needed' }
  /** ACCESS=watermark: drawn with the logo for want of a valid key (`WWW-Authenticate` on the answer); `refusal`
   *  (its RFC 6750 error_description) says why the key held was not taken */
  | { kind: 'optional'; refusal: string | null }
  /** 403: the key held was refused, with the service's message */
  | { kind: 'refused'; message: string }
  /** another failure (a 400, the network): it says nothing about keys */
  | { kind: 'silent' };

interface Boundaries {
  source: string;
  licence: string;
}

/** A scope as GET /scopes lists it: the fields the scope picker shows. */
export interface ScopeSummary {
  id: string;
  kind: 'world' | 'country' | 'group' | 'custom';
  name: string;
  /** plural, as in "16 states" */
  regionKind: string;
  regionCount: number;
  boundaries: Boundaries;
  /** a group's member list: the date it is true for, and where it is from */
  members?: { asOf: string; source: string };
  divisions: Array<{ id: string; regionKind: string; regionCount: number; boundaries: Boundaries }>;
}

async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<Problem>;
    if (typeof body.error === 'string' && typeof body.message === 'string') {
      return {
        error: body.error,
        message: body.message,
        status: response.status,
        field: typeof body.field === 'string' ? body.field : undefined,
      };
    }
  } catch {
    // not the service's JSON (a proxy's page, say): fall through
  }
  return {
    error: 'http_error',
    message: `${response.status} ${response.statusText}${text ? `: ${text.slice(0, 300)}` : ''}`,
    status: response.status,
  };
}

async function call(path: string, init?: RequestInit): Promise<Outcome<Response>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), ...keyHeaders() },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: { error: 'network_error', message: `could not reach the map service (${detail}); is it running?` },
    };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  return { ok: true, value: response };
}

const json = { 'content-type': 'application/json' };
const csv = { 'content-type': 'text/csv' };

async function jsonOf<T>(outcome: Outcome<Response>, path: string): Promise<Outcome<T>> {
  if (!outcome.ok) return outcome;
  try {
    return { ok: true, value: (await outcome.value.json()) as T };
  } catch {
    return { ok: false, problem: { error: 'bad_response', message: `${path} did not answer with JSON` } };
  }
}

function keyAnswerOf(outcome: Outcome<Response>): KeyAnswer {
  if (!outcome.ok) {
    const { status, error, message } = outcome.problem;
    if (status === 401 && error === 'unauthorized') return { kind: 'needed' };
    return status === 403 && error === 'forbidden' ? { kind: 'refused', message } : { kind: 'silent' };
  }
  const asked = outcome.value.headers.get('www-authenticate');
  if (asked === null) return { kind: 'taken' };
  return { kind: 'optional', refusal: /error_description="([^"]*)"/.exec(asked)?.[1] ?? null };
}

/** The normalised request, and what the answer says about keys. */
export async function describe(request: PreviewRequest): Promise<{ outcome: Outcome<Described>; key: KeyAnswer }> {
  const outcome =
    request.kind === 'query'
      ? await call(`/render/spec?${request.query}`)
      : request.kind === 'json'
        ? await call('/render/spec', { method: 'POST', headers: json, body: request.body })
        : await call(`/render/spec?${request.query}`, { method: 'POST', headers: csv, body: request.table });
  return { outcome: await jsonOf<Described>(outcome, '/render/spec'), key: keyAnswerOf(outcome) };
}

export async function listScopes(): Promise<Outcome<ScopeSummary[]>> {
  const outcome = await jsonOf<{ scopes: ScopeSummary[] }>(await call('/scopes'), '/scopes');
  return outcome.ok ? { ok: true, value: outcome.value.scopes } : outcome;
}

/** The other names the world scope accepts for each country ('Deutschland', 'UK', 'USA'), by id: a country
 *  scope has its country's id, so users find it by the name they know it by. */
export async function countryAliases(): Promise<Outcome<Map<string, string[]>>> {
  const outcome = await jsonOf<{ regions: Array<{ id: string; aliases: string[] }> }>(
    await call('/scopes/world'),
    '/scopes/world',
  );
  return outcome.ok ? { ok: true, value: new Map(outcome.value.regions.map((r) => [r.id, r.aliases])) } : outcome;
}

/** A place as GET /places answers it (DECISIONS §13). */
export interface FoundPlace {
  name: string;
  kind: 'country' | 'region' | 'city' | 'airport' | 'port';
  id: string;
  lat: number;
  lon: number;
  country: string | null;
  region: string | null;
}

/** The places whose name or code starts like `q`, best first. */
export async function findPlaces(q: string, limit: number): Promise<Outcome<FoundPlace[]>> {
  const path = `/places?q=${encodeURIComponent(q)}&limit=${limit}`;
  const outcome = await jsonOf<{ places: FoundPlace[] }>(await call(path), '/places');
  return outcome.ok ? { ok: true, value: outcome.value.places } : outcome;
}

/** The image of a POST JSON body (its object) or table (with its query string), in `format`, through the real
 *  endpoint. */
export async function renderPost(
  request: { body: Record<string, unknown> } | { query: string; table: string },
  format: Format,
): Promise<Outcome<Blob>> {
  const outcome =
    'body' in request
      ? await call('/render/map', { method: 'POST', headers: json, body: JSON.stringify({ ...request.body, format }) })
      : await call(`/render/map?${setParam(request.query, 'format', format)}`, {
          method: 'POST',
          headers: csv,
          body: request.table,
        });
  if (!outcome.ok) return outcome;
  return { ok: true, value: await outcome.value.blob() };
}
