// A thread that reads large POST bodies (body-threads.ts runs it with Piscina, from the plain JavaScript
// prepare.mjs bundles this module into): the JSON parsed or the CSV read, and the request normalised, your own
// geometry (decoded, checked, made a topology) and shapes included, off the event loop. 2.9 MB of geometry held
// the event loop for half a second, and every other client's map with it.
import { workerData } from 'piscina';
import type { ScopeCatalogue } from '../../topology/catalogue.ts';
import { loadCatalogue, type Catalogue } from '../../topology/catalogue.ts';
import { ApiError, type ErrorCode } from '../errors.ts';
import type { NormalisedRequest } from './normalise.ts';
import { normaliseBody, type BodyKind } from './parse-body.ts';

export interface BodyWorkerData {
  /** the operator's scopes (SCOPES_DIR), which the catalogue holds too */
  operatorScopes: ScopeCatalogue[];
}

export interface BodyTask {
  kind: BodyKind;
  text: string;
  /** the query string beside it, which a CSV body's request reads its other fields from */
  query: string;
}

/** A normalised request, or the error the request is refused with (an ApiError cannot cross to the service). */
export type BodyResult =
  | { request: NormalisedRequest }
  | { error: { code: ErrorCode; message: string; field: string | undefined; headers: Record<string, string> } };

// loaded with the first body, not with the thread: a thread starts only for a large body
let catalogue: Catalogue | undefined;

export default function readBody({ kind, text, query }: BodyTask): BodyResult {
  catalogue ??= loadCatalogue(undefined, (workerData as BodyWorkerData).operatorScopes);
  try {
    return { request: normaliseBody(kind, text, query, catalogue) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: { code: error.code, message: error.message, field: error.field, headers: error.headers } };
  }
}
