// SVG maps are drawn in Node worker threads (svg-worker.ts), not in Chromium: the same renderer bundle without
// the trip through DevTools and back (a world map at low detail is drawn in about half a millisecond, where
// the trip alone took several). The policy mirrors the Chromium pool's: a fixed number of threads, a bounded
// queue, one deadline per render with waiting included.
import { Piscina } from 'piscina';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import type { RenderOutput } from './render-page.ts';
import type { RendererAssets } from './renderer-assets.ts';
import type { SvgOutput, SvgWorkerData } from './svg-worker.ts';

export interface SvgRendererOptions {
  threads: number;
  queueMax: number;
  renderTimeoutMs: number;
  /** drawn by each thread before it takes work */
  warmUp: MapSpec;
}

export class SvgRenderer {
  private closed = false;
  /** renders handed to the threads and not yet answered, waiting ones included */
  private inFlight = 0;

  private constructor(private readonly workers: Piscina<MapSpec, SvgOutput>, private readonly options: SvgRendererOptions) {}

  /** Each thread draws `warmUp` before it takes work (svg-worker.ts), so no request pays for compiling the
   *  bundle or decoding the topology, nor after a timeout ended a thread. Resolves once every thread has.
   *  The threads get the bundle from `assets`, the bytes the ETag's version was made of, and read the
   *  topology files from the same folder as the pages. */
  static async start(assets: RendererAssets, options: SvgRendererOptions): Promise<SvgRenderer> {
    const workerData: SvgWorkerData = { warmUp: options.warmUp, bundle: assets.files.get('/renderer.js')!.body, topologyDirs: assets.topologyDirs };
    const workers = new Piscina<MapSpec, SvgOutput>({
      filename: new URL('./svg-worker.ts', import.meta.url).href,
      workerData,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
    });
    // the first threads take tasks before they are ready: one each, answered once each has warmed up
    await Promise.all(Array.from({ length: options.threads }, () => workers.run(options.warmUp)));
    return new SvgRenderer(workers, options);
  }

  /** renders waiting for a thread */
  get queued(): number {
    return Math.max(0, this.inFlight - this.options.threads);
  }

  async render(spec: MapSpec): Promise<RenderOutput> {
    if (this.closed) throw new ApiError('overloaded', 'the service is shutting down', undefined, { 'Retry-After': '1' });
    if (this.inFlight >= this.options.threads + this.options.queueMax) {
      throw new ApiError('overloaded', 'too many maps are waiting to be rendered; retry shortly', undefined, { 'Retry-After': '1' });
    }
    // Aborting a running task ends its thread (Piscina starts another), so a render stuck in a
    // pathological input cannot hold a thread past its deadline.
    const signal = AbortSignal.timeout(this.options.renderTimeoutMs);
    this.inFlight++;
    try {
      const { body, unknownRoutes } = await this.workers.run(spec, { signal });
      return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), unknownRoutes };
    } catch (error) {
      if (signal.aborted) throw new ApiError('render_timeout', `the render took longer than ${this.options.renderTimeoutMs} ms`);
      throw error;
    } finally {
      this.inFlight--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.workers.destroy();
  }
}
