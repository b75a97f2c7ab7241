// Canonical ids for the admin-1 features of a country: ISO 3166-2 codes as CLDR lists them (Unicode CLDR's
// subdivision names, the reference list of codes), matched by Natural Earth's own code when that code is current,
// else by name, for Natural Earth still carries codes ISO has since replaced (Poland's PL-SL is PL-24 now,
// South Africa's ZA-NL is ZA-KZN, Attica's GR-A1 is GR-I since 2011). CLDR names withdrawn codes too, so which
// codes are current comes from ISO 3166-2's list as the iso-3166 package holds it. A unit whose code was
// withdrawn with no successor of its name (a district merged into a new one) keeps that code; what matches
// nothing keeps a stable code of Natural Earth's own.

import { iso31662 } from 'iso-3166';
import type { Admin1Feature } from './admin1-source.js';
import { editDistance } from './catalogue.js';
import { readCldrNamesInAllLocales, type CldrSubdivisions } from './cldr-subdivisions.js';
import { REFORMED_CODES, REFORMED_COUNTRIES } from './reformed-subdivisions.js';

let allLocaleNames: Map<string, string[]> | undefined;

/** ISO 3166-2's current codes; a reformed country's (reformed-subdivisions.ts) are its reform's list. */
const ISO_CURRENT = new Set(iso31662.map((entry) => entry.code));

/** The code of the unit ISO 3166-2 lists a code under (`FR-67` → `FR-GES`; a top unit's is its country). */
export const ISO_PARENT = new Map(iso31662.map((entry) => [entry.code, entry.parent]));

/** Natural Earth's codes that name the same unit as an ISO code no name of theirs matches. */
const SOURCE_CODE_FIXES: Readonly<Record<string, string>> = {
  'PL-SK': 'PL-26', // Świętokrzyskie, "Holy Cross" in CLDR's English
  'OM-SH': 'OM-SJ', // Ash Sharqiyah South, "Janub ash Sharqiyah" in CLDR's English
  'MX-DIF': 'MX-CMX', // Mexico City, the Distrito Federal until 2016: "Ciudad de Mexico" in CLDR's English
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
  'oblysy',
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

/** Two name keys of one unit: one begins the other ("Pärnu" and "Pärnumaa"), or they differ by a letter or two. */
const begins = (a: string, b: string) => Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a));
const within = (a: string, b: string) =>
  Math.min(a.length, b.length) >= 5 && editDistance(a, b) <= Math.max(1, Math.floor(b.length / 6));

/**
 * Natural Earth swaps the current codes of some units: Uganda's districts of 2009–2010 (its UG-114 is drawn where
 * Mityana is, which ISO codes UG-115, and its UG-115 on Nakaseke), and Iran's whole old numbering, which ISO gave
 * to other provinces. A code none of whose features bears a name of it (`keysOf`) is misfiled; a feature on a
 * misfiled code that bears exactly the name of one code that is misfiled or no feature's, is that unit. Parts of
 * a larger unit (Bosnia's cantons under its entities) bear no such name. `current[i]` is feature i's code where it
 * is current; the answer, feature i's swapped code or null, never one another feature keeps.
 */
function swappedCodes(
  features: Admin1Feature[],
  current: Array<string | null>,
  codes: readonly string[],
  keysOf: (code: string) => string[],
): Array<string | null> {
  const keys = features.map((f) => sourceNames(f.properties).map(matchKey).filter(Boolean));
  const bears = (i: number, code: string) =>
    keys[i]!.some((k) => keysOf(code).some((c) => k === c || begins(k, c) || within(k, c)));
  const carried = new Set(current.filter((code): code is string => code !== null));
  const misfiled = new Set(
    [...carried].filter((code) => current.every((other, i) => other !== code || !bears(i, code))),
  );
  // another misfiled code, or one no feature carries of a unit at the same place in ISO's tree (a district, not
  // the region it is in)
  const free = (code: string, other: string) =>
    misfiled.has(other) || (!carried.has(other) && ISO_PARENT.get(code) === ISO_PARENT.get(other));
  const swaps = current.map((code, i) => {
    if (!code || !misfiled.has(code)) return null;
    const found = codes.filter(
      (other) => other !== code && free(code, other) && keys[i]!.some((k) => keysOf(other).includes(k)),
    );
    return found.length === 1 ? found[0]! : null;
  });
  const kept = new Set(current.filter((code, i) => code !== null && swaps[i] === null));
  return swaps.map((swap) => (swap && !kept.has(swap) ? swap : null));
}

export interface ResolvedId {
  id: string;
  /** an ISO 3166-2 code CLDR lists; false for Natural Earth's own codes of units ISO does not list */
  iso: boolean;
  /** Natural Earth's code when it is not the id (an old ISO code users' data may still carry) */
  sourceCode: string | null;
}

/**
 * Ids of one country's features, in their order. A feature keeps Natural Earth's code when it is current; a
 * withdrawn one gives way to the current code of the same name where the country recoded its units, else stays.
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
  const reformed = REFORMED_COUNTRIES.has(country);
  const isCurrent = (code: string) => reference.has(code) && (reformed || ISO_CURRENT.has(code));
  const raws = features.map((f) => f.properties.iso_3166_2.trim());
  // every code a feature carries is its own, withdrawn ones too, unless it is swapped (below): no other feature
  // takes it by name
  const known = raws.filter((code) => reference.has(code));
  const lengths = known.map((code) => code.length);
  const shape = lengths.length ? lengths.sort((a, b) => a - b)[Math.floor(lengths.length / 2)]! : null;
  // a reformed list names its codes itself: CLDR's names are of the old ones
  const keysOf = (code: string) =>
    (reformed ? [reference.get(code)!] : (allLocaleNames!.get(code) ?? [])).map(matchKey).filter(Boolean);
  const swapped = swappedCodes(
    features,
    raws.map((code) => (isCurrent(code) ? code : null)),
    [...reference.keys()].filter(isCurrent),
    keysOf,
  );
  const claimed = new Set(raws.map((code, i) => swapped[i] ?? code).filter((code) => reference.has(code)));
  const candidates = (ids: string[]) =>
    ids.map((id) => ({
      id,
      keys: [...new Set(keysOf(id).length ? keysOf(id) : [matchKey(reference.get(id)!)])],
    }));
  const unclaimed = [...reference.keys()].filter((id) => !claimed.has(id));
  const listed = candidates(unclaimed);
  const current = listed.filter((c) => isCurrent(c.id));
  const shaped = listed.filter((c) => c.id.length === shape);

  const pick =
    (keys: string[], test: (key: string, candidate: string) => boolean) =>
    (pool: typeof listed): string | null => {
      for (const key of keys) {
        const found = pool.filter((c) => c.keys.some((k) => test(key, k)));
        // a region and the districts named after its seat ("Prague" and "Prague-West"): the shorter code
        const shortest = found.filter((c) => c.id.length === Math.min(...found.map((x) => x.id.length)));
        if (shortest.length === 1) return shortest[0]!.id;
      }
      return null;
    };
  const sameName = (f: Admin1Feature) =>
    pick(sourceNames(f.properties).map(matchKey).filter(Boolean), (a, b) => a === b);
  // a country that recoded its units keeps their names: most features with a withdrawn code find a current code
  // of the very same name (GR-A1 "Attica Department" is GR-I "Attica"; KZ-AKM is KZ-11). Where a reform made
  // new units of old names (Côte d'Ivoire's districts of 2011 over its regions), few do, and none is taken
  const withdrawnRaw = features.filter((_, i) => reference.has(raws[i]!) && !isCurrent(raws[i]!));
  const recoded = withdrawnRaw.filter((f) => sameName(f)(current)).length * 2 >= withdrawnRaw.length;
  return features.map((f, i): ResolvedId => {
    const raw = raws[i]!;
    if (isCurrent(raw)) return { id: swapped[i] ?? raw, iso: true, sourceCode: null };
    const fixed = SOURCE_CODE_FIXES[raw];
    if (fixed && reference.has(fixed)) return { id: fixed, iso: true, sourceCode: raw };
    if (reference.has(raw)) {
      const successor = recoded ? sameName(f)(current) : null;
      return successor ? { id: successor, iso: true, sourceCode: raw } : { id: raw, iso: true, sourceCode: null };
    }
    const keys = sourceNames(f.properties).map(matchKey).filter(Boolean);
    const tests = [pick(keys, (a, b) => a === b), pick(keys, begins), pick(keys, within)];
    let id: string | null = null;
    for (const pool of [shaped, listed]) for (const test of tests) id ??= test(pool);
    if (id) return { id, iso: true, sourceCode: raw };
    // Natural Earth's own codes: `AU-X02~`, or `-99-X15~` for units it files under no country
    const own = /-(X\d+)~?$/.exec(raw)?.[1] ?? raw.replace(/^.*-/, '').replace(/~$/, '');
    return { id: `${country}-${own}`, iso: false, sourceCode: null };
  });
}
