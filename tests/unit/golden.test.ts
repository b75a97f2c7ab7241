// Golden files: every gallery map drawn in-process, as an SVG thread draws it (no HTTP, no Chromium), and
// compared byte for byte with tests/golden/<id>.svg. A mismatch writes <id>-changed.svg beside the golden to
// look at; `UPDATE_GOLDEN=1` rewrites the goldens after a change that is meant to change the maps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fixtures } from '../../renderer-page/preview/gallery-maps.ts';
import { drawSvg } from '../support/draw.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';

const catalogue = loadCatalogue();
const golden = (name: string) => fileURLToPath(new URL(`../golden/${name}`, import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

for (const fixture of fixtures) {
  test(`golden ${fixture.id}.svg`, async () => {
    const input = fixture.query ? parseQuery(fixture.query, FIELD_NAMES) : fixture.body;
    const drawn = await drawSvg(normaliseRequest(input, catalogue, fixture.query ? 'svg' : undefined).spec);
    const file = golden(`${fixture.id}.svg`);
    const changed = golden(`${fixture.id}-changed.svg`);
    if (update) writeFileSync(file, drawn);
    if (!existsSync(file)) writeFileSync(changed, drawn);
    assert.ok(
      existsSync(file),
      `${fixture.id}.svg has no golden: see tests/golden/${fixture.id}-changed.svg (UPDATE_GOLDEN=1 to accept it)`,
    );
    const same = readFileSync(file).equals(drawn);
    if (same) rmSync(changed, { force: true });
    else writeFileSync(changed, drawn);
    assert.ok(
      same,
      `${fixture.id}.svg differs from its golden: see tests/golden/${fixture.id}-changed.svg (UPDATE_GOLDEN=1 to accept it)`,
    );
  });
}
