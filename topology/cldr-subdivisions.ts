// Unicode CLDR's subdivision names (npm cldr-subdivisions-full): the reference list of ISO 3166-2 codes with
// their English names, current and withdrawn ones alike, and the names in CLDR's other locales.

import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
function cldrLocaleFile(locale: string): string {
  const [name] = readdirSync(path.join(CLDR_ROOT, locale)).filter((f) => f.endsWith('.json'));
  if (!name) throw new Error(`cldr-subdivisions-full: no names file for locale ${locale}`);
  return path.join(CLDR_ROOT, locale, name);
}

/** CLDR marks some names with a footnote (`Île-de-France²`, `Centar†`) that is no part of the name. */
const CLDR_FOOTNOTE = /[\u00B9\u00B2\u00B3\u2070-\u2079\u2020]+$/u;

/** CLDR's subdivision names in one of its locales, by canonical id (most locales name only a few). */
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

/** CLDR's English names of every code it lists, current and withdrawn, per country. */
export function readCldrSubdivisions(): CldrSubdivisions {
  const byCountry = new Map<string, Map<string, string>>();
  for (const [id, name] of readCldrLocale('en')) {
    const country = id.slice(0, 2);
    byCountry.set(country, (byCountry.get(country) ?? new Map<string, string>()).set(id, name));
  }
  return byCountry;
}

/** Every name CLDR gives a code in any of its languages, for matching. */
export function readCldrNamesInAllLocales(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const locale of cldrLocales()) {
    for (const [id, name] of readCldrLocale(locale)) names.set(id, [...(names.get(id) ?? []), name]);
  }
  return names;
}
