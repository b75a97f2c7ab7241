// The world scope from Natural Earth's admin-0 countries (npm world-atlas), whose own generalisations, 1:110m,
// 1:50m and 1:10m, serve as its three levels; drawn as each worldview files the countries (worldview-lines.ts).
// Its countries, at each level, are also the members and the surroundings of the group scopes.

import { createRequire } from 'node:module';
import type { Feature } from 'geojson';
import type { Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import { kb, type BuildOutput } from './build-output.js';
import type { RegionEntry } from './catalogue.js';
import { lakesAt, scopeLakes } from './lakes.js';
import { anchorsOf, checkIds, scopeRegions } from './scope-from-features.js';
import { pixelArea } from './scope-levels.js';
import { LEVELS, type Level, type Worldview } from './scopes.js';
import { landUnit, type LandUnit } from './surroundings.js';
import { arealGeometries, assemble, readJson, toFeatures, vertexCount, type Areal } from './topo-tools.js';
import { worldDrafts, worldId } from './world-regions.js';
import { worldviewCountries } from './worldview-lines.js';

const require = createRequire(import.meta.url);

/** Natural Earth's generalisation each level is, and its quantization (per output bbox axis). */
const WORLD_LEVELS: Record<Level, { res: string; quantization: number }> = {
  low: { res: '110m', quantization: 1e4 },
  medium: { res: '50m', quantization: 3e4 },
  high: { res: '10m', quantization: 1e5 },
};

export const WORLD_FILES = LEVELS.map((l) => require.resolve(`world-atlas/countries-${WORLD_LEVELS[l].res}.json`));

type WorldCountries = Record<Level, LandUnit[]>;

export interface WorldBuild {
  regions: RegionEntry[];
  /** per worldview: the countries of each level, for the neighbours around a scope and the members of a group,
   *  and every country's anchor point */
  views: Record<Worldview, { countries: WorldCountries; points: GeoJSON.FeatureCollection<GeoJSON.Point> }>;
}

/** Builds the world scope, writing `world-*.json` as the default worldview draws it and its variants. */
export function buildWorld(output: BuildOutput): WorldBuild {
  const topos = Object.fromEntries(LEVELS.map((l, i) => [l, readJson<Topology>(WORLD_FILES[i]!)])) as Record<
    Level,
    Topology
  >;
  const geoms = Object.fromEntries(LEVELS.map((l) => [l, arealGeometries(topos[l], 'countries')])) as Record<
    Level,
    Areal[]
  >;

  // Catalogue first (union over levels), so every level labels regions with the same names.
  const neNames = new Map<string, Set<string>>();
  for (const l of LEVELS) {
    for (const g of geoms[l]) {
      const id = worldId(g);
      neNames.set(id, (neNames.get(id) ?? new Set()).add(g.properties?.name ?? id));
    }
  }
  const world = scopeRegions('world', worldDrafts(neNames), 'world');
  const { regions } = world;
  const view = (worldview: Worldview): WorldBuild['views'][Worldview] => {
    const collections = Object.fromEntries(
      LEVELS.map((l) => [l, world.merged(topos[l], worldviewCountries(topos[l], geoms[l], worldview), worldId)]),
    ) as Record<Level, ReturnType<typeof world.merged>>;
    const points = anchorsOf(topos.high, collections.high);
    const countries: Partial<WorldCountries> = {};
    for (const l of LEVELS) {
      const { quantization } = WORLD_LEVELS[l];
      const collection = collections[l];
      const merged = geoms[l].length - collection.geometries.length;
      const outlines = toFeatures(topos[l], collection);
      const { lakes } = lakesAt(
        scopeLakes(outlines, () => true),
        pixelArea(l, 360),
      );
      const out = assemble({ regions: outlines, lakes, points }, quantization);
      checkIds(`world-${l}`, out, regions, false);
      countries[l] = (feature(out, out.objects.regions!) as GeoJSON.FeatureCollection).features.map((f) =>
        landUnit(String(f.id), f as Feature),
      );
      const size = (worldview === 'un' ? output.topology : output.variant(worldview))(`world-${l}.json`, out);
      console.log(
        `  world-${l} (${worldview}): ${collection.geometries.length} regions (${merged} features merged), ` +
          `${vertexCount(topos[l])} → ${vertexCount(out)} vertices, q ${quantization}, ${kb(size)}`,
      );
    }
    return { countries: countries as WorldCountries, points };
  };
  return { regions, views: { un: view('un'), 'de-facto': view('de-facto') } };
}
