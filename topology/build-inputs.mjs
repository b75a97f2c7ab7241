// Whether topology/build/ was made from the inputs there are now, told by their content: the build's own files
// (its modules, the code lists of codes/, the name lists of name-lists/) and the name and version of every
// package its modules import or read files from, with the packages those depend on. The build writes the hash of
// what it was made from beside its output (RECORD); server/prepare.mjs and make-scopes.ts both ask
// `topologyUpToDate`, the one place the decision is made. Dates are not asked: a checkout, a copy or an install
// gives every file a new one, and a data file edited in place may keep an old one.
// Plain Node, so that prepare.mjs can ask it before any TypeScript loader is there, and a start with nothing to
// build spends only the few milliseconds of reading some hundred KB.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the build records the hash of its inputs, beside the files it wrote. */
const RECORD = 'build/.inputs-sha256';

/** The files of `dir` and below, as paths relative to `top`, sorted; the build's output left out. */
function filesUnder(dir, top) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return file === path.join(top, 'build') ? [] : filesUnder(file, top);
      return [path.relative(top, file)];
    })
    .sort();
}

/** The packages the build's modules name: in imports (`from 'topojson-client'`) and in the files they resolve
 *  (`require.resolve('world-atlas/countries-50m.json')`). */
function packagesNamed(source) {
  const names = new Set();
  for (const [, specifier] of source.matchAll(/(?:from\s+|import\(\s*|require(?:\.resolve)?\(\s*)['"`]([^'"`$]+)/g)) {
    if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return names;
}

/** `name@version` of `name` as installed for `from` (in node_modules up the tree, as Node finds it) and of all
 *  it depends on, into `found` by manifest; `name@-` for one not installed (a types-only name such as `geojson`). */
function installed(name, from, found) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      if (found.has(manifest)) return;
      const { version, dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
      found.set(manifest, `${name}@${version}`);
      for (const dependency of Object.keys(dependencies)) installed(dependency, path.dirname(manifest), found);
      return;
    }
    if (path.dirname(dir) === dir) {
      found.set(name, `${name}@-`);
      return;
    }
  }
}

/** The build's inputs under `topologyDir` (`topology/`): its files, relative to it and sorted, and the packages
 *  installed for it, `name@version` sorted. */
export function topologyInputs(topologyDir) {
  const files = filesUnder(topologyDir, topologyDir);
  const named = new Set();
  for (const file of files.filter((f) => /\.(ts|mjs)$/.test(f))) {
    for (const name of packagesNamed(readFileSync(path.join(topologyDir, file), 'utf8'))) named.add(name);
  }
  const found = new Map();
  for (const name of named) installed(name, topologyDir, found);
  return { files, packages: [...new Set(found.values())].sort() };
}

/** The SHA-256 of the build's inputs under `topologyDir`: each file's path and bytes, and the packages. */
export function topologyInputsHash(topologyDir) {
  const { files, packages } = topologyInputs(topologyDir);
  const hash = createHash('sha256');
  for (const file of files) {
    const bytes = readFileSync(path.join(topologyDir, file));
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.update(packages.join('\n')).digest('hex');
}

/** Whether `topologyDir`'s build is complete and was made from the inputs there are now. */
export function topologyUpToDate(topologyDir) {
  const record = path.join(topologyDir, RECORD);
  return (
    existsSync(path.join(topologyDir, 'build/catalogue.json')) &&
    existsSync(record) &&
    readFileSync(record, 'utf8').trim() === topologyInputsHash(topologyDir)
  );
}

/** Records that `topologyDir`'s build was made from `hash`, once the build is complete. */
export function recordTopologyInputs(topologyDir, hash) {
  writeFileSync(path.join(topologyDir, RECORD), `${hash}\n`);
}
