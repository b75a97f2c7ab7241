// Outlines kept compact (renderer-page/geometry/outline.ts) stream what d3 streams of the GeoJSON they were decoded
// from, call for call and number for number, so the maps drawn from them are the same to the byte. The goldens
// check some maps; this checks every region and every piece of context land of the largest files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { geoStream, type GeoStream } from 'd3';
import type { Feature } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { outlineFeature, streamOutline } from '../../renderer-page/geometry/outline.ts';
import { readScopeGeometry } from '../../renderer-page/geometry/scope-geometry.ts';
import { topologyPath } from '../../topology/catalogue.ts';

/** Every call a stream is given, in order: a name for each, and a point's coordinates after its name. */
function recorder(): { stream: GeoStream; calls: Array<string | number> } {
  const calls: Array<string | number> = [];
  const stream: GeoStream = {
    point: (x, y) => void calls.push('point', x, y),
    lineStart: () => void calls.push('lineStart'),
    lineEnd: () => void calls.push('lineEnd'),
    polygonStart: () => void calls.push('polygonStart'),
    polygonEnd: () => void calls.push('polygonEnd'),
  };
  return { stream, calls };
}

for (const [scope, level] of [
  ['world', 'high'],
  ['US.counties', 'medium'],
  ['FR', 'medium'],
  ['DE', 'high'],
] as const) {
  test(`${scope} at ${level} detail: each outline streams and reads back as its GeoJSON`, async () => {
    const topology = JSON.parse(readFileSync(topologyPath(scope, level), 'utf8')) as Topology;
    const geoJson = (name: string) =>
      ((topology.objects[name] as GeometryCollection | undefined)?.geometries ?? []).map(
        (object) => feature(topology, object) as Feature,
      );
    const geometry = await readScopeGeometry(
      { scope, division: null, geometry: null, level, worldview: 'un' },
      async () => topology,
    );
    const regions = geoJson('regions');
    const context = geoJson('context');
    assert.deepEqual(
      geometry.regions.map((r) => r.id),
      regions.map((f) => String(f.id)),
    );
    assert.equal(geometry.context.length, context.length);
    const outlines = [...geometry.regions.map((r) => r.outline), ...geometry.context];
    [...regions, ...context].forEach((original, i) => {
      const ours = recorder();
      const d3s = recorder();
      streamOutline(outlines[i], ours.stream);
      geoStream(original, d3s.stream);
      assert.deepEqual(ours.calls, d3s.calls, `outline ${i} (${original.id ?? 'context'}) streams as d3 streams it`);
      const { geometry: read } = outlineFeature(outlines[i]);
      const polygons = original.geometry.type === 'Polygon' ? [original.geometry.coordinates] : null;
      assert.deepEqual(read.coordinates, polygons ?? (original.geometry as GeoJSON.MultiPolygon).coordinates);
    });
  });
}
