// A thread that reads large POST bodies (body-threads.ts runs it with Piscina, from the plain JavaScript
// prepare.mjs bundles this module into): the JSON parsed, the CSV or a stored map read, and the request normalised, your own
// geometry (decoded, checked, made a topology) and shapes included, off the event loop. 2.9 MB of geometry held
// the event loop for half a second, and every other client's map with it.
import { workerData } from 'piscina';
import type { ScopeCatalogue } from '../../topology/catalogue.ts';
import { loadCatalogue, type Catalogue } from '../../topology/catalogue.ts';
import { ApiError, type ErrorCode } from '../errors.ts';
import { readBody, type BodyRead, type BodyTask } from './body-request.ts';

export interface BodyWorkerData {
  /** the operator's scopes (SCOPES_DIR), which the catalogue holds too */
  operatorScopes: ScopeCatalogue[];
}

/** A normalised request (and what is stored of it), or the error the request is refused with (an ApiError cannot
 *  cross to the service). */
export type BodyResult =
  | { read: BodyRead }
  | { error: { code: ErrorCode; message: string; field: string | undefined; headers: Record<string, string> } };

// loaded with the first body, not with the thread: a thread starts only for a large body
let catalogue: Catalogue | undefined;

export default function readBodyHere(task: BodyTask): BodyResult {
  catalogue ??= loadCatalogue(undefined, (workerData as BodyWorkerData).operatorScopes);
  try {
    return { read: readBody(task, catalogue) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: { code: error.code, message: error.message, field: error.field, headers: error.headers } };
  }
}
