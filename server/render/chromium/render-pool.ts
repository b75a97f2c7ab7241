// The Chromium pool draws PNGs, JPEGs and WebPs and prints PDFs (and pictures of errors). Admission
// (admission.ts) lets in as many renders as there are pages, with a bounded queue and one deadline per render;
// the pool owns the browsers' lives: each page has a Chromium of its own, pages are replaced once their renderer
// holds too much memory, after N renders or after any failure, and a Chromium is relaunched when it goes away.
import type { Browser } from 'playwright-core';
import type { Logger } from 'pino';
import type { Format, MapSpec } from '../../../renderer-page/spec.ts';
import { Admission, untilAborted } from '../admission.ts';
import { RenderFailed, TooManyPixels } from '../render-errors.ts';
import { RenderPage, type HandOn, type RenderOutput } from './render-page.ts';
import { FrameWithoutPixels } from './frames-on-demand.ts';
import type { RendererAssets } from '../renderer-assets.ts';
import { ownMemoryMiB } from './renderer-memory.ts';
import type { PoolHealth } from '../../observability/metrics.ts';

/** Why a page is worn: its renderer holds more than `pageMaxMib`, or it has drawn `pageMaxRenders`. */
export type PageWear = 'memory' | 'renders';

export interface PoolOptions {
  chromiumPath: string;
  size: number;
  queueMax: number;
  renderTimeoutMs: number;
  pageMaxRenders: number;
  /** a page whose renderer holds more than this many MiB of its own is replaced (renderer-memory.ts) */
  pageMaxMib: number;
  /** the most device pixels a capture or print may have (MAX_PIXELS) */
  maxPixels: number;
  /** where relaunches and page failures are reported */
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** called each time a Chromium went away and is relaunched (the browser restarts metric) */
  onBrowserRestart?: () => void;
  /** called each time a page is replaced as worn, with why (the pages replaced metric) */
  onPageWorn?: (reason: PageWear) => void;
}

interface Waiter {
  /** takes only a page opened after this many (a retry: see `acquire`) */
  openedAfter: number;
  resolve(page: RenderPage): void;
}

/**
 * A Chromium of the pool and its one page. A page draws its frames on demand only as its Chromium's one page
 * (frames-on-demand.ts), so each page has a Chromium of its own. Side by side at 8 clients, two Chromiums of one
 * page each made 48.6 PNGs a second on average over eight rounds, where one Chromium with a page on demand and a
 * page at 60 Hz made 43.1; they hold 12 to 15 MiB more at idle, with the flags that make each lean (browser.ts).
 */
interface Lane {
  /** the Chromium launching or launched, or null while none is */
  browser: Promise<Browser> | null;
  /** the last Chromium launched, to tell whether it is still connected */
  launched: Browser | null;
  /** its page is open or opening */
  occupied: boolean;
}

/** A place in line for a page (the renders let in wait here while a page is replaced): the page once handed
 *  over, or a way to give the place up. */
interface Claim {
  page: Promise<RenderPage>;
  cancel(): void;
}

/** Read-only counts, for tests and diagnostics. */
export interface PoolStats {
  /** Chromium processes launched, the first ones included */
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
  private readonly lanes: Lane[];
  /** the lane each open page is in, the count of pages opened with it, and its renderer's process id (null when
   *  Chromium did not tell it: the page is then replaced by its count of renders only) */
  private readonly opened = new WeakMap<RenderPage, { lane: Lane; order: number; renderer: number | null }>();
  private readonly idle: RenderPage[] = [];
  /** pages closed after a failure: a page handed on fails both its renders, and is discarded once */
  private readonly discarded = new WeakSet<RenderPage>();
  private readonly waiters: Waiter[] = [];
  private closed = false;
  private readonly counts: PoolStats = { launches: 0, pagesOpened: 0, retries: 0, handedOn: 0 };
  private readonly admission: Admission;
  /** Resolves once every page has loaded; rejects when Chromium could not be launched or its pages opened. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly assets: RendererAssets,
    private readonly options: PoolOptions,
  ) {
    this.lanes = Array.from({ length: options.size }, () => ({ browser: null, launched: null, occupied: false }));
    this.admission = new Admission({
      renderer: 'png',
      // a page takes the next render while its frame is drawn (RenderPage's `frame`)
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
    const browser = !this.closed && this.lanes.every((lane) => lane.launched?.isConnected() === true);
    // renders waiting for a page: in the admission's queue, or let in and waiting for a page (the slot of the
    // page handed on while its frame is drawn, or while a page is replaced)
    const queued = this.admission.queued + this.waiters.length;
    const pages = this.lanes.filter((lane) => lane.occupied).length;
    return { browser, pages, idle: this.idle.length, queued };
  }

  stats(): PoolStats {
    return { ...this.counts };
  }

  /** The process ids of the running Chromiums, one a page (a Chromium that cannot answer is left out): for tests
   *  and memory figures. */
  async browserPids(): Promise<number[]> {
    const { chromiumProcessId } = await browserModule();
    const running = this.lanes.flatMap((lane) => (lane.launched?.isConnected() ? [lane.launched] : []));
    const pids = await Promise.all(running.map((browser) => chromiumProcessId(browser, 'browser')));
    return pids.filter((pid) => pid !== null);
  }

  /**
   * Renders on the next free page within one deadline, waiting included. When the page or Chromium crashes
   * under the render, it is tried once more on a fresh page (first in line, same deadline: a relaunch takes
   * about a second). A timeout or an error thrown by the renderer is not retried, as it would fail again.
   */
  render(spec: MapSpec, client: string): Promise<RenderOutput> {
    return this.run((page, handOn) => page.render(spec, handOn), client);
  }

  /** An SVG document the server wrote (an error's picture) as `format`, admitted and retried as a map is. */
  picture(markup: string, format: Format, width: number, height: number, client: string): Promise<Buffer> {
    return this.run((page) => page.picture(markup, format, width, height), client);
  }

  private run<T>(work: (page: RenderPage, handOn: HandOn) => Promise<T>, client: string): Promise<T> {
    return this.admission.run(async (signal) => {
      // 0 on the first attempt; on the retry, the pages opened when the first failed (at least the one it failed on)
      let openedAfter = 0;
      for (;;) {
        const page = await this.wait(this.acquire(openedAfter), signal);
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
          // a map too large to capture, refused before its pixels were made: the page is as good as before
          if (error instanceof TooManyPixels && !signal.aborted) {
            this.release(page);
            throw error;
          }
          // a page is never reused after a failure or a deadline
          this.discard(page);
          if (signal.aborted) throw error;
          if (!crashedUnder(page, error)) throw new RenderFailed('the map could not be rendered', { cause: error });
          if (openedAfter > 0 || this.closed) {
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
          openedAfter = this.counts.pagesOpened;
        }
      }
    }, client);
  }

  async close(): Promise<void> {
    this.admission.drain();
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((page) => page.close()));
    await Promise.all(
      this.lanes.map(async (lane) => {
        const browser = await lane.browser?.catch(() => null);
        await browser?.close();
      }),
    );
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

  /** A free page opened after `openedAfter` pages now, or a place in line. A retry (`openedAfter` the pages opened
   *  when its render failed) goes first, and takes a page opened since: when Chromiums die at once, the pages of one
   *  whose 'disconnected' event has not yet arrived look alive. */
  private acquire(openedAfter: number): Claim {
    // `offer` puts the next handed out last
    for (let at = this.idle.length - 1; at >= 0; at--) {
      const page = this.idle[at]!;
      // a page of a Chromium that died before its 'disconnected' event arrived
      if (!page.alive) this.discard(page);
      else if (this.order(page) > openedAfter) {
        this.idle.splice(at, 1);
        return { page: Promise.resolve(page), cancel: () => this.release(page) };
      }
    }
    let waiter!: Waiter;
    let handed: RenderPage | undefined;
    const page = new Promise<RenderPage>((resolve) => {
      waiter = {
        openedAfter,
        resolve: (p) => {
          handed = p;
          resolve(p);
        },
      };
    });
    if (openedAfter > 0) this.waiters.unshift(waiter);
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
    const worn = this.worn(page);
    if (worn || !page.alive) {
      if (worn) this.options.onPageWorn?.(worn);
      this.discard(page);
      return;
    }
    // the page drawn on last goes out next
    this.offer(page, true);
  }

  /** `page` to the next render in line, or among the free pages: `first`, it is the next handed out. */
  private offer(page: RenderPage, first: boolean): void {
    const at = this.waiters.findIndex((waiter) => this.order(page) > waiter.openedAfter);
    if (at >= 0) this.waiters.splice(at, 1)[0]!.resolve(page);
    // `acquire` takes the last
    else if (first) this.idle.push(page);
    else this.idle.unshift(page);
  }

  private order(page: RenderPage): number {
    return this.opened.get(page)!.order;
  }

  /** Why `page` is to be replaced, if it is: it has drawn PAGE_MAX_RENDERS, counting `ahead` renders to come, or
   *  its renderer holds more than PAGE_MAX_MIB. By what it holds, so that a page drawing the same few maps keeps
   *  drawing them warm: a new page's first render takes about 170 ms and its next few 50 to 65. One that draws many
   *  scopes at many sizes grows past 300 MiB. A page that has drawn nothing holds what any new page would. */
  private worn(page: RenderPage, ahead = 0): PageWear | null {
    if (page.renders + ahead >= this.options.pageMaxRenders) return 'renders';
    if (page.renders === 0) return null;
    const { renderer } = this.opened.get(page)!;
    const held = renderer === null ? null : ownMemoryMiB(renderer);
    return held !== null && held > this.options.pageMaxMib ? 'memory' : null;
  }

  /** A page, its map drawn and its frame asked for, to the next render in line or back among the free pages: a
   *  free page that waits for no frame goes first. Not when the next render would wear it out (its release would
   *  close the page under this frame) or it is worn already, nor in a pool closing. */
  private handOn(page: RenderPage): boolean {
    if (this.closed || this.worn(page, 1) || !page.alive) return false;
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
    this.opened.get(page)!.lane.occupied = false;
    void page.close();
    this.replenish();
  }

  /** A page opened in each lane that has none, in its Chromium (relaunched if it has gone away). */
  private replenish(): void {
    for (const lane of this.lanes) {
      if (this.closed || lane.occupied) continue;
      lane.occupied = true;
      this.openPage(lane)
        .then((page) => this.release(page))
        .catch((error: unknown) => {
          if (!this.closed) this.options.logger?.error({ err: error }, 'render pool: could not open a page, retrying');
          lane.occupied = false;
          setTimeout(() => this.replenish(), RETRY_OPEN_MS).unref();
        });
    }
  }

  private async openPages(): Promise<void> {
    // occupied while they open, so that nothing opens more meanwhile
    for (const lane of this.lanes) lane.occupied = true;
    const pages = await Promise.all(this.lanes.map((lane) => this.openPage(lane)));
    pages.forEach((page) => this.release(page));
  }

  private async openPage(lane: Lane): Promise<RenderPage> {
    const browser = await this.connectedBrowser(lane);
    const page = await RenderPage.open(browser, this.assets, this.options.maxPixels);
    const { chromiumProcessId } = await browserModule();
    // the renderer of the Chromium's one page
    const renderer = await chromiumProcessId(browser, 'renderer');
    this.opened.set(page, { lane, order: ++this.counts.pagesOpened, renderer });
    return page;
  }

  /** The lane's running browser; launched again when it has gone away, also when a failed render noticed that
   *  before its 'disconnected' event arrived. */
  private async connectedBrowser(lane: Lane): Promise<Browser> {
    const current = lane.browser ?? this.launch(lane);
    const browser = await current;
    if (browser.isConnected()) return browser;
    if (lane.browser === current) lane.browser = null;
    // close() has already closed what it knew of; launching now would leave a Chromium behind
    if (this.closed) throw new Error('the render pool is closed');
    return lane.browser ?? this.launch(lane);
  }

  private launch(lane: Lane): Promise<Browser> {
    const launching = browserModule().then(({ launchBrowser }) => launchBrowser(this.options.chromiumPath));
    lane.browser = launching;
    launching.then(
      (browser) => {
        lane.launched = browser;
        this.counts.launches++;
        browser.on('disconnected', () => this.lost(lane, launching));
      },
      () => {
        if (lane.browser === launching) lane.browser = null;
      },
    );
    return launching;
  }

  /** A Chromium went away (killed, crashed, or closed by close()): its page went with it. A render in flight on
   *  it fails and is retried; open a page again, on a new Chromium, for the renders in line. */
  private lost(lane: Lane, launching: Promise<Browser>): void {
    if (lane.browser === launching) lane.browser = null;
    if (this.closed) return;
    this.options.logger?.warn('render pool: Chromium went away; relaunching');
    this.options.onBrowserRestart?.();
    // a discarded page leaves the free ones
    for (const page of this.idle.filter((p) => !p.alive)) this.discard(page);
    this.replenish();
  }
}
