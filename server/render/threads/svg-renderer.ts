// SVG maps are drawn in Node worker threads (svg-worker.ts), not in Chromium: the same renderer bundle without
// the trip through DevTools and back (a world map at low detail is drawn in about half a millisecond, where
// the trip alone took several). Admission (admission.ts) lets in as many renders as there are threads, with a
// bounded queue and one deadline per render; at the deadline the thread is ended and replaced.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { MapSpec } from '../../../renderer-page/spec.ts';
import { Admission } from '../admission.ts';
import { RenderFailed } from '../render-errors.ts';
import type { RenderOutput } from '../chromium/render-page.ts';
import type { RendererAssets } from '../renderer-assets.ts';
import type { SvgOutput, SvgWorkerData } from './svg-worker.ts';

export interface SvgRendererOptions {
  threads: number;
  queueMax: number;
  renderTimeoutMs: number;
  /** drawn by each thread before it takes work */
  warmUp: MapSpec;
}

export class SvgRenderer {
  private constructor(
    private readonly workers: Piscina<MapSpec, SvgOutput>,
    private readonly admission: Admission,
    /** Resolves once every thread has warmed up; rejects when one could not start. */
    readonly ready: Promise<void>,
  ) {}

  /** Starts the threads; each draws `warmUp` before it takes work (svg-worker.ts), so no request pays for
   *  compiling the bundle or decoding the topology, nor after a timeout ended a thread. Renders let in before
   *  then wait for a thread, within their deadline. The threads get the bundle from `assets`, the bytes the
   *  ETag's version was made of, and read the topology files from the same folder as the pages. */
  static start(assets: RendererAssets, options: SvgRendererOptions): SvgRenderer {
    const workerData: SvgWorkerData = {
      warmUp: options.warmUp,
      bundle: assets.files.get('/renderer.js')!.body,
      topologyDirs: assets.topologyDirs,
    };
    const filename = fileURLToPath(new URL('../../dist/svg-worker.mjs', import.meta.url));
    if (!existsSync(filename))
      throw new Error(`${filename} is missing: run \`npm start\` or \`node server/prepare.mjs\``);
    const workers = new Piscina<MapSpec, SvgOutput>({
      // svg-worker.ts as prepare.mjs bundled it: plain JavaScript, so the threads need no TypeScript loader
      filename,
      execArgv: [],
      workerData,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
      // Between tasks a thread waits on Atomics.waitAsync, its event loop running, rather than frozen in
      // Atomics.wait (Piscina's default): V8 then gets to run its memory reducer, which gives back the heap a
      // load left behind. Frozen, a thread kept the heap of its busiest moment: after a mixed load, 120 MiB of
      // old space for 34 MiB live.
      atomics: 'async',
      // V8 grows a thread's young generation to 32 MiB while it warms up, and keeps it: 8 MiB is as fast for
      // our maps (SVGs per second at 1 and 8 clients, side by side) and keeps 20 MiB less at idle
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    // the first threads take tasks before they are ready: one each, answered once each has warmed up
    const ready = Promise.all(Array.from({ length: options.threads }, () => workers.run(options.warmUp))).then(
      () => {},
    );
    // whoever starts the threads hears of a failure through `ready`; closed while starting, no one is left to tell
    ready.catch(() => {});
    const admission = new Admission({
      renderer: 'svg',
      slots: options.threads,
      queueMax: options.queueMax,
      deadlineMs: options.renderTimeoutMs,
    });
    return new SvgRenderer(workers, admission, ready);
  }

  /** renders waiting for a thread */
  get queued(): number {
    return this.admission.queued;
  }

  render(spec: MapSpec, client: string, cost?: number): Promise<RenderOutput> {
    // Aborting a running task ends its thread (Piscina starts another), so a render stuck in a pathological
    // input cannot hold a thread past its deadline.
    return this.admission.run(
      async (signal) => {
        try {
          const { body, ...output } = await this.workers.run(spec, { signal });
          return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), ...output };
        } catch (error) {
          throw signal.aborted ? error : new RenderFailed('the SVG renderer failed', { cause: error });
        }
      },
      client,
      cost,
    );
  }

  /** For tests and diagnostics, with one thread: the bytes its heap holds, after a full garbage collection
   *  when `collect`. */
  heapUsed(collect: boolean): Promise<number> {
    // svg-worker.ts's other export, which takes and answers other types than a map's
    return (this.workers as unknown as Piscina<boolean, number>).run(collect, { name: 'heapUsed' });
  }

  async close(): Promise<void> {
    this.admission.drain();
    await this.workers.destroy();
  }
}
