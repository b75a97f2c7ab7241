// SCOPES_DIR: an operator's own boundaries, each `<name>.json` (GeoJSON or TopoJSON) a scope `<name>` from
// start-up, with an optional `<name>.scope.json` manifest (DECISIONS §8). Each file is checked as a request's
// `geometry` is, and written as the build writes its topologies into a folder of their own, which pages and
// threads read like the built ones. Any problem stops start-up with a message naming the file.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScopeCatalogue } from '../topology/catalogue.ts';
import { LEVELS } from '../topology/scopes.ts';
import { ApiError } from './errors.ts';
import { customScope } from './request/custom-geometry.ts';
import { PositionBudget } from './request/coordinates.ts';
import { PROJECTIONS } from '../shared/lists.ts';

export interface OperatorScopes {
  scopes: ScopeCatalogue[];
  /** where their topology files are written */
  topologyDir: string;
  /** changes when any of the files does; part of the renderer's version, so of every ETag */
  version: string;
}

const NAME = /^[A-Za-z][A-Za-z0-9-]{0,40}$/;
const MANIFEST_KEYS = ['idProperty', 'nameProperty', 'projection', 'title', 'attribution'] as const;
type Manifest = Partial<Record<(typeof MANIFEST_KEYS)[number], string>>;

function readManifest(file: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('must be a JSON object');
  const manifest: Manifest = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!(MANIFEST_KEYS as readonly string[]).includes(key))
      throw new Error(`has "${key}", which is none of ${MANIFEST_KEYS.join(', ')}`);
    if (typeof value !== 'string') throw new Error(`"${key}" must be text`);
    manifest[key as keyof Manifest] = value;
  }
  if (manifest.projection && !(PROJECTIONS as readonly string[]).includes(manifest.projection)) {
    throw new Error(`"projection" must be one of ${PROJECTIONS.join(', ')}`);
  }
  return manifest;
}

/** Every scope of `dir` (loadCatalogue refuses one that would replace a built-in scope). */
export function loadOperatorScopes(dir: string): OperatorScopes {
  const out = mkdtempSync(path.join(tmpdir(), 'map-scopes-'));
  const hash = createHash('sha1');
  const scopes: ScopeCatalogue[] = [];
  const present = new Set(readdirSync(dir));
  const files = [...present].filter((f) => f.endsWith('.json') && !f.endsWith('.scope.json')).sort();
  for (const file of files) {
    const name = file.slice(0, -'.json'.length);
    const fail = (what: string): never => {
      throw new Error(`SCOPES_DIR ${path.join(dir, file)}: ${what}`);
    };
    if (!NAME.test(name))
      fail('the name must be a letter, then letters, digits or - (at most 41), as it becomes the scope id');
    if (name.toLowerCase() === 'custom')
      fail('scope custom is the one a POST brings its own geometry to; name the file otherwise');
    const manifestFile = path.join(dir, `${name}.scope.json`);
    let manifest: Manifest = {};
    if (present.has(`${name}.scope.json`)) {
      try {
        manifest = readManifest(manifestFile);
      } catch (error) {
        throw new Error(`SCOPES_DIR ${manifestFile}: ${(error as Error).message}`);
      }
    }
    let geometry: unknown;
    try {
      geometry = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      fail(`not valid JSON (${(error as Error).message})`);
    }
    let custom;
    try {
      custom = customScope(
        geometry,
        { idProperty: manifest.idProperty ?? null, nameProperty: manifest.nameProperty ?? null },
        // the operator's own boundaries are as detailed as the operator chose
        new PositionBudget(Infinity),
      );
    } catch (error) {
      if (error instanceof ApiError) fail(error.message);
      throw error;
    }
    // one detail for every level: the operator's file is what it is
    const text = custom.geometry.topology;
    for (const level of LEVELS) writeFileSync(path.join(out, `${name}-${level}.json`), text);
    hash.update(name).update(text);
    scopes.push({
      ...custom.scope,
      id: name,
      name: manifest.title ?? name,
      defaultProjection: (manifest.projection as ScopeCatalogue['defaultProjection'] | undefined) ?? 'conicConformal',
      sources: manifest.attribution ?? '',
      boundaries: { source: `${file} in the operator's SCOPES_DIR`, licence: 'as its operator states' },
    });
  }
  return { scopes, topologyDir: out, version: hash.digest('hex').slice(0, 16) };
}
