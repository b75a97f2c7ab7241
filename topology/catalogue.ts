// Run-time lookup over the built catalogue.json: scope definitions joined with their region
// lists, plus one alias map per scope so every request resolves ids in O(1).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCOPES, type Level, type ScopeDefinition } from './scopes.js';

export interface RegionEntry {
  id: string;
  name: string;
  aliases: string[];
}

export interface ScopeCatalogue extends ScopeDefinition {
  regions: RegionEntry[];
}

export interface Catalogue {
  scopes: ScopeCatalogue[];
  /** case-insensitive ('ro' → RO scope); undefined when unknown */
  scope(name: string): ScopeCatalogue | undefined;
  /** canonical id for any accepted spelling, or undefined. Case-insensitive; names also
   * diacritics-insensitive (NFD, strip marks; treat ş/ș and ţ/ț alike); world numeric codes
   * with or without leading zeros ("4", "004"). */
  resolveId(scope: ScopeCatalogue['id'], raw: string): string | undefined;
}

/** Shape of catalogue.json as written by build.ts. */
export interface CatalogueFile {
  scopes: Record<string, { regions: RegionEntry[] }>;
}

export const DEFAULT_BUILD_DIR = fileURLToPath(new URL('./build/', import.meta.url));

/**
 * Lookup key for an alias. NFD + dropping combining diacritics folds both the cedilla (ş ţ, legacy
 * encodings) and the comma-below (ș ț, correct Romanian) forms onto plain s/t, and â/ă/î onto
 * a/i, so users may type names with, without, or with the "wrong" diacritics. Only the
 * diacritics block (U+0300–U+036F, what Latin, Greek and Cyrillic letters carry) is dropped:
 * other scripts' marks are part of the spelling (Devanagari vowel signs tell टोगो Togo from टोंगा
 * Tonga; the kana voicing mark tells ド from ト).
 */
export function normaliseKey(raw: string): string {
  return raw.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** World numeric codes are stored as 3 digits; accept "4" and "004" alike. */
export function aliasKey(scopeId: ScopeDefinition['id'], raw: string): string {
  const key = normaliseKey(raw);
  return scopeId === 'world' && /^\d{1,3}$/.test(key) ? key.padStart(3, '0') : key;
}

function canonicalScope(name: string): ScopeDefinition | undefined {
  const wanted = name.trim().toLowerCase();
  return SCOPES.find((s) => s.id.toLowerCase() === wanted);
}

export function topologyPath(scope: string, level: Level, dir: string = DEFAULT_BUILD_DIR): string {
  const def = canonicalScope(scope);
  if (!def) throw new Error(`unknown scope "${scope}"`);
  return path.join(dir, `${def.id}-${level}.json`);
}

export function loadCatalogue(dir: string = DEFAULT_BUILD_DIR): Catalogue {
  const file = path.join(dir, 'catalogue.json');
  let parsed: CatalogueFile;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as CatalogueFile;
  } catch (err) {
    throw new Error(
      `cannot read topology catalogue ${file} (run \`node --import tsx topology/build.ts\`): ${(err as Error).message}`,
    );
  }

  const scopes: ScopeCatalogue[] = SCOPES.map((def) => {
    const built = parsed.scopes[def.id];
    if (!built) throw new Error(`topology catalogue ${file} has no scope "${def.id}"; rebuild it`);
    return { ...def, regions: built.regions };
  });

  // The build already rejects ambiguous aliases; still, never let an alias shadow a canonical
  // id, so ids are indexed before any alias.
  const lookups = new Map<ScopeDefinition['id'], Map<string, string>>();
  for (const sc of scopes) {
    const map = new Map<string, string>();
    for (const r of sc.regions) map.set(aliasKey(sc.id, r.id), r.id);
    for (const r of sc.regions) {
      for (const alias of [r.name, ...r.aliases]) {
        const key = aliasKey(sc.id, alias);
        if (!map.has(key)) map.set(key, r.id);
      }
    }
    lookups.set(sc.id, map);
  }

  return {
    scopes,
    scope(name) {
      const def = canonicalScope(name);
      return def && scopes.find((s) => s.id === def.id);
    },
    resolveId(scope, raw) {
      const def = canonicalScope(scope);
      if (!def || typeof raw !== 'string') return undefined;
      return lookups.get(def.id)?.get(aliasKey(def.id, raw));
    },
  };
}
