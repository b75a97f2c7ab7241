// The Chromium pool draws PNGs, JPEGs and WebPs and prints PDFs (and pictures of errors): how renders are
// scheduled on its pages. Admission (admission.ts) lets in as many renders as there are pages, shared fairly among
// clients, with a bounded queue and one deadline per render; a render let in takes a free page, or waits in line
// for one; a page may be handed on to the next render while its frame is drawn; a render whose page crashed
// under it is tried once more on a fresh page. The browsers' lives (launch, relaunch, pages replaced) are
// page-supply.ts's.
//
// A costly map (one that weighs more than a slot: fair-share.ts) is drawn in a lane of costly maps, whose Chromium
// yields the cores to the others' (browser.ts): a client's 8000 px poster then takes what another client's 800 px map
// leaves, rather than half of it. The other maps take an ordinary page first, a page of the costly lanes when none is
// free. A pool of one page has no such lane, and draws every map on it.
import type { Format, MapSpec } from '../../../renderer-page/spec.ts';
import { Admission, untilAborted } from '../admission.ts';
import { RenderFailed, TooManyPixels } from '../render-errors.ts';
import type { HandOn, RenderOutput, RenderPage } from './render-page.ts';
import { FrameWithoutPixels } from './frames-on-demand.ts';
import type { RendererAssets } from '../renderer-assets.ts';
import { PageSupply, type PageWear, type SupplyOptions } from './page-supply.ts';
import { SLOT_COST } from '../fair-share.ts';
import type { PoolHealth } from '../../observability/metrics.ts';

export interface PoolOptions extends SupplyOptions {
  queueMax: number;
  renderTimeoutMs: number;
  /** called each time a page is replaced as worn, with why (the pages replaced metric) */
  onPageWorn?: (reason: PageWear) => void;
}

interface Waiter {
  /** takes only a page opened after this many (a retry: see `acquire`) */
  openedAfter: number;
  /** takes only a page of a costly lane */
  costly: boolean;
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

export class RenderPool {
  private readonly supply: PageSupply;
  private readonly idle: RenderPage[] = [];
  private readonly waiters: Waiter[] = [];
  private closed = false;
  private readonly counts = { retries: 0, handedOn: 0 };
  private readonly admission: Admission;
  /** Resolves once every page has loaded; rejects when Chromium could not be launched or its pages opened. */
  readonly ready: Promise<void>;

  private constructor(
    assets: RendererAssets,
    private readonly options: PoolOptions,
  ) {
    this.supply = new PageSupply(
      assets,
      options,
      (page) => this.release(page),
      // a Chromium went away: its page, if free, leaves the free ones
      () => this.idle.filter((page) => !page.alive).forEach((page) => this.discard(page)),
    );
    this.admission = new Admission({
      renderer: 'png',
      // a page takes the next render while its frame is drawn (RenderPage's `frame`)
      slots: options.size + 1,
      queueMax: options.queueMax,
      deadlineMs: options.renderTimeoutMs,
    });
    this.ready = this.supply.ready;
  }

  /** Launches Chromium and opens the pages in the background, so that the service need not wait for them to
   *  serve SVGs: renders let in meanwhile wait for a page in line, within their deadline, as when all are busy. */
  static start(assets: RendererAssets, options: PoolOptions): RenderPool {
    return new RenderPool(assets, options);
  }

  /** For readiness and metrics: read-only. */
  health(): PoolHealth {
    const browser = !this.closed && this.supply.browsersConnected();
    // renders waiting for a page: in the admission's queue, or let in and waiting for a page (the slot of the
    // page handed on while its frame is drawn, or while a page is replaced)
    const queued = this.admission.queued + this.waiters.length;
    return { browser, pages: this.supply.pages(), idle: this.idle.length, queued };
  }

  stats(): PoolStats {
    return { ...this.supply.stats(), ...this.counts };
  }

  /** The process ids of the running Chromiums, one a page (a Chromium that cannot answer is left out): for tests
   *  and memory figures. */
  browserPids(): Promise<number[]> {
    return this.supply.browserPids();
  }

  /**
   * Renders on the next free page within one deadline, waiting included. When the page or Chromium crashes
   * under the render, it is tried once more on a fresh page (first in line, same deadline: a relaunch takes
   * about a second). A timeout or an error thrown by the renderer is not retried, as it would fail again.
   */
  render(spec: MapSpec, client: string, cost?: number): Promise<RenderOutput> {
    return this.run((page, handOn) => page.render(spec, handOn), client, cost);
  }

  /** An SVG document the server wrote (an error's picture) as `format`, admitted and retried as a map is. */
  picture(markup: string, format: Format, width: number, height: number, client: string): Promise<Buffer> {
    return this.run((page) => page.picture(markup, format, width, height), client);
  }

  private run<T>(work: (page: RenderPage, handOn: HandOn) => Promise<T>, client: string, cost?: number): Promise<T> {
    return this.admission.run(
      async (signal) => {
        // 0 on the first attempt; on the retry, the pages opened when the first failed (at least the one it failed on)
        let openedAfter = 0;
        const costly = cost !== undefined && cost > SLOT_COST && this.supply.hasCostlyLanes();
        for (;;) {
          const page = await this.wait(this.acquire(openedAfter, costly), signal);
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
            openedAfter = this.supply.stats().pagesOpened;
          }
        }
      },
      client,
      cost,
    );
  }

  async close(): Promise<void> {
    this.admission.drain();
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((page) => page.close()));
    await this.supply.close();
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
  private acquire(openedAfter: number, costly: boolean): Claim {
    // a costly map a page of the costly lanes only; another an ordinary page first
    for (const lane of costly ? [true] : [false, true]) {
      // `offer` puts the next handed out last
      for (let at = this.idle.length - 1; at >= 0; at--) {
        const page = this.idle[at]!;
        // a page of a Chromium that died before its 'disconnected' event arrived
        if (!page.alive) this.discard(page);
        else if (this.supply.inCostlyLane(page) === lane && this.order(page) > openedAfter) {
          this.idle.splice(at, 1);
          return { page: Promise.resolve(page), cancel: () => this.release(page) };
        }
      }
    }
    let waiter!: Waiter;
    let handed: RenderPage | undefined;
    const page = new Promise<RenderPage>((resolve) => {
      waiter = {
        openedAfter,
        costly,
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
    const worn = this.supply.worn(page);
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
    const costlyLane = this.supply.inCostlyLane(page);
    const at = this.waiters.findIndex(
      (waiter) => this.order(page) > waiter.openedAfter && (costlyLane || !waiter.costly),
    );
    if (at >= 0) this.waiters.splice(at, 1)[0]!.resolve(page);
    // `acquire` takes the last
    else if (first) this.idle.push(page);
    else this.idle.unshift(page);
  }

  private order(page: RenderPage): number {
    return this.supply.order(page);
  }

  /** A page, its map drawn and its frame asked for, to the next render in line or back among the free pages: a
   *  free page that waits for no frame goes first. Not when the next render would wear it out (its release would
   *  close the page under this frame) or it is worn already, nor in a pool closing. */
  private handOn(page: RenderPage): boolean {
    if (this.closed || this.supply.worn(page, 1) || !page.alive) return false;
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

  /** A page that failed, timed out or is worn leaves the free pages and is never reused (page-supply.ts). */
  private discard(page: RenderPage): void {
    const at = this.idle.indexOf(page);
    if (at >= 0) this.idle.splice(at, 1);
    this.supply.discard(page);
  }
}
