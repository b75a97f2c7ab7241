// Large POST bodies are read off the event loop, in a thread (body-worker.ts): a body of more than
// THREAD_BYTES is parsed and normalised there, a small one here, where the trip to a thread would cost more than
// the reading. One thread, started when the first large body comes and ended once none has come for a while, so
// that it costs no memory at idle; its line is shared fairly among clients and bounded (admission.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Catalogue, ScopeCatalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import { Admission } from '../render/admission.ts';
import type { BodyResult, BodyWorkerData } from './body-worker.ts';
import { readBody, type BodyRead, type BodyTask } from './body-request.ts';
import type { NormalisedRequest } from './normalise.ts';
import type { StoredForm } from '../store/stored-form.ts';
import type { TableReport } from './table/read-table.ts';

/** Bodies larger than this go to the thread: 5,000 regions of JSON are about 150 KB and take 4 ms here. */
const THREAD_BYTES = 256 * 1024;
/** Bodies waiting for the thread: each is up to 4 MB of text held meanwhile. */
const QUEUE_MAX = 8;
const IDLE_MS = 30_000;

export interface BodyThreadsOptions {
  catalogue: Catalogue;
  operatorScopes: ScopeCatalogue[];
  /** how long a body may wait and be read, at most */
  deadlineMs: number;
}

export class BodyThreads {
  private readonly workers: Piscina<BodyTask, BodyResult>;
  private readonly admission: Admission;

  constructor(private readonly options: BodyThreadsOptions) {
    const filename = fileURLToPath(new URL('../dist/body-worker.mjs', import.meta.url));
    if (!existsSync(filename))
      throw new Error(`${filename} is missing: run \`npm start\` or \`node server/prepare.mjs\``);
    const workerData: BodyWorkerData = { operatorScopes: options.operatorScopes };
    this.workers = new Piscina<BodyTask, BodyResult>({
      filename,
      execArgv: [],
      workerData,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
    });
    this.admission = new Admission({
      renderer: 'body',
      slots: 1,
      queueMax: QUEUE_MAX,
      deadlineMs: options.deadlineMs,
    });
  }

  /** The request a POST body (or a stored map's record) makes, for `client`. */
  async normalise(task: BodyTask, client: string): Promise<NormalisedRequest> {
    return (await this.read(task, client)).request;
  }

  /** POST /render/spec: the request a body makes, the body as the interface's JSON, and how a table was read. */
  async describe(
    task: BodyTask,
    client: string,
  ): Promise<{ request: NormalisedRequest; input: unknown; table?: TableReport }> {
    const { request, input, table } = await this.read({ ...task, keepInput: true }, client);
    return { request, input, ...(table && { table }) };
  }

  /** POST /maps: the request a body makes and what is stored of it. */
  async store(task: BodyTask, client: string): Promise<{ request: NormalisedRequest; stored: StoredForm }> {
    const { request, stored } = await this.read({ ...task, store: true }, client);
    // a Buffer crosses from the thread as a plain Uint8Array
    const record = Buffer.from(stored!.record.buffer, stored!.record.byteOffset, stored!.record.byteLength);
    return { request, stored: { ...stored!, record } };
  }

  /** Read here when small, in the thread when large. */
  private async read(task: BodyTask, client: string): Promise<BodyRead> {
    if (task.text.length <= THREAD_BYTES) return readBody(task, this.options.catalogue);
    // aborting ends the thread, which Piscina replaces: a body cannot hold it past its deadline
    const result = await this.admission.run((signal) => this.workers.run(task, { signal }), client);
    if ('error' in result)
      throw new ApiError(result.error.code, result.error.message, result.error.field, result.error.headers);
    return result.read;
  }

  async close(): Promise<void> {
    this.admission.drain();
    await this.workers.destroy();
  }
}
