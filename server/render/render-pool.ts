// The pool owns render policy: a fixed number of pages, a bounded queue in front of them, one deadline
// per render, pages replaced after N renders or any failure, and Chromium relaunched when it goes away.
import type { Browser } from 'playwright-core';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { launchBrowser } from './browser.ts';
import { RenderPage, type RenderOutput } from './render-page.ts';
import type { RendererAssets } from './renderer-assets.ts';

export interface PoolOptions {
  chromiumPath: string;
  size: number;
  queueMax: number;
  renderTimeoutMs: number;
  pageMaxRenders: number;
}

interface Waiter {
  resolve(page: RenderPage): void;
}

const RETRY_OPEN_MS = 1000;

export class RenderPool {
  private browser: Promise<Browser> | null = null;
  private readonly idle: RenderPage[] = [];
  private readonly waiters: Waiter[] = [];
  /** pages open or opening */
  private pages = 0;
  private closed = false;

  private constructor(private readonly assets: RendererAssets, private readonly options: PoolOptions) {}

  /** Resolves once every page is loaded, so the first request does not pay for start-up. */
  static async start(assets: RendererAssets, options: PoolOptions): Promise<RenderPool> {
    const pool = new RenderPool(assets, options);
    const browser = await pool.connectedBrowser();
    const pages = await Promise.all(Array.from({ length: options.size }, () => RenderPage.open(browser, assets)));
    pool.pages = pages.length;
    pages.forEach((page) => pool.release(page));
    return pool;
  }

  get queued(): number {
    return this.waiters.length;
  }

  async render(spec: MapSpec): Promise<RenderOutput> {
    if (this.closed) throw new ApiError('overloaded', 'the service is shutting down', undefined, { 'Retry-After': '1' });
    // first, so that a full queue refuses before the deadline's timer exists
    const waiter = this.acquire();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ApiError('render_timeout', `the render took longer than ${this.options.renderTimeoutMs} ms`)),
        this.options.renderTimeoutMs,
      );
    });
    let page: RenderPage | undefined;
    try {
      page = await Promise.race([waiter.page, expired]);
      const output = await Promise.race([page.render(spec), expired]);
      this.release(page);
      return output;
    } catch (error) {
      if (page) this.discard(page);
      else waiter.cancel();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((page) => page.close()));
    const browser = await this.browser?.catch(() => null);
    await browser?.close();
  }

  private acquire(): { page: Promise<RenderPage>; cancel(): void } {
    const ready = this.idle.pop();
    if (ready) return { page: Promise.resolve(ready), cancel: () => this.release(ready) };
    if (this.waiters.length >= this.options.queueMax) {
      throw new ApiError('overloaded', 'too many maps are waiting to be rendered; retry shortly', undefined, { 'Retry-After': '1' });
    }
    let waiter!: Waiter;
    let handed: RenderPage | undefined;
    const page = new Promise<RenderPage>((resolve) => {
      waiter = { resolve: (p) => { handed = p; resolve(p); } };
    });
    this.waiters.push(waiter);
    return {
      page,
      cancel: () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        if (handed) this.release(handed);
      },
    };
  }

  private release(page: RenderPage): void {
    if (this.closed) {
      void page.close();
      return;
    }
    if (page.renders >= this.options.pageMaxRenders) {
      this.discard(page);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(page);
    else this.idle.push(page);
  }

  /** A page that failed, timed out or is worn is never reused: close it and open another. */
  private discard(page: RenderPage): void {
    this.pages--;
    void page.close();
    this.replenish();
  }

  private replenish(): void {
    while (!this.closed && this.pages < this.options.size) {
      this.pages++;
      this.connectedBrowser()
        .then((browser) => RenderPage.open(browser, this.assets))
        .then((page) => this.release(page))
        .catch((error: unknown) => {
          console.error('render pool: could not open a page, retrying:', error instanceof Error ? error.message : error);
          this.pages--;
          setTimeout(() => this.replenish(), RETRY_OPEN_MS).unref();
        });
    }
  }

  /** The running browser, launched again when it has gone away. Its pages go with it. */
  private connectedBrowser(): Promise<Browser> {
    if (!this.browser) {
      const launching = launchBrowser(this.options.chromiumPath);
      this.browser = launching;
      launching.then((browser) => browser.on('disconnected', () => {
        if (this.browser !== launching) return;
        this.browser = null;
        this.pages -= this.idle.length;
        this.idle.splice(0);
        if (!this.closed) console.error('render pool: Chromium went away; relaunching');
        this.replenish();
      }), () => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }
}
