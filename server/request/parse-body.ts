// A POST body's text as the request it makes: its JSON, or its table's rows with the query string's other
// fields. Apart from reading the body (body.ts), so that the body threads (body-worker.ts) take this alone.
import type { Catalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import { csvRequest } from './csv.ts';
import { normaliseRequest, type NormalisedRequest } from './normalise.ts';
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

/** The normalised request a body makes: its JSON, or for a table its rows with the query string's other fields
 *  (the catalogue tells which column holds the scope's regions). */
export function normaliseBody(kind: BodyKind, text: string, query: string, catalogue: Catalogue): NormalisedRequest {
  if (kind === 'json') return normaliseRequest(readJsonRegions(parseJson(text), catalogue), catalogue);
  const { request, skipped } = csvRequest(query, text, catalogue);
  return normaliseRequest(request, catalogue, undefined, skipped);
}
