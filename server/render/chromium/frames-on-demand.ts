// A page that draws a frame only when a capture asks for one, and hands back its pixels with it. A page that
// draws at 60 Hz is captured on a later frame: the capture waited for about two frames whatever the map, where
// a frame on demand is drawn at once. Side by side over HTTP, a world PNG took 34 ms against 44, and 42 against
// 52, in two runs; a page drawing on demand used about 40 ms of Chromium's CPU a PNG, against 48.
//
// Only one page per Chromium draws this way: two such pages asked for frames at the same time get frames without
// their pixels, again and again (Chromium 156's headless shell), and taking turns made PNGs under load 12% fewer.
// So each pool page has a Chromium of its own (page-supply.ts).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** A frame asked for right after the page opened or resized may come before its drawing reaches the compositor,
 *  without pixels; the next one comes with them. */
export const FRAME_TRIES = 5;

/** Chromium drew the frames asked for without the page's pixels. Nothing the map did: the page is replaced and
 *  the render tried again (render-pool.ts). */
export class FrameWithoutPixels extends Error {}

/** A new page of `context` that draws on demand. Playwright opens pages that draw on their own, so this one is
 *  opened through DevTools; the context's DevTools id, which Playwright keeps to itself, is read from a plain page
 *  opened first and closed after. */
export async function openPageDrawnOnDemand(browser: Browser, context: BrowserContext): Promise<Page> {
  const plain = await context.newPage();
  const browserSession = await browser.newBrowserCDPSession();
  try {
    const { targetInfo } = await (await context.newCDPSession(plain)).send('Target.getTargetInfo');
    const opened = context.waitForEvent('page');
    // heard below; when opening fails first, the context is closed and this wait fails with no one to hear it
    opened.catch(() => {});
    await browserSession.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId: targetInfo.browserContextId,
      enableBeginFrameControl: true,
    });
    return await opened;
  } finally {
    await browserSession.detach().catch(() => {});
    await plain.close();
  }
}

export type FrameImage = { format: 'png' | 'jpeg' | 'webp'; quality?: number; optimizeForSpeed: boolean };

/** The pixels of a frame the page draws now, the whole viewport, as `image`, within `tries` frames. `call` guards
 *  each DevTools call (RenderPage's: it fails when the tab goes). */
export async function frameOnDemand(
  cdp: CDPSession,
  image: FrameImage,
  call: <T>(answer: Promise<T>) => Promise<T>,
  tries: number,
): Promise<Buffer> {
  for (let frame = 0; frame < tries; frame++) {
    const { screenshotData } = await call(cdp.send('HeadlessExperimental.beginFrame', { screenshot: image }));
    if (screenshotData !== undefined) return Buffer.from(screenshotData, 'base64');
  }
  throw new FrameWithoutPixels(`Chromium drew ${tries} frame(s) without the page's pixels`);
}
