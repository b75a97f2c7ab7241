// Canonical ids and aliases for the world scope. world-atlas ids are ISO 3166-1 numeric codes;
// Natural Earth units without an ISO code have no id at all, so they are recognised by name.

import countries from 'i18n-iso-countries';
import { iso31661 } from 'iso-3166';
import { fileURLToPath } from 'node:url';
import { TIER, type RegionDraft } from './aliases.js';
import { datasetNames } from './dataset-country-names.js';
import { readJson } from './topo-tools.js';

/**
 * Natural Earth names (as in world-atlas `properties.name`) of units without a numeric code.
 * Kosovo gets the widely used user-assigned `XK`; the rest keep Natural Earth's ADM0_A3 code
 * so ids stay stable across Natural Earth releases.
 *
 * `partOf`: the country ISO 3166 counts an inhabited unit in, when it has no code of its own there: the unit takes
 * that country's value unless the data gives it one (docs/region-names.md). Somaliland and Northern Cyprus are
 * Somalia and Cyprus to the UN and ISO, the buffer zone (with its villages) is Cyprus, Baikonur Kazakhstan (leased
 * to Russia), Guantanamo Cuba (leased to the US). Without: the uninhabited ones (the Coral Sea Islands, Clipperton),
 * which no country's statistics describe; the Sovereign Base Areas (British, not Cyprus, and not in the UK's
 * statistics); the Indian Ocean Territories (two ISO countries, CX and CC); and the units more than one country
 * claims (Siachen, the Spratlys, Scarborough Reef, Bajo Nuevo, Serranilla).
 */
const OWN_IDS: Readonly<Record<string, { id: string; extra: readonly string[]; partOf?: string }>> = {
  Kosovo: { id: 'XK', extra: ['XKX', 'Kosovo'] },
  'N. Cyprus': { id: 'CYN', extra: ['Northern Cyprus'], partOf: 'CY' },
  Somaliland: { id: 'SOL', extra: [], partOf: 'SO' },
  'Siachen Glacier': { id: 'KAS', extra: [] },
  Baikonur: { id: 'KAB', extra: ['Baikonur Cosmodrome'], partOf: 'KZ' },
  Dhekelia: { id: 'ESB', extra: [] },
  Akrotiri: { id: 'WSB', extra: [] },
  'USNB Guantanamo Bay': { id: 'USG', extra: ['Guantanamo Bay'], partOf: 'CU' },
  'Cyprus U.N. Buffer Zone': { id: 'CNM', extra: [], partOf: 'CY' },
  'Indian Ocean Ter.': { id: 'IOA', extra: ['Indian Ocean Territories'] },
  'Coral Sea Is.': { id: 'CSI', extra: ['Coral Sea Islands'] },
  'Spratly Is.': { id: 'PGA', extra: ['Spratly Islands'] },
  'Clipperton I.': { id: 'CLP', extra: ['Clipperton Island'] },
  'Bajo Nuevo Bank': { id: 'BJN', extra: [] },
  'Serranilla Bank': { id: 'SER', extra: [] },
  'Scarborough Reef': { id: 'SCR', extra: ['Scarborough Shoal'] },
};

export interface SourceGeometry {
  id?: string | number | undefined;
  properties?: { name?: string | undefined } | null | undefined;
}

/** Canonical id of a world-atlas feature; throws on anything unmapped so the build fails loudly. */
export function worldId(g: SourceGeometry): string {
  const name = g.properties?.name ?? '';
  if (g.id !== undefined && g.id !== null && g.id !== '') {
    const a2 = countries.numericToAlpha2(g.id);
    if (a2) return a2;
    throw new Error(`world: numeric id ${String(g.id)} ("${name}") unknown to i18n-iso-countries`);
  }
  const own = OWN_IDS[name];
  if (own) return own.id;
  throw new Error(`world: feature "${name}" has no id and no entry in OWN_IDS`);
}

/** Names people use where ISO's English short name is the formal one ("Taiwan, Province of China"). */
const COMMON_NAMES: Record<string, string> = {
  US: 'United States',
  CN: 'China',
  RU: 'Russia',
  IR: 'Iran',
  SY: 'Syria',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  FM: 'Micronesia',
  VA: 'Vatican City',
  CZ: 'Czechia',
  GM: 'The Gambia',
  CD: 'DR Congo',
  CG: 'Congo',
  CI: "Côte d'Ivoire",
  PS: 'Palestine',
  FK: 'Falkland Islands',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  MF: 'Saint Martin',
  SX: 'Sint Maarten',
};

/**
 * Languages whose names are accepted besides English: the UN's other five official languages
 * (its data sets and many national statistics use them), then the languages most spoken or most
 * used in published data that i18n-iso-countries covers. Not all ~80 of its languages: each one
 * adds about 3 KB to catalogue.json, which `GET /scopes/world` returns, and more languages mean
 * more spellings shared by two countries, which are then dropped for both.
 */
const NAME_LANGUAGES = ['ar', 'zh', 'fr', 'ru', 'es', 'de', 'pt', 'it', 'ja', 'ko', 'nl', 'pl', 'tr', 'id', 'hi', 'sv'];

/** A country's most likely language (CLDR's likely subtags, from Node's ICU): `de` for DE, `ro` for RO. */
export function countryLanguage(id: string): string {
  return new Intl.Locale(`und-${id}`).maximize().language;
}

/** Unicode CLDR's country names in NAME_LANGUAGES, English and each country's own language where
 *  i18n-iso-countries lacks them ("États-Unis", "Tchéquie", "Corea del Sur"), and the names i18n-iso-countries
 *  gives a country that CLDR gives another (name-lists/cldr-country-names.mjs writes the file; name-lists/README.md). */
export const CLDR_COUNTRY_NAMES_FILE = fileURLToPath(new URL('./name-lists/cldr-country-names.json', import.meta.url));
interface CldrCountryNames {
  names: Record<string, string[]>;
  notTheirs: Record<string, string[]>;
}

/** The country's names in NAME_LANGUAGES and in its own language, which CLDR's likely subtags
 *  (Node's ICU) tell and i18n-iso-countries may have: data made in a country often names it so
 *  ("Magyarország", "Suomi", "ไทย"); then CLDR's. A name CLDR gives another country is left out: i18n's
 *  Portuguese names of the two Congos are swapped. */
function translatedNames(
  id: string,
  byLanguage: ReadonlyMap<string, Record<string, string[]>>,
  cldr: CldrCountryNames,
): string[] {
  const wrong = new Set(cldr.notTheirs[id] ?? []);
  const i18n = [...new Set([...NAME_LANGUAGES, countryLanguage(id)])].flatMap(
    (lang) => byLanguage.get(lang)?.[id] ?? [],
  );
  return [...i18n.filter((name) => !wrong.has(name)), ...(cldr.names[id] ?? [])];
}

const ISO_NAMES = new Map(iso31661.map((entry) => [entry.alpha2, entry.name]));

/** Region drafts for the ids seen in any level; `neNames` maps id → Natural Earth names. */
export function worldDrafts(neNames: ReadonlyMap<string, ReadonlySet<string>>): RegionDraft[] {
  const allNames = countries.getNames('en', { select: 'all' });
  const translations = new Map(countries.langs().map((lang) => [lang, countries.getNames(lang, { select: 'all' })]));
  const cldr = readJson<CldrCountryNames>(CLDR_COUNTRY_NAMES_FILE);
  const drafts: RegionDraft[] = [];
  for (const [id, names] of neNames) {
    const ne = [...names];
    const own = Object.entries(OWN_IDS).find(([, v]) => v.id === id);
    const known = countries.isValid(id);
    const aliases: RegionDraft['aliases'] = [];
    if (known) {
      aliases.push({ text: countries.alpha2ToAlpha3(id)!, tier: TIER.code });
      aliases.push({ text: countries.alpha2ToNumeric(id)!, tier: TIER.code });
      for (const n of allNames[id] ?? []) aliases.push({ text: n, tier: TIER.alternate });
      for (const n of translatedNames(id, translations, cldr)) aliases.push({ text: n, tier: TIER.translation });
    }
    // Display name: the common name where ISO's is formal, else ISO's English short name, else
    // Natural Earth's own label. The official names stay accepted as aliases.
    const name = COMMON_NAMES[id] ?? ((known && countries.getName(id, 'en')) || ne[0]!);
    for (const n of datasetNames(id, name)) aliases.push({ text: n, tier: TIER.source });
    // ISO 3166-1's own English short name, as files made from the standard write it ("Korea, Republic of")
    const isoName = ISO_NAMES.get(id);
    if (isoName) aliases.push({ text: isoName, tier: TIER.source });
    for (const n of ne) aliases.push({ text: n, tier: TIER.source });
    for (const x of own?.[1].extra ?? []) {
      aliases.push({ text: x, tier: /^[A-Z]{2,3}$/.test(x) ? TIER.code : TIER.source });
    }
    drafts.push({ id, name, aliases, ...(own?.[1].partOf ? { partOf: own[1].partOf } : {}) });
  }
  return drafts;
}
