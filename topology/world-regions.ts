// Canonical ids and aliases for the world scope. world-atlas ids are ISO 3166-1 numeric codes;
// Natural Earth units without an ISO code have no id at all, so they are recognised by name.

import countries from 'i18n-iso-countries';
import { TIER, type RegionDraft } from './aliases.js';
import { datasetNames } from './dataset-country-names.js';

/**
 * Natural Earth names (as in world-atlas `properties.name`) of units without a numeric code.
 * Kosovo gets the widely used user-assigned `XK`; the rest keep Natural Earth's ADM0_A3 code
 * so ids stay stable across Natural Earth releases.
 */
const OWN_IDS: Readonly<Record<string, { id: string; extra: readonly string[] }>> = {
  Kosovo: { id: 'XK', extra: ['XKX', 'Kosovo'] },
  'N. Cyprus': { id: 'CYN', extra: ['Northern Cyprus'] },
  Somaliland: { id: 'SOL', extra: [] },
  'Siachen Glacier': { id: 'KAS', extra: [] },
  Baikonur: { id: 'KAB', extra: ['Baikonur Cosmodrome'] },
  Dhekelia: { id: 'ESB', extra: [] },
  Akrotiri: { id: 'WSB', extra: [] },
  'USNB Guantanamo Bay': { id: 'USG', extra: ['Guantanamo Bay'] },
  'Cyprus U.N. Buffer Zone': { id: 'CNM', extra: [] },
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

/** The country's names in NAME_LANGUAGES and in its own language, which CLDR's likely subtags
 *  (Node's ICU) tell and i18n-iso-countries may have: data made in a country often names it so
 *  ("Magyarország", "Suomi", "ไทย"). */
function translatedNames(id: string, byLanguage: ReadonlyMap<string, Record<string, string[]>>): string[] {
  return [...new Set([...NAME_LANGUAGES, countryLanguage(id)])].flatMap((lang) => byLanguage.get(lang)?.[id] ?? []);
}

/** Region drafts for the ids seen in any level; `neNames` maps id → Natural Earth names. */
export function worldDrafts(neNames: ReadonlyMap<string, ReadonlySet<string>>): RegionDraft[] {
  const allNames = countries.getNames('en', { select: 'all' });
  const translations = new Map(countries.langs().map((lang) => [lang, countries.getNames(lang, { select: 'all' })]));
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
      for (const n of translatedNames(id, translations)) aliases.push({ text: n, tier: TIER.translation });
    }
    for (const n of datasetNames(id)) aliases.push({ text: n, tier: TIER.source });
    for (const n of ne) aliases.push({ text: n, tier: TIER.source });
    for (const x of own?.[1].extra ?? []) {
      aliases.push({ text: x, tier: /^[A-Z]{2,3}$/.test(x) ? TIER.code : TIER.source });
    }
    // Display name: the common name where ISO's is formal, else ISO's English short name, else
    // Natural Earth's own label. The official names stay accepted as aliases.
    const name = COMMON_NAMES[id] ?? ((known && countries.getName(id, 'en')) || ne[0]!);
    drafts.push({ id, name, aliases });
  }
  return drafts;
}
