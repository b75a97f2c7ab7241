// A POST body's text as the request it makes: its JSON (its regions read as data tools write them, records.ts),
// or its table's rows with the query string's other fields (csv.ts). Apart from reading the body (body.ts), so
// that the body threads (body-worker.ts) take this alone.
import type { Catalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import { csvRequest, type TableRequest } from './csv.ts';
import { readJsonRegions } from './records.ts';

export type BodyKind = 'json' | 'csv';

function parseJson(text: string): unknown {
  if (text.trim() === '')
    throw new ApiError('invalid_json', 'the body is empty; send a JSON object with at least "scope"');
  try {
    return JSON.parse(text);
  } catch (error) {
    // pandas' to_json() and Python's json.dumps() write NaN for a missing value, which is no JSON
    const nan = /(?<![\w"])(-?Infinity|NaN)(?![\w"])/.exec(text);
    const hint = nan ? `; ${nan[1]} is not JSON: write null for a region without a value` : '';
    throw new ApiError('invalid_json', `the body is not valid JSON: ${(error as Error).message}${hint}`);
  }
}

/** The request a body makes, in the interface's JSON, and for a table the file lines skipped around it (`1-4`)
 *  and, when `report` asks, how it was read. The catalogue tells which column holds the scope's regions. */
export function parseBody(
  kind: BodyKind,
  text: string,
  query: string,
  catalogue: Catalogue,
  report = false,
): { input: unknown; skipped: string[]; report?: TableRequest['report'] } {
  if (kind === 'json') return { input: readJsonRegions(parseJson(text), catalogue), skipped: [] };
  const { request, ...read } = csvRequest(query, text, catalogue, report);
  return { input: request, ...read };
}
