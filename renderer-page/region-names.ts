// Region names in a language other than English (topology/build/names-<language>.json, made by
// topology/region-names.ts): only the names that differ from the English one each region's feature carries,
// so a region missing here keeps its English name.
import type { LoadJson } from './geometry/scope-geometry.ts';

const NONE: ReadonlyMap<string, string> = new Map();

/** Languages a page keeps, least recently used out first: a page serves a few locales at a time, and a
 *  language's names are up to ~200 KB. */
const KEPT = 4;
const loaded = new Map<string, Promise<ReadonlyMap<string, string>>>();

/** The names of `language` (`de`, as the catalogue's nameLanguage gives it) by region id; empty for null
 *  (English). */
export function loadRegionNames(language: string | null, loadJson: LoadJson): Promise<ReadonlyMap<string, string>> {
  if (language === null) return Promise.resolve(NONE);
  let names = loaded.get(language);
  loaded.delete(language);
  if (!names) {
    names = loadJson(`names-${language}.json`).then((file) => new Map(Object.entries(file as Record<string, string>)));
    names.catch(() => loaded.delete(language));
  }
  loaded.set(language, names);
  if (loaded.size > KEPT) loaded.delete(loaded.keys().next().value as string);
  return names;
}
