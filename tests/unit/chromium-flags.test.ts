// The flags Chromium is started with, as it receives them (a stand-in executable writes them down): Chromium
// honours only the last --disable-features and --enable-features, so ours must carry every feature Playwright
// names there as well.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../../server/render/chromium/browser.ts';

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

/** The features the last `switch` names (the one Chromium honours), having checked it names every earlier one's. */
async function honoured(switchName: string): Promise<Set<string>> {
  const flags = (await launchArguments()).filter((a) => a.startsWith(`${switchName}=`));
  assert.ok(flags.length >= 1);
  const last = new Set(features(flags.at(-1)!));
  for (const earlier of flags.slice(0, -1))
    for (const feature of features(earlier)) assert.ok(last.has(feature), `${switchName}: ${feature} stays`);
  return last;
}

test("the last --disable-features keeps Playwright's and drops the address bar's drop-down page", async () => {
  assert.ok((await honoured('--disable-features')).has('WebUIOmniboxPopup'));
});

test("the last --enable-features keeps Playwright's and runs the network service in the browser process", async () => {
  assert.ok((await honoured('--enable-features')).has('NetworkServiceInProcess2'));
});
