// Checks the built catalogue and topology files (run `node --import tsx topology/make-scopes.ts` first):
//   node --import tsx --test tests/unit/topology-catalogue.test.ts

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { geoArea, polygonContains } from 'd3';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { loadCatalogue, topologyPath } from '../../topology/catalogue.js';
import { LEVELS } from '../../topology/scopes.js';

const catalogue = loadCatalogue();

function readTopology(scope: string, level: (typeof LEVELS)[number]): Topology {
  return JSON.parse(readFileSync(topologyPath(scope, level), 'utf8')) as Topology;
}

function regionIds(topo: Topology): string[] {
  const obj = topo.objects['regions'];
  assert.equal(obj?.type, 'GeometryCollection');
  return obj.type === 'GeometryCollection' ? obj.geometries.map((g) => String(g.id)) : [];
}

function pointsOf(topo: Topology): Map<string, { at: [number, number]; name: string }> {
  const points = feature(topo, topo.objects['points']!) as GeoJSON.FeatureCollection<GeoJSON.Point, { name: string }>;
  return new Map(
    points.features.map((f) => [
      String(f.id),
      { at: f.geometry.coordinates as [number, number], name: f.properties.name },
    ]),
  );
}

describe('world ids', () => {
  const cases: Array<[string, string | undefined]> = [
    ['us', 'US'],
    ['USA', 'US'],
    ['840', 'US'],
    ['United States', 'US'],
    ['united states of america', 'US'],
    ['germany', 'DE'],
    ['004', 'AF'],
    ['4', 'AF'],
    ['XK', 'XK'],
    ['Kosovo', 'XK'],
    ['xkx', 'XK'],
    ['N. Cyprus', 'CYN'],
    ['Congo', 'CG'],
    ["Côte d'Ivoire", 'CI'],
    ["cote d'ivoire", 'CI'],
    ['ZZZ', undefined],
    ['', undefined],
  ];
  for (const [raw, expected] of cases) {
    it(`${JSON.stringify(raw)} → ${String(expected)}`, () => {
      assert.equal(catalogue.resolveId('world', raw), expected);
    });
  }
});

describe('RO ids', () => {
  const cases: Array<[string, string | undefined]> = [
    ['RO-CJ', 'RO-CJ'],
    ['cj', 'RO-CJ'],
    ['RO.CJ', 'RO-CJ'],
    ['Cluj', 'RO-CJ'],
    ['b', 'RO-B'],
    ['RO.BI', 'RO-B'],
    ['Bucharest', 'RO-B'],
    ['Bucuresti', 'RO-B'],
    ['Bistri\u021Ba-N\u0103s\u0103ud', 'RO-BN'], // comma-below ț
    ['Bistrita-Nasaud', 'RO-BN'],
    ['bistri\u0163a-n\u0103s\u0103ud', 'RO-BN'], // legacy cedilla ţ
    ['Ia\u015Fi', 'RO-IS'], // cedilla ş
    ['ZZ', undefined],
  ];
  for (const [raw, expected] of cases) {
    it(`${JSON.stringify(raw)} → ${String(expected)}`, () => {
      assert.equal(catalogue.resolveId('RO', raw), expected);
    });
  }

  it('has exactly 42 regions with proper display names', () => {
    const ro = catalogue.scope('RO')!;
    assert.equal(ro.regions.length, 42);
    assert.equal(ro.regions.find((r) => r.id === 'RO-BN')?.name, 'Bistri\u021Ba-N\u0103s\u0103ud');
    assert.equal(ro.regions.find((r) => r.id === 'RO-B')?.name, 'Bucure\u0219ti');
  });
});

describe('scopes', () => {
  it('match case-insensitively', () => {
    assert.equal(catalogue.scope('ro')?.id, 'RO');
    assert.equal(catalogue.scope('WORLD')?.id, 'world');
    assert.equal(catalogue.scope('mars'), undefined);
  });

  it('carry their static definition', () => {
    assert.equal(catalogue.scope('RO')?.defaultLevel, 'medium');
    assert.equal(catalogue.scope('world')?.defaultProjection, 'naturalEarth1');
  });

  it('list regions sorted by id without alias clashes', () => {
    for (const sc of catalogue.scopes) {
      const ids = sc.regions.map((r) => r.id);
      assert.deepEqual(ids, [...ids].sort());
      for (const r of sc.regions) {
        for (const a of [r.id, r.name, ...r.aliases]) assert.equal(catalogue.resolveId(sc.id, a), r.id, a);
      }
    }
  });
});

describe('topology files', () => {
  for (const level of LEVELS) {
    it(`RO-${level} has exactly the catalogue's ids, once each, and a context layer`, () => {
      const topo = readTopology('RO', level);
      const ids = regionIds(topo);
      assert.equal(new Set(ids).size, ids.length, 'duplicate ids');
      assert.deepEqual(
        [...ids].sort(),
        catalogue.scope('RO')!.regions.map((r) => r.id),
      );
      const context = topo.objects['context'];
      assert.equal(context?.type, 'GeometryCollection');
      assert.ok(context.type === 'GeometryCollection' && context.geometries.length > 0);
    });

    it(`world-${level} ids are unique and all in the catalogue`, () => {
      const ids = regionIds(readTopology('world', level));
      assert.equal(new Set(ids).size, ids.length, 'duplicate ids');
      const known = new Set(catalogue.scope('world')!.regions.map((r) => r.id));
      assert.deepEqual(
        ids.filter((id) => !known.has(id)),
        [],
      );
      assert.ok(ids.includes('US') && ids.includes('XK'));
    });
  }

  // where the renderer draws a region whose outline a level lacks or draws too small to see
  for (const scope of ['world', 'RO']) {
    for (const level of LEVELS) {
      it(`${scope}-${level} has a point per catalogue region, named, inside its most detailed outline`, () => {
        const topo = readTopology(scope, level);
        const points = pointsOf(topo);
        const regions = catalogue.scope(scope)!.regions;
        assert.deepEqual(
          [...points.keys()].sort(),
          regions.map((r) => r.id),
        );
        for (const r of regions) assert.equal(points.get(r.id)?.name, r.name, r.id);
        // reefs and the Vatican are narrower than a quantization step: there the point is only near them
        const [qx, qy] = topo.transform!.scale;
        const high = readTopology(scope, 'high');
        for (const f of (feature(high, high.objects['regions']!) as GeoJSON.FeatureCollection).features) {
          const polygons =
            f.geometry.type === 'Polygon'
              ? [f.geometry.coordinates]
              : f.geometry.type === 'MultiPolygon'
                ? f.geometry.coordinates
                : [];
          const [x, y] = points.get(String(f.id))!.at;
          const near = (ring: number[][]) =>
            ring.some(([px, py]) => Math.abs(px! - x) <= 2 * qx && Math.abs(py! - y) <= 2 * qy);
          const inside = polygons.some((p) => polygonContains(p[0] as Array<[number, number]>, [x, y]) || near(p[0]!));
          assert.ok(inside, `${String(f.id)} at ${x},${y}`);
        }
      });
    }
  }

  // d3 reads a polygon wound the other way as the whole sphere but itself: the map painted over in its colour
  // (world-high's Maldives did that). Every file of the build, every object, every polygon.
  it('no polygon of any scope, division or level covers more than half the sphere', () => {
    const dir = dirname(topologyPath('world', 'low'));
    const files = readdirSync(dir).filter((name) => /-(low|medium|high)\.json$/.test(name));
    assert.ok(files.length > 600, `${files.length} topology files`);
    const inverted: string[] = [];
    for (const name of files) {
      const topo = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Topology;
      for (const [objectName, object] of Object.entries(topo.objects)) {
        if (object.type !== 'GeometryCollection') continue;
        for (const geometry of object.geometries) {
          const polygons =
            geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : [];
          polygons.forEach((arcs, i) => {
            if (geoArea(feature(topo, { type: 'Polygon', arcs })) > 2 * Math.PI)
              inverted.push(`${name} ${objectName} ${String(geometry.id ?? '')} polygon ${i}`);
          });
        }
      }
    }
    assert.deepEqual(inverted, []);
  });

  it('world-low has no outline for Singapore but knows where it is', () => {
    const topo = readTopology('world', 'low');
    assert.ok(!regionIds(topo).includes('SG'));
    const [lon, lat] = pointsOf(topo).get('SG')!.at;
    assert.ok(Math.abs(lon - 103.8) < 0.3 && Math.abs(lat - 1.35) < 0.3, `${lon},${lat}`);
  });
});
