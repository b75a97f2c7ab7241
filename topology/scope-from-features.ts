// The one path from a source's features to a scope's regions, which every source of scope-sources.ts takes: the
// drafts (ids, names and spellings each source reads its own way) become catalogue entries, with the statistics
// offices' codes (statistical-codes.ts) and every lookup key leading to one id (aliases.ts); the source's
// geometries are merged per id under those names; and what is written is checked to hold the ids and no other.
// How the regions are then drawn at each level is the source's (scope-levels.ts for a detailed source simplified
// to budgets; the world's own generalisations, Romania's share of vertices).

import type { GeometryCollection, Topology } from 'topojson-specification';
import { regionAnchors } from './anchors.js';
import { finaliseRegions, type RegionDraft } from './aliases.js';
import type { RegionEntry } from './catalogue.js';
import { withStatisticalCodes } from './statistical-codes.js';
import { mergeById, objectIds, toFeatures, type Areal } from './topo-tools.js';

export interface ScopeRegions {
  /** the catalogue's entries, sorted as the drafts were */
  regions: RegionEntry[];
  /** one geometry per region of `geometries` of `topology`, its id `idOf`'s and its name the entry's */
  merged(topology: Topology, geometries: Areal[], idOf: (g: Areal) => string): GeometryCollection<{ name: string }>;
}

/**
 * The regions of `scope` (`world`, `RO`, `US`: the scope whose lookup keys they are) from their drafts; with the
 * statistical codes of `codes` (`FR.regions` for France's regions, which are looked up in the `FR` scope), or
 * none where no office codes them.
 */
export function scopeRegions(scope: string, drafts: RegionDraft[], codes: string | null): ScopeRegions {
  const regions = finaliseRegions(scope, codes ? withStatisticalCodes(codes, drafts) : drafts);
  const names = new Map(regions.map((r) => [r.id, r.name]));
  return {
    regions,
    merged: (topology, geometries, idOf) => mergeById(topology, geometries, idOf, (id) => names.get(id)!),
  };
}

/** One anchor point per region of `collection`, found on the detailed `topology` it is drawn from (anchors.ts). */
export const anchorsOf = (topology: Topology, collection: GeometryCollection<{ name: string }>) =>
  regionAnchors(toFeatures(topology, collection));

/** Fails loudly unless the written `topo`'s region ids are unique and among `regions`'; with `exact`, all of them. */
export function checkIds(label: string, topo: Topology, regions: RegionEntry[], exact: boolean): void {
  const ids = objectIds(topo, 'regions');
  const known = new Set(regions.map((r) => r.id));
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  const unknown = ids.filter((id) => !known.has(id));
  const missing = exact ? [...known].filter((id) => !ids.includes(id)) : [];
  if (dupes.length || unknown.length || missing.length) {
    throw new Error(`${label}: duplicate [${dupes}] unknown [${unknown}] missing [${missing}] ids`);
  }
}
