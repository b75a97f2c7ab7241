// One Chromium page with the renderer loaded: draws a spec and captures it as SVG text or a PNG.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { MapSpec, RenderResult } from '../../renderer-page/spec.ts';
import { RENDERER_ORIGIN, type RendererAssets } from './renderer-assets.ts';

export interface RenderOutput {
  body: Buffer;
  unknownRoutes: string[];
}

function serve(assets: RendererAssets) {
  return (route: Route) => {
    const url = new URL(route.request().url());
    const asset = url.origin === RENDERER_ORIGIN ? assets.files.get(url.pathname) : undefined;
    // User input must never make the server fetch anything: all but our own files is refused.
    if (!asset) return route.abort('blockedbyclient');
    return route.fulfill({ status: 200, contentType: asset.contentType, body: asset.body });
  };
}

// WebRTC sends UDP that no route sees (and Chromium's resolver rules do not stop IP literals there); the
// renderer has no use for it, so it is gone from every frame before any script runs.
const NO_WEBRTC = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) delete window[name];`;

export class RenderPage {
  renders = 0;
  private crashed = false;

  private constructor(private readonly context: BrowserContext, private readonly page: Page) {
    page.on('crash', () => { this.crashed = true; });
  }

  /** False once the tab crashed or closed or its Chromium went away: such a page can render nothing more. */
  get alive(): boolean {
    return !this.crashed && !this.page.isClosed() && this.context.browser()?.isConnected() === true;
  }

  static async open(browser: Browser, assets: RendererAssets): Promise<RenderPage> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
    try {
      await context.route('**/*', serve(assets));
      await context.addInitScript(NO_WEBRTC);
      const page = await context.newPage();
      await page.goto(`${RENDERER_ORIGIN}/index.html`);
      // Load both weights with the Romanian letters now, so text is measured alike in every page.
      await page.evaluate(() => Promise.all(
        ['400', '700'].map((w) => document.fonts.load(`${w} 16px 'Noto Sans'`, 'Aa ĂăÂâÎîȘșȚț')),
      ));
      return new RenderPage(context, page);
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }

  async render(spec: MapSpec): Promise<RenderOutput> {
    this.renders++;
    const result: RenderResult = await this.page.evaluate((s) => window.renderMap(s), spec);
    const unknownRoutes = result.warnings.unknownRoutes;
    if (spec.format === 'svg') return { body: Buffer.from(result.svg), unknownRoutes };
    const width = Math.round(result.width * spec.scale);
    const height = Math.round(result.height * spec.scale);
    await this.page.setViewportSize({ width, height });
    const body = await this.page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height }, animations: 'disabled' });
    return { body, unknownRoutes };
  }

  /** Runs `expression` in the page, for tests and diagnostics only (e.g. that the page cannot reach out). */
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>;
  }

  /** For tests and diagnostics: the page's JS heap after a full garbage collection, and its DOM's size. */
  async memory(): Promise<{ heapBytes: number; domNodes: number }> {
    const session = await this.context.newCDPSession(this.page);
    try {
      await session.send('HeapProfiler.collectGarbage');
      const { usedSize } = await session.send('Runtime.getHeapUsage');
      const { nodes } = await session.send('Memory.getDOMCounters');
      return { heapBytes: usedSize, domNodes: nodes };
    } finally {
      await session.detach().catch(() => {});
    }
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}
