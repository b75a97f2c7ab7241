// The flags Chromium is started with, as it receives them (a stand-in executable writes them down): Chromium
// honours only the last --disable-features, so ours must carry every feature Playwright disables as well.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../server/render/chromium/browser.ts';

/** The arguments Playwright starts `launchBrowser`'s Chromium with. */
async function launchArguments(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-flags-'));
  try {
    const executable = join(dir, 'chromium');
    const written = join(dir, 'arguments');
    writeFileSync(executable, `#!/bin/sh\nprintf '%s\\n' "$@" > '${written}'\nexit 1\n`);
    chmodSync(executable, 0o755);
    await launchBrowser(executable).then(
      () => assert.fail('the stand-in cannot be driven'),
      () => {},
    );
    return readFileSync(written, 'utf8').trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const features = (flag: string) => flag.slice(flag.indexOf('=') + 1).split(',');

test("the last --disable-features keeps Playwright's and drops the address bar's drop-down page", async () => {
  const flags = (await launchArguments()).filter((a) => a.startsWith('--disable-features='));
  assert.ok(flags.length >= 1);
  const honoured = new Set(features(flags.at(-1)!));
  for (const earlier of flags.slice(0, -1))
    for (const feature of features(earlier)) assert.ok(honoured.has(feature), `${feature} stays disabled`);
  assert.ok(honoured.has('WebUIOmniboxPopup'));
});
