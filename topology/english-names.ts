// English display names of subdivisions (DECISIONS: names are English; other languages come with `locale`).
// CLDR's English list is the reference, but where CLDR knows no English name it repeats the local one:
// "Normandie" beside "Brittany", "Guyane (française)", the Czech regions' adjectives ("Středočeský"), Kazakhstan's
// recoded regions ("Aqmola oblysy"). Such a name is told by being ISO 3166-2's local name of the code, and is
// replaced, by rule, with: the English name Natural Earth gives a territory ISO 3166-1 lists of its own (French
// Guiana, Réunion); the English name the sources gave a recoded unit under its withdrawn code (KZ-AKM "Akmola"
// for KZ-11); else the usual English name where English has one of its own. The local name stays an alias.

import isoCountries from 'i18n-iso-countries';
import { iso31662 } from 'iso-3166';
import type { Admin1Feature } from './admin1-source.js';

/** ISO 3166-2's name of a code, in the local language (`Île-de-France`, `Bayern`). */
export const ISO_NAME = new Map(iso31662.map((entry) => [entry.code, entry.name]));

/**
 * Usual English names of units whose CLDR name is the local one, found by comparing every country scope's
 * display names with ISO's local names and Natural Earth's `name_en`: the short forms English-language atlases
 * and news use. Local names that English keeps (Île-de-France, Graubünden, Navarra) are not here.
 */
const USUAL_ENGLISH: Readonly<Record<string, string>> = {
  'CZ-20': 'Central Bohemia',
  'CZ-31': 'South Bohemia',
  'CZ-32': 'Plzeň',
  'CZ-41': 'Karlovy Vary',
  'CZ-42': 'Ústí nad Labem',
  'CZ-51': 'Liberec',
  'CZ-52': 'Hradec Králové',
  'CZ-53': 'Pardubice',
  'CZ-64': 'South Moravia',
  'CZ-71': 'Olomouc',
  'CZ-72': 'Zlín',
  'CZ-80': 'Moravia-Silesia',
  'FR-20R': 'Corsica',
  'FR-NOR': 'Normandy',
  'RS-00': 'Belgrade',
};

/** A name without case, diacritics or punctuation, to compare spellings. */
const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What a subdivision's English name is drawn from. */
export interface NameSources {
  /** CLDR's English names of the country's codes, withdrawn ones included */
  cldr: ReadonlyMap<string, string>;
  /** Natural Earth's properties of the unit's features */
  features: readonly Admin1Feature['properties'][];
  /** Natural Earth's codes of the unit where they are not its id (withdrawn by ISO, or misspelt) */
  formerCodes: readonly string[];
}

/** The English name of a territory ISO 3166-1 lists of its own that a country files as a subdivision: Natural
 *  Earth files the French overseas regions under France with their own `geonunit` ("French Guiana"). */
function territoryName(id: string, features: NameSources['features']): string | undefined {
  const [first] = features;
  const unit = first?.geonunit;
  if (!unit || features.some((p) => p.geonunit !== unit)) return undefined;
  const code = isoCountries.getAlpha2Code(unit, 'en');
  return code && code !== id.slice(0, 2) ? first.name_en?.trim() || undefined : undefined;
}

/** The English name of a unit ISO recoded (KZ-AKM is KZ-11 "Aqmola oblysy"), as the sources knew it under its
 *  withdrawn code: Natural Earth's, which follows renamings (KZ-YUZ "Turkistan"), unless it is the country's name
 *  (Natural Earth's English for Mexico City); else CLDR's ("Akmola"). */
function formerName(id: string, { cldr, features, formerCodes }: NameSources): string | undefined {
  const withdrawn = formerCodes.filter((code) => cldr.has(code));
  if (!withdrawn.length) return undefined;
  const source = features[0]?.name_en?.trim();
  const country = isoCountries.getName(id.slice(0, 2), 'en') ?? '';
  return source && plain(source) !== plain(country) ? source : cldr.get(withdrawn[0]!);
}

/** The English display name of subdivision `id`, and the local name it replaces (an alias), if any. */
export function englishName(id: string, sources: NameSources): { name: string; local?: string } {
  const { cldr, features } = sources;
  const listed = cldr.get(id);
  const fallback = listed ?? features[0]?.name_en ?? features[0]?.name ?? id;
  const local = ISO_NAME.get(id);
  // CLDR repeats ISO's local name, or its name proper without the kind of unit ("Středočeský" of "Středočeský kraj")
  const isLocal = local && listed && (plain(local) === plain(listed) || plain(local).startsWith(`${plain(listed)} `));
  if (!listed || !isLocal) return { name: fallback };
  const english = territoryName(id, features) ?? formerName(id, sources) ?? USUAL_ENGLISH[id];
  return english && english !== listed ? { name: english, local: listed } : { name: listed };
}
