// The request a body makes, normalised: the one path POST /render/map, POST /maps and a stored map's GET take,
// here on the event loop for a small body and in the body thread for a large one (body-threads.ts).
import type { Catalogue } from '../../topology/catalogue.ts';
import type { Format } from '../../renderer-page/spec.ts';
import { normaliseRequest, type NormalisedRequest } from './normalise.ts';
import { parseBody, type BodyKind } from './parse-body.ts';
import type { TableReport } from './table/read-table.ts';
import { storedForm, storedRequest, type StoredForm } from '../store/stored-form.ts';

export interface BodyTask {
  /** a POST body's JSON or CSV, or a stored map's record (store/stored-form.ts) */
  kind: BodyKind | 'stored';
  text: string;
  /** the query string beside it, which a CSV body's request reads its other fields from */
  query: string;
  /** the format the path asks for (a stored map's extension); else the request's `format` */
  format?: Format;
  /** fields that replace the request's: the `scale` and `quality` a stored map's URL gives, the logo ACCESS=watermark
   *  imposes */
  replace?: Record<string, unknown>;
  /** POST /maps: what is stored of the request, and its id, too */
  store?: boolean;
  /** POST /maps: the id of the key the request came with, stored with it (its renders spend that key's quotas) */
  storedBy?: string;
  /** POST /render/spec: the request as the interface's JSON too, which it offers to POST to /maps, and how a
   *  table body was read */
  keepInput?: boolean;
}

export interface BodyRead {
  request: NormalisedRequest;
  stored?: StoredForm;
  input?: unknown;
  table?: TableReport;
}

export function readBody(task: BodyTask, catalogue: Catalogue): BodyRead {
  const { kind, text, query, format, replace } = task;
  const { input, skipped, report } =
    kind === 'stored'
      ? { input: storedRequest(text), skipped: [], report: undefined }
      : parseBody(kind, text, query, catalogue, task.keepInput);
  const request = replace && typeof input === 'object' && input !== null ? { ...input, ...replace } : input;
  if (task.store) return storedForm(request, catalogue, task.storedBy);
  return {
    request: normaliseRequest(request, catalogue, format, skipped),
    ...(task.keepInput && { input }),
    ...(report && { table: report }),
  };
}
