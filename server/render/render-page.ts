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

export class RenderPage {
  renders = 0;

  private constructor(private readonly context: BrowserContext, private readonly page: Page) {}

  static async open(browser: Browser, assets: RendererAssets): Promise<RenderPage> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
    try {
      await context.route('**/*', serve(assets));
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

  async close(): Promise<void> {
    await this.context.close().catch(() => {});
  }
}
