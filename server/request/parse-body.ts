// A POST body's text as the request it makes: its JSON, or its CSV rows with the query string's other fields.
// Apart from reading the body (body.ts), so that the body threads (body-worker.ts) take this alone.
import { ApiError } from '../errors.ts';
import { csvRequest } from './csv.ts';

export type BodyKind = 'json' | 'csv';

/** The request a body makes: its JSON, or for CSV its rows with the query string's other fields. */
export function parseBody(kind: BodyKind, text: string, query: string): unknown {
  if (kind === 'csv') return csvRequest(query, text);
  if (text.trim() === '')
    throw new ApiError('invalid_json', 'the body is empty; send a JSON object with at least "scope"');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError('invalid_json', `the body is not valid JSON: ${(error as Error).message}`);
  }
}
