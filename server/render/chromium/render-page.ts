// One Chromium page with the renderer loaded: draws a spec and captures it as a PNG, JPEG or WebP, prints it
// as a PDF, or writes it out as an SVG. (SVGs are drawn in Node threads by the same renderer code unless
// SVG_RENDERER=chromium: svg-renderer.ts.)
import type { Browser, BrowserContext, CDPSession, Page, Route } from 'playwright-core';
import type { Format, MapSpec, RenderResult, RenderWarnings } from '../../../renderer-page/spec.ts';
import type { RendererAssets } from '../renderer-assets.ts';
import { RENDERER_ORIGIN } from '../renderer-origin.ts';
import { pinnedDates } from './pdf-dates.ts';
import { pngTextChunk, withPngChunks } from '../png-chunks.ts';
import { pngDensityChunk, withJpegDensity } from '../print-density.ts';
import { isRaster, qualityFor } from '../../request/output-options.ts';
import { IdleTrim } from '../idle-trim.ts';
import { FRAME_TRIES, frameOnDemand, openPageDrawnOnDemand, type FrameImage } from './frames-on-demand.ts';
import { FrameBuffer } from './frame-buffer.ts';
import { TooManyPixels } from '../render-errors.ts';

/** An error's picture is text on a flat panel: a high quality keeps the letters free of JPEG's ringing. */
const ERROR_PICTURE_QUALITY = 90;

export interface RenderOutput {
  body: Buffer;
  warnings: RenderWarnings;
  /** the map in words (`alt`, or the automatic description) */
  description: string;
  /** in CSS px: the request's, or the one its scope's shape gave the width (cost/ learns it) */
  height: number;
}

function serve(assets: RendererAssets) {
  return (route: Route) => {
    const url = new URL(route.request().url());
    const asset = url.origin === RENDERER_ORIGIN ? assets.file(url.pathname) : undefined;
    // User input must never make the server fetch anything: all but our own files is refused.
    if (!asset) return route.abort('blockedbyclient');
    return route.fulfill({ status: 200, contentType: asset.contentType, body: asset.body });
  };
}

// WebRTC sends UDP that no route sees (and Chromium's resolver rules do not stop IP literals there); the
// renderer has no use for it, so it is gone from every frame before any script runs.
const NO_WEBRTC = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) delete window[name];`;

// Both weights with the Romanian letters, loaded before the first render so that no capture catches a fallback
// font. Like NO_WEBRTC, a script for the page is a string here: this is Node's program, without the DOM's types.
const LOAD_FONTS = `Promise.all(['400', '700'].map((w) => document.fonts.load(w + " 16px 'Noto Sans'", 'Aa ĂăÂâÎîȘșȚț')))`;

// An SVG is the drawn element as the page's XMLSerializer writes it: the threads write their markup the same
// way (svg-document.ts), so both renderers answer the same bytes (svg-threads.test.ts and
// svg-renderer-choice.test.ts compare them). outerHTML would not: it writes HTML (`<rect></rect>`).
const SERIALISE_SVG = `new XMLSerializer().serializeToString(document.querySelector('#map > svg'))`;

/** What a DevTools call answers when the tab under it crashed or closed. */
const TARGET_GONE = /target (crashed|closed)|session closed|detached/i;

const OPENING_VIEWPORT = { width: 1200, height: 800 };
/** The frame an idle page draws to let a large buffer go. */
const IDLE_VIEWPORT = { width: 16, height: 16 };

/** Called by a render once its map is drawn and its frame asked for in turn: true when the page was handed on to
 *  the next render meanwhile (render-pool.ts). */
export type HandOn = () => boolean;

export class RenderPage {
  renders = 0;
  private crashed = false;
  /** the viewport's size in CSS px (= device px), fitted to each capture */
  private viewport = OPENING_VIEWPORT;
  /** why the tab can answer nothing more (it crashed or closed), once it is so */
  private gone: Error | undefined;
  /** the calls waiting for an answer, failed when the tab goes: a DevTools call to a dead tab never answers */
  private readonly waiting = new Set<(error: Error) => void>();
  /** Settles once the frame asked for last is drawn. Chromium draws one at a time for a page, so the frames are
   *  asked for in the order their maps were drawn. */
  private lastFrame: Promise<void> = Promise.resolve();
  /** the page has drawn a frame with its pixels */
  private framedOnce = false;
  /** what Chromium keeps of its frames, and when to let it go */
  private readonly buffer = new FrameBuffer();
  /** buffers let go (frame-buffer.ts): for tests and diagnostics */
  buffersReleased = 0;
  /** Once the page falls idle, its heap is collected: the maps it drew before hold native memory too (their
   *  layout and paint), which goes only with them. A heap measure would not show that: after a load, a page's
   *  JS heap held 10 MiB, but its process 140 MiB more than when collected. A page that drew a poster draws a tiny
   *  frame first, which gives its buffer back (shrinkBuffer). */
  private readonly trim = new IdleTrim(() => {
    // a page gone has nothing to give back
    if (this.gone) return;
    const shrunk = this.buffer.releaseWhenIdle() ? this.shrinkBuffer() : Promise.resolve();
    shrunk.then(() => this.cdp.send('HeapProfiler.collectGarbage')).catch(() => {});
  });

  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    /** the page's DevTools session: a render is one evaluate and one frame */
    private readonly cdp: CDPSession,
    /** the most device pixels a capture or print may have (MAX_PIXELS) */
    private readonly maxPixels: number,
  ) {
    page.on('crash', () => {
      this.crashed = true;
      this.lose(new Error('the page crashed: target crashed'));
    });
    page.on('close', () => this.lose(new Error('the page closed: target closed')));
  }

  private lose(error: Error): void {
    this.gone ??= error;
    for (const fail of this.waiting) fail(this.gone);
    this.waiting.clear();
  }

  /** `answer`, or a failure once the tab is gone. Not a race with a promise of the tab's end: that promise would
   *  hold every answer raced with it, each capture's pixels among them, for as long as the page lives. */
  private call<T>(answer: Promise<T>): Promise<T> {
    if (this.gone) {
      // asked already, of a tab that is gone: its failure is this one, heard here rather than nowhere (which
      // ended the process, as an unhandled rejection, when big renders crashed a page with frames in line)
      answer.catch(() => {});
      return Promise.reject(this.gone);
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.add(reject);
      answer.then(resolve, reject).finally(() => this.waiting.delete(reject));
    });
  }

  /** False once the tab crashed or closed or its Chromium went away: such a page can render nothing more. */
  get alive(): boolean {
    return !this.crashed && !this.page.isClosed() && this.context.browser()?.isConnected() === true;
  }

  /** A page with the renderer loaded, drawing a frame only when a capture asks for one (frames-on-demand.ts): it
   *  must be the only page of `browser`. */
  static async open(browser: Browser, assets: RendererAssets, maxPixels: number): Promise<RenderPage> {
    const context = await browser.newContext({ viewport: OPENING_VIEWPORT, deviceScaleFactor: 1 });
    try {
      await context.route('**/*', serve(assets));
      await context.addInitScript(NO_WEBRTC);
      const page = await openPageDrawnOnDemand(browser, context);
      await page.goto(`${RENDERER_ORIGIN}/index.html`);
      await page.evaluate(LOAD_FONTS);
      const cdp = await context.newCDPSession(page);
      // Chromium paints an empty page white; left empty instead, a map drawn without a background
      // (`transparent`) keeps its alpha in PNG and WebP. Every other map covers the page with its own canvas.
      await cdp.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
      const opened = new RenderPage(context, page, cdp, maxPixels);
      // loading the renderer and its fonts left garbage too
      opened.trim.idle();
      return opened;
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }

  /** `spec` drawn and captured, printed or written out. A capture may hand the page on (`handOn`) while its frame
   *  is drawn: see `frame`. */
  render(spec: MapSpec, handOn?: HandOn): Promise<RenderOutput> {
    return this.counted(() => this.draw(spec, handOn));
  }

  /** `markup`, an SVG document the server wrote (an error's picture), shown in the page in place of a map and
   *  captured or printed as `format` at `width` × `height` CSS px. */
  picture(markup: string, format: Format, width: number, height: number): Promise<Buffer> {
    return this.counted(async () => {
      // the markup goes in as a JSON literal, and is parsed as XML: data, never run
      await this.call(this.page.evaluate(`window.showPicture(${JSON.stringify(markup)})`));
      const quality = qualityFor(format, ERROR_PICTURE_QUALITY);
      return this.capture({ format, scale: 1, quality, title: 'Map error' }, width, height);
    });
  }

  private counted<T>(work: () => Promise<T>): Promise<T> {
    this.renders++;
    return this.trim.around(async () => {
      try {
        return await work();
      } catch (error) {
        // the DevTools session can report the tab gone before Playwright's 'crash' event does
        if (error instanceof Error && TARGET_GONE.test(error.message)) this.crashed = true;
        throw error;
      }
    });
  }

  private async draw(spec: MapSpec, handOn?: HandOn): Promise<RenderOutput> {
    // The spec goes in as a JSON literal, which is data whatever its strings hold. An SVG comes back with the
    // drawing, in the same call.
    // an SVG has no device pixels
    const pixels = spec.format === 'svg' ? 'Infinity' : this.maxPixels;
    const drawing = `window.renderMap(${JSON.stringify(spec)}, ${isRaster(spec.format)}, ${pixels})`;
    const { result, exceptionDetails } = await this.call(
      this.cdp.send('Runtime.evaluate', {
        expression:
          spec.format === 'svg' ? `${drawing}.then((drawn) => ({ ...drawn, markup: ${SERIALISE_SVG} }))` : drawing,
        awaitPromise: true,
        returnByValue: true,
      }),
    );
    if (exceptionDetails)
      throw new Error(`renderMap failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    const drawn = result.value as RenderResult & { markup?: string };
    // a height the scope's shape gave the width is known only once laid out, and the page draws nothing then
    if (drawn.overPixels) throw new TooManyPixels(drawn.width, drawn.height, spec.scale, this.maxPixels);
    const body =
      drawn.markup === undefined ? await this.captured(spec, drawn, handOn) : Buffer.from(drawn.markup, 'utf8');
    return { body, warnings: drawn.warnings, description: drawn.description, height: drawn.height };
  }

  private async captured(spec: MapSpec, drawn: RenderResult, handOn?: HandOn): Promise<Buffer> {
    const title = spec.title ?? spec.scopeName;
    const captured = await this.capture({ ...spec, title }, drawn.width, drawn.height, handOn);
    // a PNG carries the map's words as the SVG's <desc> does (DECISIONS §9), and a PNG or JPEG its print size
    if (spec.format === 'png')
      return withPngChunks(captured, [pngDensityChunk(spec.scale), pngTextChunk('Description', drawn.description)]);
    return spec.format === 'jpeg' ? withJpegDensity(captured, spec.scale) : captured;
  }

  /** What the page shows, `width` × `height` CSS px from its top left: printed (PDF, one page that size, text
   *  as text with the page's fonts embedded, `title` its document title) or captured at the pixel density. */
  private async capture(
    { format, scale, quality, title }: Pick<MapSpec, 'format' | 'scale' | 'quality'> & { title: string },
    width: number,
    height: number,
    handOn?: HandOn,
  ): Promise<Buffer> {
    if (format === 'svg') throw new Error('an SVG is no capture of the page');
    if (format === 'pdf') {
      // the document's title is the PDF's, which viewers show in place of a file name
      await this.call(this.page.evaluate(`document.title = ${JSON.stringify(title)}`));
      const size = { width: `${width}px`, height: `${height}px` };
      const margin = { top: 0, right: 0, bottom: 0, left: 0 };
      // a height that rounds up in print layout would otherwise spill an empty second page
      return pinnedDates(await this.call(this.page.pdf({ ...size, margin, printBackground: true, pageRanges: '1' })));
    }
    // A PNG at a higher density is the drawing made that many times larger (index.ts), captured at 1:1.
    const pixels = { width: Math.round(width * scale), height: Math.round(height * scale) };
    const image: FrameImage = {
      format,
      ...(quality === null ? {} : { quality }),
      // zlib's fast settings: the same pixels in a PNG a quarter to a half bigger (the world at 1200 px:
      // 132 → 164 KB), encoded in a fraction of the time (10-15 ms less); JPEG and WebP are unaffected
      optimizeForSpeed: true,
    };
    return this.frame(image, pixels, handOn);
  }

  /**
   * A frame on demand, of the whole viewport made the capture's size, asked for once the frame before it is drawn.
   * Meanwhile the page may be handed on to the next render (`handOn`): that render draws its map as soon as this
   * frame has committed this one (index.ts), rather than after the frame is composited, copied and encoded: 2 to
   * 9% more PNGs a second at 8 clients, side by side. It is not handed on for the page's first frame or a frame at
   * a new size or after the buffer is let go, which may come without the pixels, when the next frame would show
   * the next map. Should a frame handed on come without them all the same, the page is replaced and the render
   * tried again.
   */
  private async frame(image: FrameImage, pixels: { width: number; height: number }, handOn?: HandOn): Promise<Buffer> {
    const before = this.lastFrame;
    let drawn!: () => void;
    this.lastFrame = new Promise<void>((resolve) => (drawn = resolve));
    try {
      const release = this.buffer.releaseBefore(pixels);
      const handedOn = this.framedOnce && this.fits(pixels) && !release && handOn !== undefined && handOn();
      await before;
      if (release) await this.releaseBuffer();
      await this.fitViewport(pixels);
      const shot = await frameOnDemand(this.cdp, image, (answer) => this.call(answer), handedOn ? 1 : FRAME_TRIES);
      this.framedOnce = true;
      return shot;
    } finally {
      drawn();
    }
  }

  /** The viewport is `size` already. */
  private fits(size: { width: number; height: number }): boolean {
    return size.width === this.viewport.width && size.height === this.viewport.height;
  }

  /** Makes the viewport the capture's size when it is not already: a frame's pixels are the whole viewport.
   *  Through the page's own session: Playwright's setViewportSize waits 500 ms on Debian. */
  private async fitViewport(size: { width: number; height: number }): Promise<void> {
    if (this.fits(size)) return;
    await this.call(
      this.cdp.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: 1, mobile: false }),
    );
    this.viewport = size;
  }

  /** Lets Chromium's buffer of this page's frames go (frame-buffer.ts); the frame's size is set again after. */
  private async releaseBuffer(): Promise<void> {
    await this.call(this.cdp.send('Emulation.clearDeviceMetricsOverride'));
    this.viewport = { width: 0, height: 0 };
    this.buffersReleased++;
  }

  /** An idle page's buffer made small again (frame-buffer.ts's IDLE_KEPT_PIXELS): only a frame drawn smaller lets
   *  the large one go (letting it go, as `releaseBuffer` does, gives its memory back only at the next frame). A
   *  frame of its own, in the frames' order, so that a render that comes meanwhile draws after it, at a size it sets
   *  again (and so is not handed on). */
  private async shrinkBuffer(): Promise<void> {
    this.viewport = { width: 0, height: 0 };
    const before = this.lastFrame;
    let drawn!: () => void;
    this.lastFrame = new Promise<void>((resolve) => (drawn = resolve));
    try {
      await before;
      await this.fitViewport(IDLE_VIEWPORT);
      await this.call(this.cdp.send('HeadlessExperimental.beginFrame', {}));
      this.buffersReleased++;
    } finally {
      drawn();
    }
  }

  /** Runs `expression` in the page, for tests and diagnostics only (e.g. that the page cannot reach out). */
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>;
  }

  /** For tests and diagnostics: the page's JS heap and its DOM's size, after a full garbage collection unless
   *  `collect` is false (then the nodes and objects not yet collected count too). */
  async memory(collect = true): Promise<{ heapBytes: number; domNodes: number }> {
    const session = await this.context.newCDPSession(this.page);
    try {
      if (collect) await session.send('HeapProfiler.collectGarbage');
      const { usedSize } = await session.send('Runtime.getHeapUsage');
      const { nodes } = await session.send('Memory.getDOMCounters');
      return { heapBytes: usedSize, domNodes: nodes };
    } finally {
      await session.detach().catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.trim.stop();
    await this.context.close().catch(() => {});
  }
}
