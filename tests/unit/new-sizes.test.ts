// New sizes: outlines are projected once per framing at a reference scale and placed at each size by scaling
// (renderer-page/geometry/reference-outlines.ts). What a reader sees must be what the size's own projection
// draws: each region where d3 puts it at that size, clipped to the same frame, as large, through insets too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geoPath } from 'd3';
import { GeometryStore } from '../../renderer-page/geometry-store.ts';
import { outlineFeature } from '../../renderer-page/geometry/outline.ts';
import { simplifiedProjection } from '../../renderer-page/geometry/pixel-simplify.ts';
import { projectionBasis, type Extent } from '../../renderer-page/geometry/projection.ts';
import { mayShow } from '../../renderer-page/geometry/inset-routing.ts';
import { record } from '../../renderer-page/geometry/reference-outlines.ts';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { loadBuiltJson } from '../support/draw.ts';
import { boundsOf } from '../support/draw-request.ts';
import { pathPieces } from '../support/svg.ts';

type Framing = Pick<MapSpec, 'scope' | 'division' | 'geometry' | 'level' | 'worldview' | 'projection' | 'bbox'>;

const store = new GeometryStore(loadBuiltJson);

const framings: Framing[] = [
  {
    scope: 'world',
    division: null,
    geometry: null,
    level: 'high',
    worldview: 'un',
    projection: 'naturalEarth1',
    bbox: null,
  },
  // clipped to its frame, with its neighbours cut at the edges
  { scope: 'RO', division: null, geometry: null, level: 'medium', worldview: 'un', projection: 'mercator', bbox: null },
  // insets: the overseas régions through the composite's routing
  {
    scope: 'FR',
    division: null,
    geometry: null,
    level: 'medium',
    worldview: 'un',
    projection: 'conicConformal',
    bbox: null,
  },
  {
    scope: 'US',
    division: null,
    geometry: null,
    level: 'medium',
    worldview: 'un',
    projection: 'albersUsa',
    bbox: null,
  },
  {
    scope: 'world',
    division: null,
    geometry: null,
    level: 'low',
    worldview: 'un',
    projection: 'mercator',
    bbox: [-30, 30, 50, 72],
  },
];

// odd sizes in three tiers, none of them drawn by another test first
const extents: Extent[] = [
  [
    [7, 11],
    [613, 401],
  ],
  [
    [13, 29],
    [1187, 731],
  ],
  [
    [24, 24],
    [2311, 1303],
  ],
];

for (const framing of framings) {
  test(`${framing.scope} ${framing.level} ${framing.projection}${framing.bbox ? ' bbox' : ''}: at any size, every region where its own projection draws it`, async () => {
    const geometry = await store.scopeGeometry(framing);
    for (const extent of extents) {
      const frame = store.frame(framing, geometry, extent);
      // the size's own projection, all the way from the sphere, and the sub-pixel filter: how every size was
      // drawn before outlines were shared
      const direct = geoPath(simplifiedProjection(frame.projection));
      let compared = 0;
      for (const region of geometry.regions) {
        const feature = outlineFeature(region.outline);
        const area = direct.area(feature);
        const d = frame.regionPath(region.id);
        if (area < 50) continue;
        assert.ok(d, `${region.id} is drawn at ${JSON.stringify(extent)}`);
        const drawn = boundsOf(pathPieces(d).flat());
        const [[x0, y0], [x1, y1]] = direct.bounds(feature);
        const off = Math.max(
          Math.abs(drawn.x0 - x0),
          Math.abs(drawn.y0 - y0),
          Math.abs(drawn.x1 - x1),
          Math.abs(drawn.y1 - y1),
        );
        assert.ok(off < 1, `${region.id} at ${JSON.stringify(extent)}: bounds ${off.toFixed(2)} px off`);
        const ratio = frame.area(region.id) / area;
        assert.ok(Math.abs(ratio - 1) < 0.02, `${region.id} at ${JSON.stringify(extent)}: area × ${ratio.toFixed(3)}`);
        compared++;
      }
      assert.ok(compared >= 5, `${compared} regions compared at ${JSON.stringify(extent)}`);
    }
  });
}

test('land no frame of a composite shows is left out before it is projected, and only such land', async () => {
  let left = 0;
  for (const [scope, projection] of [
    ['EU', 'conicConformal'],
    ['FR', 'conicConformal'],
    ['NL', 'conicConformal'],
    ['PT', 'conicConformal'],
    ['ES', 'conicConformal'],
    ['US', 'albersUsa'],
  ] as const) {
    for (const level of ['low', 'high'] as const) {
      const framing: Framing = {
        scope,
        division: null,
        geometry: null,
        level,
        worldview: 'un',
        projection,
        bbox: null,
      };
      const geometry = await store.scopeGeometry(framing);
      const basis = projectionBasis(framing, geometry);
      // the reference scales of three tiers (outline-tiers.ts)
      for (const k of [1, 8, 40]) {
        const reference = basis
          .make()
          .scale(150 * k)
          .translate([0, 0]);
        geometry.context.forEach((outline, i) => {
          if (mayShow(reference, outline)) return;
          left++;
          assert.deepEqual(record(reference, outline).parts, [], `${scope} ${level} context ${i} at ${k}`);
        });
      }
    }
  }
  assert.ok(left > 300, `${left} outlines left out: the European Union's far neighbours among them`);
});
