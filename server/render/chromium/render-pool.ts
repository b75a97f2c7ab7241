// The Chromium pool draws PNGs, JPEGs and WebPs and prints PDFs (and pictures of errors). Admission
// (admission.ts) lets in as many renders as there are pages, with a bounded queue and one deadline per render;
// the pool owns the browser's life: pages replaced after N renders or any failure, and Chromium relaunched when
// it goes away.
import type { Browser } from 'playwright-core';
import type { Logger } from 'pino';
import type { Format, MapSpec } from '../../../renderer-page/spec.ts';
import { Admission, RenderFailed, untilAborted } from '../admission.ts';
import { RenderPage, type HandOn, type RenderOutput } from './render-page.ts';
import { FrameWithoutPixels } from './frames-on-demand.ts';
import type { RendererAssets } from '../renderer-assets.ts';
import type { PoolHealth } from '../../observability/metrics.ts';

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

/** A place in line for a page (the renders let in wait here while a page is replaced): the page once handed
 *  over, or a way to give the place up. */
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
  /** times the page that draws on demand was handed on to the next render while its frame was drawn */
  handedOn: number;
}

/** The page or its browser died under the render (Chromium killed or crashed, the tab's renderer crashed), or
 *  Chromium drew its frames without the page's pixels: nothing the request did, so a fresh page may well succeed. */
function crashedUnder(page: RenderPage, error: unknown): boolean {
  return (
    !page.alive || error instanceof FrameWithoutPixels || (error instanceof Error && error.name === 'TargetClosedError')
  );
}

const RETRY_OPEN_MS = 1000;

/** Playwright takes half a second to load: loaded at the first launch, while the SVG threads warm up. */
const browserModule = () => import('./browser.ts');

export class RenderPool {
  private browser: Promise<Browser> | null = null;
  private readonly idle: RenderPage[] = [];
  /** pages closed after a failure: a page handed on fails both its renders, and is discarded once */
  private readonly discarded = new WeakSet<RenderPage>();
  private readonly waiters: Waiter[] = [];
  /** pages open or opening */
  private pages = 0;
  /** The page that draws on demand (frames-on-demand.ts), opening or open, or none: one at most. It is handed
   *  out first, so that a render on an idle pool is captured the quicker way. */
  private drawsOnDemand: RenderPage | 'opening' | null = null;
  private closed = false;
  /** the last browser launched, to tell whether it is still connected */
  private launched: Browser | null = null;
  private readonly counts: PoolStats = { launches: 0, pagesOpened: 0, retries: 0, handedOn: 0 };
  private readonly admission: Admission;
  /** Resolves once every page has loaded; rejects when Chromium could not be launched or its pages opened. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly assets: RendererAssets,
    private readonly options: PoolOptions,
  ) {
    this.admission = new Admission({
      renderer: 'png',
      // the page that draws on demand takes the next render while its frame is drawn (RenderPage's `frame`)
      slots: options.size + 1,
      queueMax: options.queueMax,
      deadlineMs: options.renderTimeoutMs,
    });
    this.ready = this.openPages();
    this.ready.catch(() => {}); // heard through `ready`; a pool closed while starting has no one to tell
  }

  /** Launches Chromium and opens the pages in the background, so that the service need not wait for them to
   *  serve SVGs: renders let in meanwhile wait for a page in line, within their deadline, as when all are busy. */
  static start(assets: RendererAssets, options: PoolOptions): RenderPool {
    return new RenderPool(assets, options);
  }

  /** For readiness and metrics: read-only. */
  health(): PoolHealth {
    const browser = !this.closed && this.launched !== null && this.launched.isConnected();
    // renders waiting for a page: in the admission's queue, or let in and waiting for a page (the slot of the
    // page handed on while its frame is drawn, or while a page is replaced)
    const queued = this.admission.queued + this.waiters.length;
    return { browser, pages: this.pages, idle: this.idle.length, queued };
  }

  stats(): PoolStats {
    return { ...this.counts };
  }

  /** The process id of the running Chromium (null while none runs): for tests and memory figures. */
  async browserPid(): Promise<number | null> {
    const browser = this.launched;
    return browser?.isConnected() ? (await browserModule()).browserProcessId(browser) : null;
  }

  /**
   * Renders on the next free page within one deadline, waiting included. When the page or Chromium crashes
   * under the render, it is tried once more on a fresh page (first in line, same deadline: a relaunch takes
   * about a second). A timeout or an error thrown by the renderer is not retried, as it would fail again.
   */
  render(spec: MapSpec): Promise<RenderOutput> {
    return this.run((page, handOn) => page.render(spec, handOn));
  }

  /** An SVG document the server wrote (an error's picture) as `format`, admitted and retried as a map is. */
  picture(markup: string, format: Format, width: number, height: number): Promise<Buffer> {
    return this.run((page) => page.picture(markup, format, width, height));
  }

  private run<T>(work: (page: RenderPage, handOn: HandOn) => Promise<T>): Promise<T> {
    return this.admission.run(async (signal) => {
      for (let attempt = 1; ; attempt++) {
        const page = await this.wait(this.acquire(attempt > 1), signal);
        let handedOn = false;
        try {
          const output = await untilAborted(
            work(page, () => (handedOn = this.handOn(page))),
            signal,
          );
          if (handedOn) this.framed(page);
          else this.release(page);
          return output;
        } catch (error) {
          // a page is never reused after a failure or a deadline
          this.discard(page);
          if (signal.aborted) throw error;
          if (!crashedUnder(page, error)) throw new RenderFailed('the map could not be rendered', { cause: error });
          if (attempt > 1 || this.closed) {
            this.options.logger?.error(
              { err: error },
              'render pool: Chromium crashed under a render twice; giving up on it',
            );
            throw new RenderFailed('the browser drawing the map stopped twice; it is being restarted', {
              cause: error,
            });
          }
          this.options.logger?.warn(
            { err: error },
            'render pool: Chromium crashed under a render; trying it once more on a fresh page',
          );
          this.counts.retries++;
        }
      }
    });
  }

  async close(): Promise<void> {
    this.admission.drain();
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((page) => page.close()));
    const browser = await this.browser?.catch(() => null);
    await browser?.close();
  }

  /** The claimed page; at the deadline the place in line is given up, and a page handed over is given back. */
  private wait(claim: Claim, signal: AbortSignal): Promise<RenderPage> {
    return new Promise<RenderPage>((resolve, reject) => {
      const give = () => {
        claim.cancel();
        reject(signal.reason);
      };
      if (signal.aborted) return give();
      signal.addEventListener('abort', give, { once: true });
      claim.page.then((page) => {
        signal.removeEventListener('abort', give);
        resolve(page);
      });
    });
  }

  /** A free page now, or a place in line; a retry goes first. */
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
    let waiter!: Waiter;
    let handed: RenderPage | undefined;
    const page = new Promise<RenderPage>((resolve) => {
      waiter = {
        resolve: (p) => {
          handed = p;
          resolve(p);
        },
      };
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
    this.offer(page, page.drawsOnDemand);
  }

  /** `page` to the next render in line, or among the free pages: `first`, it is the next handed out. */
  private offer(page: RenderPage, first: boolean): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(page);
    // `acquire` takes the last
    else if (first) this.idle.push(page);
    else this.idle.unshift(page);
  }

  /** The page that draws on demand, its map drawn and its frame asked for, to the next render in line or back
   *  among the free pages: a free page that waits for no frame goes first. Not when the next render would wear
   *  it out (its release would close the page under this frame), nor in a pool closing. */
  private handOn(page: RenderPage): boolean {
    if (this.closed || page.renders + 1 >= this.options.pageMaxRenders || !page.alive) return false;
    this.counts.handedOn++;
    this.offer(page, false);
    return true;
  }

  /** The frame of a page handed on is drawn: if the page is still free, it goes first again. */
  private framed(page: RenderPage): void {
    const at = this.idle.indexOf(page);
    if (at < 0) return;
    this.idle.splice(at, 1);
    this.idle.push(page);
  }

  /** A page that failed, timed out or is worn is never reused: close it and open another. */
  private discard(page: RenderPage): void {
    if (this.discarded.has(page)) return;
    this.discarded.add(page);
    const at = this.idle.indexOf(page);
    if (at >= 0) this.idle.splice(at, 1);
    if (this.drawsOnDemand === page) this.drawsOnDemand = null;
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

  private async openPages(): Promise<void> {
    this.pages = this.options.size; // counted while they open, so that nothing opens more meanwhile
    const browser = await this.connectedBrowser();
    const pages = await Promise.all(Array.from({ length: this.options.size }, () => this.openPage(browser)));
    pages.forEach((page) => this.release(page));
  }

  private async openPage(browser: Browser): Promise<RenderPage> {
    const onDemand = this.drawsOnDemand === null;
    if (onDemand) this.drawsOnDemand = 'opening';
    try {
      const page = await RenderPage.open(browser, this.assets, onDemand);
      if (onDemand) this.drawsOnDemand = page;
      this.counts.pagesOpened++;
      return page;
    } catch (error) {
      if (onDemand) this.drawsOnDemand = null;
      throw error;
    }
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
    const launching = browserModule().then(({ launchBrowser }) => launchBrowser(this.options.chromiumPath));
    this.browser = launching;
    launching.then(
      (browser) => {
        this.launched = browser;
        this.counts.launches++;
        browser.on('disconnected', () => this.lost(launching));
      },
      () => {
        if (this.browser === launching) this.browser = null;
      },
    );
    return launching;
  }

  /** Chromium went away (killed, crashed, or closed by close()): its pages went with it. Renders in flight on
   *  them fail and are retried; open pages again, on a new Chromium, for the renders in line. */
  private lost(launching: Promise<Browser>): void {
    if (this.browser === launching) this.browser = null;
    if (this.closed) return;
    this.options.logger?.warn('render pool: Chromium went away; relaunching');
    this.options.onBrowserRestart?.();
    // a discarded page leaves the free ones
    for (const page of this.idle.filter((p) => !p.alive)) this.discard(page);
    this.replenish();
  }
}
