// Starts and stops Chromium. Policy (how many pages, when to relaunch) belongs to the pool.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Flags that work on a headless server without a GPU, a sandbox user or network access.
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--font-render-hinting=none',
];

export async function launchBrowser(executablePath: string): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install Debian's "chromium" package or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath, args: ARGS, headless: true });
}
