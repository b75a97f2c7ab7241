// Run-time lookup over the built catalogue.json: scope definitions joined with their region lists, and one
// alias map per scope, made the first time the scope is asked for, so every request resolves ids in O(1).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Level, ScopeDefinition } from './scopes.js';

export interface RegionEntry {
  id: string;
  name: string;
  aliases: string[];
  /** the world's and the groups' units that Natural Earth draws apart from the country ISO 3166 counts them in
   *  (Somaliland: `SO`): they take its value unless the data gives them their own */
  partOf?: string;
  /** a coarse unit of a scope's division (France's régions): the ids of the scope's regions it is made of */
  parts?: string[];
}

/** A second official level of a scope, drawn when the request's ids are its ids: France's régions over the
 *  départements, the US counties under the states. */
export interface DivisionCatalogue {
  /** as in the spec (`division`) and the file names (`FR.regions-medium.json`) */
  id: string;
  regionKind: string;
  /** the credit line of maps of this division */
  sources: string;
  boundaries: ScopeDefinition['boundaries'];
  regions: RegionEntry[];
}

export interface ScopeCatalogue extends ScopeDefinition {
  regions: RegionEntry[];
  divisions: DivisionCatalogue[];
}

export interface Catalogue {
  /** the built catalogue's (catalogue.json's), which an operator's scopes leave as it is */
  version: string;
  scopes: ScopeCatalogue[];
  /** case-insensitive ('ro' → RO scope); undefined when unknown */
  scope(name: string): ScopeCatalogue | undefined;
  /** canonical id for any accepted spelling, or undefined. Case-insensitive; names also
   * diacritics-insensitive (NFD, strip marks; treat ş/ș and ţ/ț alike); world numeric codes
   * with or without leading zeros ("4", "004"); a cell of a statistical code and a name by its code
   * ("28 Madrid", docs/region-codes.md). */
  resolveId(scope: ScopeCatalogue['id'], raw: string): string | undefined;
  /** the same among the ids of one of the scope's divisions (null: its regions) */
  resolveIn(scope: ScopeCatalogue['id'], division: string | null, raw: string): string | undefined;
  /** the scopes closest to a name that is none: a country's name or code (`Germany` → DE), else the
   *  nearest ids and names by spelling */
  suggestScopes(raw: string): string[];
  /** the id whose spelling (id, name or alias) is closest to one the scope does not know, within a few
   *  edits (`Germny` → DE), or undefined; none for a number (a FIPS or UN M49 code) */
  suggestId(scope: ScopeCatalogue['id'], division: string | null, raw: string): string | undefined;
  names: NameCatalogue;
  /** the language of the names file (`names-de.json`) for a canonical BCP 47 tag (`de-AT` → `de`), or null when
   *  its regions are named in English (`en-US`, a language without names). Built scopes only: an operator's
   *  scopes (SCOPES_DIR) are named in English whatever the locale. */
  nameLanguage(locale: string): string | null;
}

/** The languages other than English that regions have names in (`names-de.json`), and where they come from. */
export interface NameCatalogue {
  /** primary language subtags (`de`, `zh`), sorted */
  languages: string[];
  sources: { source: string; licence: string }[];
}

/** Shape of catalogue.json as written by make-scopes.ts. */
export interface CatalogueFile {
  /** changes with any built file; part of the renderer's version, so of every ETag */
  version: string;
  scopes: ScopeCatalogue[];
  names: NameCatalogue;
}

export const DEFAULT_BUILD_DIR = fileURLToPath(new URL('./build/', import.meta.url));

const PLAIN_ASCII = /^[\x21-\x7e]*$/;
/** A leading code token, then the name, maybe after a dash or colon (`01 - Ain`). */
const CODE_AND_NAME = /^(\S+)\s+(?:[-–:]\s+)?(\S.*)$/;

/**
 * Lookup key for an alias. NFD + dropping combining diacritics folds both the cedilla (ş ţ, legacy
 * encodings) and the comma-below (ș ț, correct Romanian) forms onto plain s/t, and â/ă/î onto
 * a/i, so users may type names with, without, or with the "wrong" diacritics. Only the
 * diacritics block (U+0300–U+036F, what Latin, Greek and Cyrillic letters carry) is dropped:
 * other scripts' marks are part of the spelling (Devanagari vowel signs tell टोगो Togo from टोंगा
 * Tonga; the kana voicing mark tells ド from ト).
 */
export function normaliseKey(raw: string): string {
  // most ids are short ASCII without spaces (`US`, `06037`), which only the case changes: a look-up per region
  // of a large request must not pay for Unicode normalisation
  if (PLAIN_ASCII.test(raw)) return raw.toLowerCase();
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Numeric codes as spreadsheets write them, leading zeros lost: world numeric codes are stored as 3 digits
 *  ("4" is "004"), US state FIPS as 2 ("6" is "06") and county FIPS as 5 ("6037" is "06037"). */
export function aliasKey(scopeId: ScopeDefinition['id'], raw: string): string {
  const key = normaliseKey(raw);
  if (scopeId === 'world' && /^\d{1,3}$/.test(key)) return key.padStart(3, '0');
  if (scopeId === 'US' && /^\d$|^\d{4}$/.test(key)) return key.padStart(key.length + 1, '0');
  return key;
}

/** The built topology file of a scope (canonical id) at a level. */
export function topologyPath(scope: string, level: Level, dir: string = DEFAULT_BUILD_DIR): string {
  return path.join(dir, `${scope}-${level}.json`);
}

/** Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment), for
 *  suggesting the closest of a few names. */
export function editDistance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The built catalogue, and `extra` scopes (an operator's SCOPES_DIR) after its own. */
export function loadCatalogue(dir: string = DEFAULT_BUILD_DIR, extra: ScopeCatalogue[] = []): Catalogue {
  const file = path.join(dir, 'catalogue.json');
  let parsed: CatalogueFile;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as CatalogueFile;
  } catch (err) {
    throw new Error(
      `cannot read topology catalogue ${file} (run \`node --import tsx topology/make-scopes.ts\`): ${(err as Error).message}`,
    );
  }

  const scopes = [...parsed.scopes, ...extra];
  const byName = new Map(parsed.scopes.map((sc) => [sc.id.toLowerCase(), sc]));
  for (const sc of extra) {
    if (byName.has(sc.id.toLowerCase()))
      throw new Error(`${sc.boundaries.source}: scope "${sc.id}" is built in; name the file otherwise`);
    byName.set(sc.id.toLowerCase(), sc);
  }

  // The build already rejects ambiguous aliases; still, never let an alias shadow a canonical
  // id, so ids are indexed before any alias.
  const lookups = new Map<ScopeCatalogue, Map<string | null, Map<string, string>>>();
  function lookup(sc: ScopeCatalogue, division: string | null): Map<string, string> | undefined {
    let ofScope = lookups.get(sc);
    if (!ofScope) lookups.set(sc, (ofScope = new Map()));
    let map = ofScope.get(division);
    if (map) return map;
    const regions = division === null ? sc.regions : sc.divisions.find((d) => d.id === division)?.regions;
    if (!regions) return undefined;
    map = new Map<string, string>();
    for (const r of regions) map.set(aliasKey(sc.id, r.id), r.id);
    for (const r of regions) {
      for (const alias of [r.name, ...r.aliases]) {
        const aliasAt = aliasKey(sc.id, alias);
        if (!map.has(aliasAt)) map.set(aliasAt, r.id);
      }
    }
    ofScope.set(division, map);
    return map;
  }

  /**
   * A cell holding a code and a name, as statistics offices' tables write them (`28 Madrid`, `01 Ain`,
   * `DE1 Baden-Württemberg`, `ES30 - Comunidad de Madrid`), resolves by its code: where the code holds a digit or
   * the name means the same unit, and never where the name means another unit, here or on another level of the
   * scope (`01 Ain` is no région, though `01` is Guadeloupe's région code). A name without a letter is none
   * (`12 500` is a number), and two words that are not a code (`Rhône Alpes`) are not read as one.
   */
  function codeAndName(
    sc: ScopeCatalogue,
    division: string | null,
    map: Map<string, string>,
    raw: string,
  ): string | undefined {
    const parts = CODE_AND_NAME.exec(raw.trim());
    if (!parts || !/\p{L}/u.test(parts[2]!)) return undefined;
    const byCode = map.get(aliasKey(sc.id, parts[1]!));
    if (!byCode) return undefined;
    const nameKey = aliasKey(sc.id, parts[2]!);
    const byName = map.get(nameKey);
    if (byName !== undefined) return byName === byCode ? byCode : undefined;
    const elsewhere = [null, ...sc.divisions.map((d) => d.id)]
      .filter((level) => level !== division)
      .some((level) => lookup(sc, level)?.has(nameKey));
    return /\d/.test(parts[1]!) && !elsewhere ? byCode : undefined;
  }

  /** A name written with `&` for `and` (`Trinidad & Tobago`, `Antigua & Barbuda`, as the IMF's and the UN's
   *  tables write them), where no list of names has that spelling. */
  function ampersand(sc: ScopeCatalogue, map: Map<string, string>, raw: string): string | undefined {
    return raw.includes('&') ? map.get(aliasKey(sc.id, raw.replace(/\s*&\s*/g, ' and '))) : undefined;
  }

  const nameLanguages = new Set(parsed.names.languages);
  const catalogue: Catalogue = {
    version: parsed.version,
    scopes,
    names: parsed.names,
    nameLanguage(locale) {
      let language: string | undefined;
      try {
        language = new Intl.Locale(locale).language;
      } catch {
        return null;
      }
      return language && nameLanguages.has(language) ? language : null;
    },
    scope: (name) => byName.get(name.trim().toLowerCase()),
    resolveId: (scope, raw) => catalogue.resolveIn(scope, null, raw),
    resolveIn(scope, division, raw) {
      const sc = byName.get(scope.toLowerCase());
      if (!sc || typeof raw !== 'string') return undefined;
      const map = lookup(sc, division);
      if (!map) return undefined;
      return map.get(aliasKey(sc.id, raw)) ?? codeAndName(sc, division, map, raw) ?? ampersand(sc, map, raw);
    },
    suggestId(scope, division, raw) {
      const sc = byName.get(scope.toLowerCase());
      const map = sc && lookup(sc, division);
      if (!map) return undefined;
      const wanted = aliasKey(sc.id, raw);
      // a number a digit off is another place, not a misspelling: Connecticut's planning region 09110 (2022) is no
      // typo for Juneau, Alaska (02110), nor Romania's 642 for Russia's 643
      if (/^\d+$/.test(wanted)) return undefined;
      const most = Math.max(1, Math.floor(wanted.length / 4));
      let best: { id: string; d: number } | undefined;
      for (const [key, id] of map) {
        // the length alone rules most spellings out before the costlier distance
        if (Math.abs(key.length - wanted.length) > most) continue;
        const d = editDistance(wanted, key);
        if (d <= most && (!best || d < best.d)) best = { id, d };
      }
      return best?.id;
    },
    suggestScopes(raw) {
      const country = catalogue.resolveId('world', raw.trim());
      if (country && byName.has(country.toLowerCase())) return [country];
      const wanted = normaliseKey(raw);
      return scopes
        .map((sc) => ({
          id: sc.id,
          d: Math.min(editDistance(wanted, sc.id.toLowerCase()), editDistance(wanted, normaliseKey(sc.name))),
        }))
        .filter((c) => c.d <= Math.max(1, Math.floor(wanted.length / 3)))
        .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1))
        .slice(0, 3)
        .map((c) => c.id);
    },
  };
  return catalogue;
}
