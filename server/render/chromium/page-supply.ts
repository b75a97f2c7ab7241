// The browsers' lives, apart from how renders are scheduled on them (render-pool.ts), as Gotenberg's supervisor
// keeps a process's life apart from its queue: each page has a Chromium of its own, launched at start and again
// when it goes away; a page that failed or is worn is closed and another opened in its place. Every way a page
// or a browser ends comes through here, so a render's failure is handled in one place: the pool discards the
// page, this opens the next.
import type { Browser } from 'playwright-core';
import { COSTLY_NICENESS, NICENESS, chromiumProcessId, launchBrowser, yieldCpu } from './browser.ts';
import type { Logger } from 'pino';
import { RenderPage } from './render-page.ts';
import type { RendererAssets } from '../renderer-assets.ts';
import { ownMemoryMiB } from './renderer-memory.ts';

/** Why a page is worn: its renderer holds more than `pageMaxMib`, or it has drawn `pageMaxRenders`. */
export type PageWear = 'memory' | 'renders';

export interface SupplyOptions {
  chromiumPath: string;
  /** pages, each in a Chromium of its own */
  size: number;
  pageMaxRenders: number;
  /** a page whose renderer holds more than this many MiB of its own is replaced (renderer-memory.ts) */
  pageMaxMib: number;
  /** the most device pixels a capture or print may have (MAX_PIXELS) */
  maxPixels: number;
  /** where relaunches and page failures are reported */
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** called each time a Chromium went away and is relaunched (the browser restarts metric) */
  onBrowserRestart?: () => void;
}

/**
 * A Chromium of the pool and its one page. A page draws its frames on demand only as its Chromium's one page
 * (frames-on-demand.ts), so each page has a Chromium of its own. Side by side at 8 clients, two Chromiums of one
 * page each made 48.6 PNGs a second on average over eight rounds, where one Chromium with a page on demand and a
 * page at 60 Hz made 43.1; they hold 12 to 15 MiB more at idle, with the flags that make each lean (browser.ts).
 */
interface Lane {
  /** a lane of costly maps, whose Chromium yields the CPU to the other lanes' (COSTLY_NICENESS) */
  costly: boolean;
  /** the Chromium launching or launched, or null while none is */
  browser: Promise<Browser> | null;
  /** the last Chromium launched, to tell whether it is still connected */
  launched: Browser | null;
  /** its page is open or opening */
  occupied: boolean;
}

const nicenessOf = (lane: Lane) => (lane.costly ? COSTLY_NICENESS : NICENESS);

const RETRY_OPEN_MS = 1000;

export class PageSupply {
  private readonly lanes: Lane[];
  /** the lane each open page is in, the count of pages opened with it, and its renderer's process id (null when
   *  Chromium did not tell it: the page is then replaced by its count of renders only) */
  private readonly opened = new WeakMap<RenderPage, { lane: Lane; order: number; renderer: number | null }>();
  /** pages closed after a failure: a page handed on fails both its renders, and is discarded once */
  private readonly discarded = new WeakSet<RenderPage>();
  private closed = false;
  private readonly counts = { launches: 0, pagesOpened: 0 };
  /** Resolves once every page has loaded; rejects when Chromium could not be launched or its pages opened. */
  readonly ready: Promise<void>;

  /** `deliver` takes each page opened, the first ones once all have loaded; `lost` hears that a Chromium went
   *  away, with its page. */
  constructor(
    private readonly assets: RendererAssets,
    private readonly options: SupplyOptions,
    private readonly deliver: (page: RenderPage) => void,
    private readonly lost: () => void,
  ) {
    // the last half of the lanes (none of one) draw the costly maps (render-pool.ts)
    const ordinary = options.size - Math.floor(options.size / 2);
    this.lanes = Array.from({ length: options.size }, (_, at) => ({
      costly: at >= ordinary,
      browser: null,
      launched: null,
      occupied: false,
    }));
    this.ready = this.openPages();
    this.ready.catch(() => {}); // heard through `ready`; a pool closed while starting has no one to tell
  }

  /** Chromium processes launched and pages opened, the first ones included. */
  stats(): { launches: number; pagesOpened: number } {
    return { ...this.counts };
  }

  /** Every lane's Chromium is connected. */
  browsersConnected(): boolean {
    return !this.closed && this.lanes.every((lane) => lane.launched?.isConnected() === true);
  }

  /** Pages open or opening. */
  pages(): number {
    return this.lanes.filter((lane) => lane.occupied).length;
  }

  /** The process ids of the running Chromiums, one a page (a Chromium that cannot answer is left out). */
  async browserPids(): Promise<number[]> {
    const running = this.lanes.flatMap((lane) => (lane.launched?.isConnected() ? [lane.launched] : []));
    const pids = await Promise.all(running.map((browser) => chromiumProcessId(browser, 'browser')));
    return pids.filter((pid) => pid !== null);
  }

  /** Whether some lanes draw costly maps: not in a pool of one page. */
  hasCostlyLanes(): boolean {
    return this.lanes.some((lane) => lane.costly);
  }

  /** Whether `page` is in a lane of costly maps. */
  inCostlyLane(page: RenderPage): boolean {
    return this.opened.get(page)!.lane.costly;
  }

  /** How many pages had been opened when `page` was. */
  order(page: RenderPage): number {
    return this.opened.get(page)!.order;
  }

  /** Why `page` is to be replaced, if it is: it has drawn PAGE_MAX_RENDERS, counting `ahead` renders to come, or
   *  its renderer holds more than PAGE_MAX_MIB. By what it holds, so that a page drawing the same few maps keeps
   *  drawing them warm: a new page's first render takes about 170 ms and its next few 50 to 65. One that draws many
   *  scopes at many sizes grows past 300 MiB. A page that has drawn nothing holds what any new page would. */
  worn(page: RenderPage, ahead = 0): PageWear | null {
    if (page.renders + ahead >= this.options.pageMaxRenders) return 'renders';
    if (page.renders === 0) return null;
    const { renderer } = this.opened.get(page)!;
    const held = renderer === null ? null : ownMemoryMiB(renderer);
    return held !== null && held > this.options.pageMaxMib ? 'memory' : null;
  }

  /** A page that failed, timed out or is worn is never reused: it is closed, and another opened. */
  discard(page: RenderPage): void {
    if (this.discarded.has(page)) return;
    this.discarded.add(page);
    this.opened.get(page)!.lane.occupied = false;
    void page.close();
    this.replenish();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.lanes.map(async (lane) => {
        const browser = await lane.browser?.catch(() => null);
        await browser?.close();
      }),
    );
  }

  /** A page opened in each lane that has none, in its Chromium (relaunched if it has gone away). */
  private replenish(): void {
    for (const lane of this.lanes) {
      if (this.closed || lane.occupied) continue;
      lane.occupied = true;
      this.openPage(lane)
        .then((page) => this.deliver(page))
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
    pages.forEach((page) => this.deliver(page));
  }

  private async openPage(lane: Lane): Promise<RenderPage> {
    const browser = await this.connectedBrowser(lane);
    const page = await RenderPage.open(browser, this.assets, this.options.maxPixels);
    // the renderer of the Chromium's one page
    const renderer = await chromiumProcessId(browser, 'renderer');
    if (renderer !== null) yieldCpu(renderer, nicenessOf(lane));
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
    const launching = launchBrowser(this.options.chromiumPath, nicenessOf(lane));
    lane.browser = launching;
    launching.then(
      (browser) => {
        lane.launched = browser;
        this.counts.launches++;
        browser.on('disconnected', () => this.wentAway(lane, launching));
      },
      () => {
        if (lane.browser === launching) lane.browser = null;
      },
    );
    return launching;
  }

  /** A Chromium went away (killed, crashed, or closed by close()): its page went with it. A render in flight on
   *  it fails and is retried; a page is opened again, on a new Chromium, for the renders in line. */
  private wentAway(lane: Lane, launching: Promise<Browser>): void {
    if (lane.browser === launching) lane.browser = null;
    if (this.closed) return;
    this.options.logger?.warn('render pool: Chromium went away; relaunching');
    this.options.onBrowserRestart?.();
    this.lost();
    this.replenish();
  }
}
