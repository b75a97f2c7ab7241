// Which countries draw far parts in panels, and how many, through the same projection basis the renderer fits:
// the rule that sends Japan's Ryukyus and Bonins to panels must leave every other country as it was (Fiji's Lau
// group in place, Indonesia and the Philippines without panels), at every level a map may be drawn at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { projectionBasis } from '../../renderer-page/geometry/projection.ts';
import { readScopeGeometry } from '../../renderer-page/geometry/scope-geometry.ts';
import { DEFAULT_BUILD_DIR } from '../../topology/catalogue.ts';
import { loadBuiltJson } from '../support/draw.ts';

/** The panels of each country with some, in its conic conformal projection; d3-composite-projections' own
 *  (France, Spain, the Netherlands) and the Union's (eu-insets.ts) aside. */
const PANELS: Record<string, number> = {
  CL: 1, // Easter Island
  CR: 1, // Cocos Island
  EC: 1, // the Galápagos
  FJ: 3, // Rotuma, Ceva-i-Ra, Ono-i-Lau
  GQ: 2,
  JP: 3, // the Ryukyus, the Bonins and Iwo Jima, Minami-Torishima
  NO: 2, // Svalbard with Bjørnøya, its stray island; Jan Mayen
  PT: 3, // the Azores, Madeira, the Savage Islands
  TF: 3,
  TT: 1,
  VU: 1, // Tafea's southern islands, its stray islets with them
  ZA: 1, // the Prince Edward Islands
};

/** At low detail the Solomon Islands have a panel too (Temotu, its stray islets with it), as they had before Japan's
 *  rule. */
const AT_LEVEL: Record<string, Record<string, number>> = { low: { ...PANELS, SB: 1 }, medium: PANELS, high: PANELS };

for (const [level, expected] of Object.entries(AT_LEVEL)) {
  test(`countries at ${level} detail: far parts in panels for ${Object.keys(expected).join(' ')} alone`, async () => {
    const scopes = readdirSync(DEFAULT_BUILD_DIR).flatMap((file) => {
      const [, scope, at] = /^([A-Z]{2})-(\w+)\.json$/.exec(file) ?? [];
      return at === level && !['FR', 'ES', 'NL', 'EU'].includes(scope) ? [scope] : [];
    });
    assert.ok(scopes.length > 150, `${scopes.length} countries`);
    const found: Record<string, number> = {};
    for (const scope of scopes) {
      const geometry = await readScopeGeometry(
        { scope, division: null, geometry: null, level, worldview: 'un' } as never,
        loadBuiltJson,
      );
      const basis = projectionBasis(
        { scope, projection: 'conicConformal', bbox: null, level: level as 'low' | 'medium' | 'high' },
        geometry,
      );
      if (basis.hasInsets) found[scope] = basis.panels.length;
    }
    assert.deepEqual(found, expected);
  });
}
