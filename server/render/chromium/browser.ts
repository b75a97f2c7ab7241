// Starts and stops Chromium. Policy (how many pages, when to relaunch) belongs to the pool.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import type { Browser } from 'playwright-core';

// Chromium honours only the last --disable-features, and Playwright passes its own before ours: ours repeats
// Playwright's (1.65) so that none is switched back on. tests/unit/chromium-flags.test.ts holds the two lists
// together.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
// The same for --enable-features (Playwright 1.65's list, which drops the first when PLAYWRIGHT_LEGACY_SCREENSHOT
// is set). Ours adds the network service run in the browser process rather than in a process of its own (10 MiB):
// the pages' requests are all answered or refused by the pool's routes, so it only carries those.
const PLAYWRIGHT_ENABLED_FEATURES = [
  ...(process.env.PLAYWRIGHT_LEGACY_SCREENSHOT ? [] : ['CDPScreenshotNewSurface']),
  'SkipListAccountsWithoutGaiaCookies',
];
const ENABLED_FEATURES = ['NetworkServiceInProcess2'];

// Headless Chromium opens a browser window for each context (each pool page has its own) and preloads the
// address bar's drop-down, a web page of its own, in a renderer process of its own: about 45 MiB each,
// for a window nobody sees.
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

// Flags that work on a headless server without a GPU, a sandbox user or network access. The pages' requests
// are all answered or refused by the pool's routes; the resolver rule makes every host (IP literals too)
// unresolvable, so what no route sees (WebSockets, preconnects, Chromium's own traffic) reaches nothing.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--font-render-hinting=none',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
  `--enable-features=${[...PLAYWRIGHT_ENABLED_FEATURES, ...ENABLED_FEATURES].join(',')}`,
  // what a page that draws on demand needs (frames-on-demand.ts)
  '--run-all-compositor-stages-before-draw',
  // Chromium gives each renderer half the cores to rasterise with (one of two), up to four; with two, a map's
  // tiles are rasterised two at a time, about 3 ms sooner at 1200 px
  `--num-raster-threads=${Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2)))}`,
  // Tiles as wide as a map by default (1200 px) and 328 px high: the world at 1200 px is two tiles, one for each
  // raster thread, where 256 px squares made fifteen, each a pass over the map's paths and a quad to composite.
  // Up to 3 ms sooner and 1 to 5 ms less CPU a PNG (world, US, RO; 640 to 2400 px wide).
  '--default-tile-width=1200',
  '--default-tile-height=328',
  // Chromium composites in software here (`--disable-gpu`), so its GPU code needs no SwiftShader, which held 16 MiB
  // in the GPU process (now run in the browser process, below).
  '--disable-software-rasterizer',
  // Each Chromium runs one page (page-supply.ts), so it needs neither a zygote to fork renderers from nor a process
  // of its own for the display compositor. Together, two Chromiums of one page each held 220 MiB at idle instead
  // of 240, as fast; either flag alone saved nothing (the renderer and the GPU process grew by what went). A page
  // replaced (page-supply.ts) opens in about 380 ms instead of 310.
  '--no-zygote',
  '--in-process-gpu',
  // A page changes only what differs from the map it shows when the next is of the same frame (renderer-page/
  // morph.ts), so Chromium rasterises again only the tiles it touched. Rasterised in part, a tile came out a few
  // levels of antialiasing off at a few hundred pixels from the tile a fresh page rasterised: whole, the same.
  '--disable-partial-raster',
];

/** `niceness`: the priority its processes run at (NICENESS, or COSTLY_NICENESS for a lane of costly maps). */
export async function launchBrowser(executablePath: string, niceness = NICENESS): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's "chromium" package or set CHROMIUM_PATH`,
    );
  }
  // Playwright takes half a second of the event loop to load: loaded at the first launch, while the SVG threads
  // warm up, not before the service listens. Imported here, at run time: a static import, even of a module
  // itself imported lazily, is hoisted to the top of the service's bundle.
  const { chromium } = await import('playwright-core');
  // Playwright would close the browser on SIGTERM/SIGINT at once, failing renders in flight; the service's
  // own shutdown (main.ts) closes it after they finish, and Playwright still kills it if the process exits.
  const browser = await chromium.launch({
    executablePath,
    args: ARGS,
    headless: true,
    handleSIGTERM: false,
    handleSIGINT: false,
  });
  await yieldToService(browser, niceness);
  return browser;
}

/** Chromium's processes run at a lower priority than the service's own: a flood of pictures then takes what the
 *  service's event loop and SVG threads leave, rather than slowing every cache hit and SVG with it. A polite
 *  client's new SVG took 2.2 times as long while another client flooded new PNGs, and as long as alone with
 *  Chromium's threads and its session's group lowered. */
export const NICENESS = 10;
/** The Chromiums that draw costly maps (page-supply.ts) yield to the others too: at 19 against 10, Linux gives a
 *  costly map about a seventh of a core another page's map wants, and all of it when no other page draws. */
export const COSTLY_NICENESS = 19;

/** Every thread of process `pid` at `niceness`: Linux keeps a priority per thread, and a thread starts at its
 *  creator's. Run as root, Chromium raises its renderers to -8 itself, so a page's renderer is lowered again once
 *  it has loaded (page-supply.ts). Where /proc cannot be read or a priority set, the process keeps its own. */
export function yieldCpu(pid: number, niceness: number): void {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    threads = [String(pid)];
  }
  for (const thread of threads) {
    try {
      setPriority(Number(thread), niceness);
    } catch {
      // gone meanwhile, or not ours to change
    }
  }
}

/** The scheduling group of process `pid`'s session at `niceness`, where Linux groups sessions (autogroup). */
function lowerAutogroup(pid: number, niceness: number): void {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // no autogroups on this machine, or not ours to change
  }
}

/** The browser's processes at `niceness`, and so the processes it starts later. Playwright starts Chromium in a
 *  session of its own, which Linux schedules as a group of its own (autogroup) with as large a share of the CPU as
 *  the service's whatever its processes' niceness: the group is given `niceness` too. */
async function yieldToService(browser: Browser, niceness: number): Promise<void> {
  try {
    const session = await browser.newBrowserCDPSession();
    try {
      const { processInfo } = await session.send('SystemInfo.getProcessInfo');
      for (const { id, type } of processInfo) {
        yieldCpu(id, niceness);
        if (type === 'browser') lowerAutogroup(id, niceness);
      }
    } finally {
      await session.detach().catch(() => {});
    }
  } catch {
    // a browser that cannot tell its processes draws at their own priority
  }
}

/** The id of the Chromium process of `type`, asked of Chromium itself: the browser process (Debian's launcher
 *  script execs it, so it is also the child Playwright started), or the renderer of its one page (page-supply.ts);
 *  null when Chromium cannot answer or has more than one such process. */
export async function chromiumProcessId(browser: Browser, type: 'browser' | 'renderer'): Promise<number | null> {
  try {
    const session = await browser.newBrowserCDPSession();
    try {
      const { processInfo } = await session.send('SystemInfo.getProcessInfo');
      const ids = processInfo.filter((p) => p.type === type).map((p) => p.id);
      return ids.length === 1 ? ids[0]! : null;
    } finally {
      await session.detach().catch(() => {});
    }
  } catch {
    return null;
  }
}
