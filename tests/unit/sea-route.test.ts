// Sea routes through the maritime network (topology/build/sea-network.json), in plain Node: the renderer's
// path finding checked against real geography (Natural Earth land at 50m, from world-atlas).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoBounds, geoContains, geoDistance, geoInterpolate, geoNaturalEarth1, geoPath } from 'd3';
import type { Feature, FeatureCollection, Polygon, MultiPolygon } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { decodeSeaNetwork } from '../../renderer-page/sea-routing/sea-network.ts';
import { pathLengthKm, seaPath } from '../../renderer-page/sea-routing/sea-route.ts';
import type { LonLat } from '../../renderer-page/spec.ts';

const networkFile = new URL('../../topology/build/sea-network.json', import.meta.url);
assert.ok(existsSync(networkFile), 'topology/build/sea-network.json is missing: run `node server/prepare.mjs`');
const network = decodeSeaNetwork(JSON.parse(readFileSync(networkFile, 'utf8')));

const EARTH_KM = 6371;
const km = (a: LonLat, b: LonLat) => geoDistance(a, b) * EARTH_KM;

// [lon, lat]
const SHANGHAI: LonLat = [121.47, 31.23];
const ROTTERDAM: LonLat = [4.48, 51.92];
const NEW_YORK: LonLat = [-74, 40.7];
const LOS_ANGELES: LonLat = [-118.3, 33.7];
const TOKYO: LonLat = [139.77, 35.62];
const SAN_FRANCISCO: LonLat = [-122.42, 37.8];

// Land, as polygons with their bounds so that only the few that can contain a point are tested.
const landTopology = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-50m.json'), 'utf8'),
) as Topology;
const land = feature(landTopology, landTopology.objects.land) as unknown as FeatureCollection<Polygon | MultiPolygon>;
const landParts = land.features
  .flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates))
  .map((coordinates) => {
    const polygon: Feature<Polygon> = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } };
    return { polygon, bounds: geoBounds(polygon) };
  });
function onLand(p: LonLat): boolean {
  return landParts.some(({ polygon, bounds: [[x0, y0], [x1, y1]] }) => {
    if (p[1] < y0 || p[1] > y1) return false;
    if (x0 <= x1 ? p[0] < x0 || p[0] > x1 : p[0] < x0 && p[0] > x1) return false;
    return geoContains(polygon, p);
  });
}

/** The canals, which Natural Earth draws as land: Suez with its gulf, Panama. [[west, south], [east, north]] */
const CANALS: [LonLat, LonLat][] = [
  [
    [32, 27.5],
    [34, 31.5],
  ],
  [
    [-80.1, 8.7],
    [-79.4, 9.5],
  ],
];
const inCanal = (p: LonLat) =>
  CANALS.some(([[x0, y0], [x1, y1]]) => p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1);
/** Ports lie up rivers and estuaries the 50m coastline does not show: the last stretch to each end is not judged. */
const PORT_KM = 60;

/** Points every 10 km or less along the network part of a path: from its 2nd point (where the start is
 *  snapped onto the network) to its second-to-last (where the end is). */
function networkSamples(path: LonLat[]): LonLat[] {
  const samples: LonLat[] = [];
  for (let i = 1; i < path.length - 2; i++) {
    const steps = Math.max(1, Math.ceil(km(path[i], path[i + 1]) / 10));
    const along = geoInterpolate(path[i], path[i + 1]);
    for (let k = 0; k < steps; k++) samples.push(along(k / steps) as LonLat);
  }
  samples.push(path[path.length - 2]);
  return samples;
}

/** What of the path's network part is on land, away from the ports and canals. */
function landReport(path: LonLat[]) {
  const [start, end] = [path[0], path[path.length - 1]];
  const judged = (p: LonLat) => !inCanal(p) && km(p, start) > PORT_KM && km(p, end) > PORT_KM;
  const samples = networkSamples(path).filter(judged);
  let longestRun = 0;
  let run = 0;
  let count = 0;
  for (const p of samples) {
    if (onLand(p)) {
      count++;
      longestRun = Math.max(longestRun, ++run);
    } else run = 0;
  }
  const vertices = path.slice(1, -1).filter((p) => judged(p) && onLand(p));
  return { samples: samples.length, onLand: count, longestRun, vertices };
}

/** The route stays at sea: no network vertex on land, and its lines at most clip a cape or a small island
 *  (the network joins its waypoints with straight lines: one of them crosses Socotra, ~90 km), never a land mass. */
function assertAtSea(name: string, path: LonLat[]) {
  const report = landReport(path);
  assert.deepEqual(report.vertices, [], `${name}: network vertices on land`);
  assert.ok(report.longestRun <= 10, `${name}: ${report.longestRun} consecutive samples (10 km apart) on land`);
  assert.ok(report.onLand <= report.samples / 100, `${name}: ${report.onLand} of ${report.samples} samples on land`);
}

const passesNear = (path: LonLat[], place: LonLat, withinKm: number) =>
  networkSamples(path).some((p) => km(p, place) <= withinKm);

test('the land check catches a route over land, and one that cuts a corner', () => {
  assert.throws(() => assertAtSea('overland', [SHANGHAI, [110, 34], [60, 45], [20, 50], ROTTERDAM]), /on land/);
  // Genoa to Venice "by sea" straight across northern Italy
  assert.throws(
    () =>
      assertAtSea('corner', [
        [8.9, 44.2],
        [8.9, 44.3],
        [12.4, 45.3],
        [12.4, 45.4],
      ]),
    /on land/,
  );
});

test('Shanghai to Rotterdam goes through Malacca and Suez, not round the Cape', () => {
  const path = seaPath(network, SHANGHAI, ROTTERDAM);
  assert.deepEqual(path[0], SHANGHAI, 'starts exactly at the given point');
  assert.deepEqual(path[path.length - 1], ROTTERDAM, 'ends exactly at the given point');
  assert.ok(passesNear(path, [101.3, 2.5], 150), 'through the Strait of Malacca');
  assert.ok(passesNear(path, [32.35, 30.5], 50), 'through the Suez Canal');
  assert.ok(passesNear(path, [-5.6, 35.95], 50), 'through the Strait of Gibraltar');
  assert.ok(
    path.every(([, lat]) => lat > -12),
    'nowhere near the Cape of Good Hope',
  );
  const length = pathLengthKm(path);
  assert.ok(
    length > 18_000 && length < 21_000,
    `${length.toFixed(0)} km (Suez route ≈ 19,500 km; round the Cape ≈ 25,000)`,
  );
  assertAtSea('Shanghai-Rotterdam', path);
});

test('New York to Los Angeles goes through the Panama Canal', () => {
  const path = seaPath(network, NEW_YORK, LOS_ANGELES);
  assert.ok(passesNear(path, [-79.7, 9.1], 50), 'through the Panama Canal');
  assert.ok(
    path.every(([, lat]) => lat > 0),
    'not round Cape Horn',
  );
  const length = pathLengthKm(path);
  assert.ok(length > 8_000 && length < 10_500, `${length.toFixed(0)} km (≈ 9,300 km by Panama)`);
  assertAtSea('New York-Los Angeles', path);
});

test('Tokyo to San Francisco crosses the Pacific and the antimeridian without streaking across the map', () => {
  const path = seaPath(network, TOKYO, SAN_FRANCISCO);
  const length = pathLengthKm(path);
  assert.ok(length > 8_000 && length < 9_500, `${length.toFixed(0)} km (great circle ≈ 8,270 km)`);
  assert.ok(path.some(([lon]) => lon > 170) && path.some(([lon]) => lon < -170), 'crosses the antimeridian');
  for (let i = 1; i < path.length; i++)
    assert.ok(km(path[i - 1], path[i]) < 2_000, `hop ${i} is a real edge, not a wrap-around`);
  assertAtSea('Tokyo-San Francisco', path);

  // drawn by d3-geo as the renderer does: cut at the antimeridian into pieces, none spanning the map
  const width = 1000;
  const draw = geoPath(geoNaturalEarth1().fitWidth(width, { type: 'Sphere' })).digits(1);
  for (const coordinates of [path, [TOKYO, SAN_FRANCISCO]]) {
    const d = draw({ type: 'LineString', coordinates }) ?? '';
    const pieces = d
      .split('M')
      .filter(Boolean)
      .map((piece) => piece.split('L').map((p) => p.split(',').map(Number)));
    assert.ok(pieces.length >= 2, 'cut into two pieces at the antimeridian');
    for (const piece of pieces) {
      for (let i = 1; i < piece.length; i++) {
        assert.ok(
          Math.abs(piece[i][0] - piece[i - 1][0]) < width / 2,
          `no segment spans half the map: ${piece[i - 1]} → ${piece[i]}`,
        );
      }
    }
  }
});

test('ends inland are snapped to the nearest water; a closed sea keeps its own routes', () => {
  const berlin: LonLat = [13.4, 52.52];
  const path = seaPath(network, berlin, ROTTERDAM);
  assert.deepEqual(path[0], berlin);
  assert.ok(!onLand(path[1]) || km(path[1], berlin) < 300, 'the first network point is the water nearest Berlin');
  // Baku and Aktau are both on the Caspian, which no sea lane leaves
  const caspian = seaPath(network, [49.87, 40.37], [51.17, 43.65]);
  assert.ok(
    caspian.every(([lon, lat]) => lon > 46 && lon < 55 && lat > 36 && lat < 48),
    'stays on the Caspian',
  );
  // from the Caspian to the North Sea both ends snap into the main network
  const across = seaPath(network, [49.87, 40.37], ROTTERDAM);
  assert.ok(across.length > 10 && pathLengthKm(across) < 12_000, 'a route through the Black Sea and the Mediterranean');
});

test('path finding is deterministic and leaves the network as it was', () => {
  const nodes = network.graph.getNodesCount();
  const links = network.graph.getLinksCount();
  const first = seaPath(network, SHANGHAI, ROTTERDAM);
  assert.deepEqual(seaPath(network, SHANGHAI, ROTTERDAM), first);
  assert.equal(network.graph.getNodesCount(), nodes);
  assert.equal(network.graph.getLinksCount(), links);
  // the same way back
  const back = seaPath(network, ROTTERDAM, SHANGHAI);
  assert.ok(Math.abs(pathLengthKm(back) - pathLengthKm(first)) < 1, 'the same length both ways');
  // two points on one edge (a lane across the Atlantic): straight along it, through no node
  const along = geoInterpolate([-33.82, 40.88], [-42.44, 41.04]);
  const [a, b] = [along(0.3) as LonLat, along(0.6) as LonLat];
  const direct = seaPath(network, a, b);
  assert.equal(direct.length, 2);
  assert.ok(Math.abs(pathLengthKm(direct) - km(a, b)) < 0.5);
});

test('the network file is compact and covers the seas', () => {
  const text = readFileSync(networkFile, 'utf8');
  assert.ok(text.length < 300_000, `${text.length} bytes`);
  const file = JSON.parse(text) as { lonLat: number[]; edges: number[]; component: number[] };
  assert.equal(file.lonLat.length / 2, file.component.length);
  assert.ok(
    file.lonLat.every((v) => Math.round(v * 100) / 100 === v),
    'coordinates rounded to 0.01°',
  );
  assert.ok(
    file.lonLat.every((v, i) => (i % 2 ? Math.abs(v) <= 90 : v > -180 && v <= 180)),
    '-180 folded onto 180',
  );
  const main = file.component.filter((c) => c === 0).length;
  assert.ok(main / file.component.length > 0.9, `the main component holds ${main} of ${file.component.length} nodes`);
  const keys = new Set<string>();
  for (let j = 0; j < file.edges.length; j += 3) {
    const [a, b, length] = file.edges.slice(j, j + 3);
    assert.ok(a < b, 'edges stored once, smaller node first');
    keys.add(`${a},${b}`);
    const gc = km([file.lonLat[2 * a], file.lonLat[2 * a + 1]], [file.lonLat[2 * b], file.lonLat[2 * b + 1]]);
    assert.ok(Math.abs(gc - length) < 0.1, 'length is the great-circle distance in km');
  }
  assert.equal(keys.size, file.edges.length / 3, 'no duplicate edges');
});
