// Region names in a language other than English (topology/build/names-<language>.json, made by
// topology/region-names.ts): only the names that differ from the English one each region's feature carries,
// so a region missing here keeps its English name.
import type { LoadJson } from './geometry/scope-geometry.ts';

/** The names of `language` (`de`, as the catalogue's nameLanguage gives it) by region id, read anew on each
 *  call: the page's GeometryStore keeps them. */
export function readRegionNames(language: string, loadJson: LoadJson): Promise<ReadonlyMap<string, string>> {
  return loadJson(`names-${language}.json`).then((file) => new Map(Object.entries(file as Record<string, string>)));
}
