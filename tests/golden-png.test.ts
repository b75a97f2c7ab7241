// PNG goldens: a few gallery maps as Chromium draws them, compared with tests/golden/<id>.png by pixelmatch.
// Chromium's anti-aliasing differs a little between its releases, so edge pixels pixelmatch recognises as
// anti-aliasing are not counted, and a few others may differ; a moved border or a wrong colour is far more. A
// mismatch writes <id>-changed.png beside the golden; `UPDATE_GOLDEN=1` rewrites the goldens.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { fixtures } from '../renderer-page/preview/gallery-maps.ts';
import { startService, type TestService } from './support/service.ts';

/** One map of each kind of drawing: the world with a legend, county outlines, insets with labels. */
const CHECKED = ['choropleth', 'romania', 'france-regions'];
/** Share of pixels that may differ beyond anti-aliasing. */
const TOLERANCE = 0.002;

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const golden = (name: string) => fileURLToPath(new URL(`./golden/${name}`, import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

for (const id of CHECKED) {
  test(`golden ${id}.png`, async () => {
    const fixture = fixtures.find((f) => f.id === id)!;
    const response = await fetch(`${service.url}/map.png?${fixture.query}`);
    assert.equal(response.status, 200);
    const drawn = Buffer.from(await response.arrayBuffer());
    const file = golden(`${id}.png`);
    const changed = golden(`${id}-changed.png`);
    if (update) writeFileSync(file, drawn);
    if (!existsSync(file)) writeFileSync(changed, drawn);
    assert.ok(
      existsSync(file),
      `${id}.png has no golden: see tests/golden/${id}-changed.png (UPDATE_GOLDEN=1 to accept it)`,
    );
    const expected = PNG.sync.read(readFileSync(file));
    const actual = PNG.sync.read(drawn);
    assert.deepEqual([actual.width, actual.height], [expected.width, expected.height], 'the size');
    const differing = pixelmatch(expected.data, actual.data, undefined, actual.width, actual.height, {
      threshold: 0.1,
    });
    const within = differing <= actual.width * actual.height * TOLERANCE;
    if (within) rmSync(changed, { force: true });
    else writeFileSync(changed, drawn);
    assert.ok(within, `${id}.png: ${differing} pixels differ from its golden: see tests/golden/${id}-changed.png`);
  });
}
