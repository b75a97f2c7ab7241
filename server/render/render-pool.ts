// The Chromium pool draws PNGs. It owns render policy: a fixed number of pages, a bounded queue in front of
// them, one deadline per render, pages replaced after N renders or any failure, and Chromium relaunched when
// it goes away.
import type { Browser } from 'playwright-core';
import type { Logger } from 'pino';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { browserProcessId, launchBrowser } from './browser.ts';
import { RenderPage, type RenderOutput } from './render-page.ts';
import type { RendererAssets } from './renderer-assets.ts';
import type { PoolHealth } from '../observability/metrics.ts';

export interface PoolOptions {
  chromiumPath: string;
  size: number;
  queueMax: number;
  renderTimeoutMs: number;
  pageMaxRenders: number;
  /** where relaunches and page failures are reported */
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** called each time Chromium went away and is relaunched (the browser restarts metric) */
  onBrowserRestart?: () => void;
}

interface Waiter {
  resolve(page: RenderPage): void;
}

/** A place in line for a page: the page once handed over, or a way to give the place up. */
interface Claim {
  page: Promise<RenderPage>;
  cancel(): void;
}

/** Read-only counts, for tests and diagnostics. */
export interface PoolStats {
  /** Chromium processes launched, the first one included */
  launches: number;
  /** pages opened, the first ones included: more than the pool size means pages were replaced */
  pagesOpened: number;
  /** renders tried a second time because their page or Chromium crashed under them */
  retries: number;
}

/** The page or its browser died under the render (Chromium killed or crashed, the tab's renderer crashed):
 *  nothing the request did, so a fresh page may well succeed. */
function crashedUnder(page: RenderPage, error: unknown): boolean {
  return !page.alive || (error instanceof Error && error.name === 'TargetClosedError');
}

const RETRY_OPEN_MS = 1000;

export class RenderPool {
  private browser: Promise<Browser> | null = null;
  private readonly idle: RenderPage[] = [];
  private readonly waiters: Waiter[] = [];
  /** pages open or opening */
  private pages = 0;
  private closed = false;
  /** the last browser launched, to tell whether it is still connected */
  private launched: Browser | null = null;
  private readonly counts: PoolStats = { launches: 0, pagesOpened: 0, retries: 0 };

  private constructor(private readonly assets: RendererAssets, private readonly options: PoolOptions) {}

  /** Resolves once every page is loaded, so the first request does not pay for start-up. */
  static async start(assets: RendererAssets, options: PoolOptions): Promise<RenderPool> {
    const pool = new RenderPool(assets, options);
    const browser = await pool.connectedBrowser();
    const pages = await Promise.all(Array.from({ length: options.size }, () => pool.openPage(browser)));
    pool.pages = pages.length;
    pages.forEach((page) => pool.release(page));
    return pool;
  }

  /** For readiness and metrics: read-only. */
  health(): PoolHealth {
    const browser = !this.closed && this.launched !== null && this.launched.isConnected();
    return { browser, pages: this.pages, idle: this.idle.length, queued: this.waiters.length };
  }

  stats(): PoolStats {
    return { ...this.counts };
  }

  /** The process id of the running Chromium (null while none runs): for tests and memory figures. */
  async browserPid(): Promise<number | null> {
    const browser = this.launched;
    return browser?.isConnected() ? browserProcessId(browser) : null;
  }

  /**
   * Renders on the next free page within one deadline, waiting included. When the page or Chromium crashes
   * under the render, it is tried once more on a fresh page (first in line, same deadline: a relaunch takes
   * about a second). A timeout or an error thrown by the renderer is not retried, as it would fail again.
   */
  async render(spec: MapSpec): Promise<RenderOutput> {
    if (this.closed) throw new ApiError('overloaded', 'the service is shutting down', undefined, { 'Retry-After': '1' });
    // first, so that a full queue refuses before the deadline's timer exists
    let claim = this.acquire(false);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ApiError('render_timeout', `the render took longer than ${this.options.renderTimeoutMs} ms`)),
        this.options.renderTimeoutMs,
      );
    });
    try {
      for (let attempt = 1; ; attempt++) {
        const page = await this.wait(claim, expired);
        try {
          const output = await Promise.race([page.render(spec), expired]);
          this.release(page);
          return output;
        } catch (error) {
          this.discard(page);
          if (error instanceof ApiError || !crashedUnder(page, error)) throw error;
          if (attempt > 1 || this.closed) {
            this.options.logger?.error({ err: error }, 'render pool: Chromium crashed under a render twice; giving up on it');
            throw new ApiError('render_failed', 'the browser drawing the map stopped twice; it is being restarted, retry shortly');
          }
          this.options.logger?.warn({ err: error }, 'render pool: Chromium crashed under a render; trying it once more on a fresh page');
          this.counts.retries++;
          claim = this.acquire(true);
        }
      }
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

  /** The claimed page, or the deadline's error (the place in line is given up then). */
  private async wait(claim: Claim, expired: Promise<never>): Promise<RenderPage> {
    try {
      return await Promise.race([claim.page, expired]);
    } catch (error) {
      claim.cancel();
      throw error;
    }
  }

  /** A free page now, or a place in line; a retry goes first and is never refused (it was let in once). */
  private acquire(retry: boolean): Claim {
    let ready = this.idle.pop();
    // pages of a Chromium that died before its 'disconnected' event arrived
    while (ready && !ready.alive) {
      this.discard(ready);
      ready = this.idle.pop();
    }
    if (ready) {
      const page = ready;
      return { page: Promise.resolve(page), cancel: () => this.release(page) };
    }
    if (!retry && this.waiters.length >= this.options.queueMax) {
      throw new ApiError('overloaded', 'too many maps are waiting to be rendered; retry shortly', undefined, { 'Retry-After': '1' });
    }
    let waiter!: Waiter;
    let handed: RenderPage | undefined;
    const page = new Promise<RenderPage>((resolve) => {
      waiter = { resolve: (p) => { handed = p; resolve(p); } };
    });
    if (retry) this.waiters.unshift(waiter);
    else this.waiters.push(waiter);
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
    if (page.renders >= this.options.pageMaxRenders || !page.alive) {
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
        .then((browser) => this.openPage(browser))
        .then((page) => this.release(page))
        .catch((error: unknown) => {
          if (!this.closed) this.options.logger?.error({ err: error }, 'render pool: could not open a page, retrying');
          this.pages--;
          setTimeout(() => this.replenish(), RETRY_OPEN_MS).unref();
        });
    }
  }

  private async openPage(browser: Browser): Promise<RenderPage> {
    const page = await RenderPage.open(browser, this.assets);
    this.counts.pagesOpened++;
    return page;
  }

  /** The running browser; launched again when it has gone away, also when a failed render noticed that
   *  before its 'disconnected' event arrived. */
  private async connectedBrowser(): Promise<Browser> {
    const current = this.browser ?? this.launch();
    const browser = await current;
    if (browser.isConnected()) return browser;
    if (this.browser === current) this.browser = null;
    // close() has already closed what it knew of; launching now would leave a Chromium behind
    if (this.closed) throw new Error('the render pool is closed');
    return this.browser ?? this.launch();
  }

  private launch(): Promise<Browser> {
    const launching = launchBrowser(this.options.chromiumPath);
    this.browser = launching;
    launching.then((browser) => {
      this.launched = browser;
      this.counts.launches++;
      browser.on('disconnected', () => this.lost(launching));
    }, () => {
      if (this.browser === launching) this.browser = null;
    });
    return launching;
  }

  /** Chromium went away (killed, crashed, or closed by close()): its pages went with it. Renders in flight on
   *  them fail and are retried; open pages again, on a new Chromium, for the renders in line. */
  private lost(launching: Promise<Browser>): void {
    if (this.browser === launching) this.browser = null;
    if (this.closed) return;
    this.options.logger?.warn('render pool: Chromium went away; relaunching');
    this.options.onBrowserRestart?.();
    for (const page of this.idle.filter((p) => !p.alive)) {
      this.idle.splice(this.idle.indexOf(page), 1);
      this.discard(page);
    }
    this.replenish();
  }
}
