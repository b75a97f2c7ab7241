// Canonical ids for the admin-1 features of a country: ISO 3166-2 codes as CLDR lists them (Unicode CLDR's
// subdivision names, the reference list of codes), matched by Natural Earth's own code when CLDR knows it,
// else by name, for Natural Earth still carries codes ISO has since replaced (Poland's PL-SL is PL-24 now,
// South Africa's ZA-NL is ZA-KZN). What matches nothing keeps a stable code of Natural Earth's own.

import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Admin1Feature } from './admin1-source.js';
import { editDistance } from './catalogue.js';
import { REFORMED_CODES } from './reformed-subdivisions.js';
import { readJson } from './topo-tools.js';

const require = createRequire(import.meta.url);
export const CLDR_SUBDIVISIONS_FILE = require.resolve('cldr-subdivisions-full/subdivisions/en/en.json');

/** ISO 3166-2 code → English name, per country (alpha-2). */
export type CldrSubdivisions = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The canonical id of a CLDR subdivision key: CLDR writes `deby` for DE-BY. */
function cldrId(key: string): string {
  return `${key.slice(0, 2).toUpperCase()}-${key.slice(2).toUpperCase()}`;
}

const CLDR_ROOT = path.dirname(path.dirname(CLDR_SUBDIVISIONS_FILE));

/** CLDR's locales with subdivision names, as its folders name them (`de`, `pt-PT`, `zh-Hant`). */
export function cldrLocales(): string[] {
  return readdirSync(CLDR_ROOT);
}

/** The file of a CLDR locale's subdivision names (`de/de.json`, `zh-Hant/zh_Hant.json`). */
export function cldrLocaleFile(locale: string): string {
  const [name] = readdirSync(path.join(CLDR_ROOT, locale)).filter((f) => f.endsWith('.json'));
  if (!name) throw new Error(`cldr-subdivisions-full: no names file for locale ${locale}`);
  return path.join(CLDR_ROOT, locale, name);
}

/** CLDR's subdivision names in one of its locales, by canonical id (most locales name only a few). */
/** CLDR marks some names with a footnote (`Île-de-France²`, `Centar†`) that is no part of the name. */
const CLDR_FOOTNOTE = /[\u00B9\u00B2\u00B3\u2070-\u2079\u2020]+$/u;

export function readCldrLocale(locale: string): Map<string, string> {
  const file = readJson<{ subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } } }>(
    cldrLocaleFile(locale),
  );
  return new Map(
    Object.entries(file.subdivisions.localeDisplayNames.subdivisions).map(([key, text]) => [
      cldrId(key),
      text.replace(CLDR_FOOTNOTE, ''),
    ]),
  );
}

export function readCldrSubdivisions(): CldrSubdivisions {
  const byCountry = new Map<string, Map<string, string>>();
  for (const [id, name] of readCldrLocale('en')) {
    const country = id.slice(0, 2);
    byCountry.set(country, (byCountry.get(country) ?? new Map<string, string>()).set(id, name));
  }
  return byCountry;
}

/** Every name CLDR gives a code in any of its languages, for matching. */
function readCldrNamesInAllLocales(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const locale of cldrLocales()) {
    for (const [id, name] of readCldrLocale(locale)) names.set(id, [...(names.get(id) ?? []), name]);
  }
  return names;
}
let allLocaleNames: Map<string, string[]> | undefined;

/** Natural Earth's codes that name the same unit as an ISO code no name of theirs matches. */
const SOURCE_CODE_FIXES: Readonly<Record<string, string>> = {
  'PL-SK': 'PL-26', // Świętokrzyskie, "Holy Cross" in CLDR's English
  'OM-SH': 'OM-SJ', // Ash Sharqiyah South, "Janub ash Sharqiyah" in CLDR's English
  ...REFORMED_CODES,
};

/** Words that say what kind of unit a name is, which sources add or leave out at will. */
const KIND_WORDS = new Set([
  'province',
  'provincia',
  'region',
  'regione',
  'county',
  'oblast',
  'kraj',
  'voivodeship',
  'governorate',
  'state',
  'department',
  'departement',
  'departamento',
  'district',
  'municipality',
  'prefecture',
  'of',
  'the',
  'de',
  'del',
  'la',
  'le',
  'city',
  'parish',
  'territory',
  'autonomous',
  'republic',
]);

/** A name reduced to what identifies it: no diacritics, case, punctuation or kind words. */
function matchKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word && !KIND_WORDS.has(word))
    .join(' ');
}

/** The languages Natural Earth names every unit in. */
const NAME_LANGUAGES = [
  'ar',
  'bn',
  'de',
  'el',
  'es',
  'fa',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'ru',
  'sv',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh',
  'zht',
];

/** The names a feature has in the source's own writing: local, English, alternates. */
export function primaryNames(p: Admin1Feature['properties']): string[] {
  return [p.name, p.name_en, p.name_local, p.gn_name, ...(p.name_alt ?? '').split('|')]
    .map((n) => n?.trim() ?? '')
    .filter(Boolean);
}

/** Its names in the languages Natural Earth translates every unit into. */
export function translatedNames(p: Admin1Feature['properties']): string[] {
  return NAME_LANGUAGES.map((language) => p[`name_${language}`]?.trim() ?? '').filter(Boolean);
}

/** Every name a feature is known by in the source, most specific first. */
function sourceNames(p: Admin1Feature['properties']): string[] {
  return [...new Set([...primaryNames(p), ...translatedNames(p)])];
}

export interface ResolvedId {
  id: string;
  /** an ISO 3166-2 code CLDR lists; false for Natural Earth's own codes of units ISO does not list */
  iso: boolean;
  /** Natural Earth's code when it is not the id (an old ISO code users' data may still carry) */
  sourceCode: string | null;
}

/**
 * Ids of one country's features, in their order. A feature keeps Natural Earth's code when CLDR lists it.
 * Otherwise its names, most specific first, are looked up among CLDR's names of the codes no feature has
 * claimed: the first that names exactly one code wins; then a name that begins the other ("Pärnu" and
 * "Pärnumaa"); then the one code within a small edit distance. Where CLDR lists two levels (Estonian counties
 * and municipalities), codes shaped like the ones Natural Earth got right are tried first. Features sharing an id
 * become one region later, as Natural Earth splits a few units in parts.
 */
export function resolveSubdivisionIds(
  country: string,
  features: Admin1Feature[],
  cldr: CldrSubdivisions,
): ResolvedId[] {
  allLocaleNames ??= readCldrNamesInAllLocales();
  const reference = cldr.get(country) ?? new Map<string, string>();
  const known = features.map((f) => f.properties.iso_3166_2.trim()).filter((code) => reference.has(code));
  const claimed = new Set(known);
  const lengths = known.map((code) => code.length);
  const shape = lengths.length ? lengths.sort((a, b) => a - b)[Math.floor(lengths.length / 2)]! : null;
  const unclaimed = [...reference.keys()]
    .filter((id) => !claimed.has(id))
    .map((id) => ({
      id,
      keys: [...new Set((allLocaleNames!.get(id) ?? [reference.get(id)!]).map(matchKey).filter(Boolean))],
    }));
  const shaped = unclaimed.filter((c) => c.id.length === shape);

  const pick =
    (keys: string[], test: (key: string, candidate: string) => boolean) =>
    (pool: typeof unclaimed): string | null => {
      for (const key of keys) {
        const found = pool.filter((c) => c.keys.some((k) => test(key, k)));
        // a region and the districts named after its seat ("Prague" and "Prague-West"): the shorter code
        const shortest = found.filter((c) => c.id.length === Math.min(...found.map((x) => x.id.length)));
        if (shortest.length === 1) return shortest[0]!.id;
      }
      return null;
    };
  return features.map((f): ResolvedId => {
    const raw = f.properties.iso_3166_2.trim();
    if (reference.has(raw)) return { id: raw, iso: true, sourceCode: null };
    const fixed = SOURCE_CODE_FIXES[raw];
    if (fixed && reference.has(fixed)) return { id: fixed, iso: true, sourceCode: raw };
    const keys = sourceNames(f.properties).map(matchKey).filter(Boolean);
    const within = (a: string, b: string) =>
      Math.min(a.length, b.length) >= 5 && editDistance(a, b) <= Math.max(1, Math.floor(b.length / 6));
    const tests = [
      pick(keys, (a, b) => a === b),
      pick(keys, (a, b) => Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a))),
      pick(keys, within),
    ];
    let id: string | null = null;
    for (const pool of [shaped, unclaimed]) for (const test of tests) id ??= test(pool);
    if (id) return { id, iso: true, sourceCode: raw };
    // Natural Earth's own codes: `AU-X02~`, or `-99-X15~` for units it files under no country
    const own = /-(X\d+)~?$/.exec(raw)?.[1] ?? raw.replace(/^.*-/, '').replace(/~$/, '');
    return { id: `${country}-${own}`, iso: false, sourceCode: null };
  });
}
