// The places of GET /places and of place names in requests (markers, route ends), over one index per catalogue,
// read (or built) the first time a place is asked for: a service that is never asked keeps its memory and its
// start-up time.
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../../topology/catalogue.ts';
import { readIndexFile } from './index-file.ts';
import { adminNames, readCities, type City } from './city-source.ts';
import { Match, PlaceIndex, placeKey, type SearchFilter } from './place-index.ts';
import { airportPlaces, cataloguePlaces, portPlaces, type PlaceKind } from './place-sources.ts';

/** One place as GET /places writes it (DECISIONS §13). */
export interface Place {
  name: string;
  kind: PlaceKind;
  id: string;
  lat: number;
  lon: number;
  country: string | null;
  countryId: string | null;
  region: string | null;
  regionId: string | null;
}

const indexes = new WeakMap<Catalogue, PlaceIndex>();

/** The region id of a scope for a source's spelling of it (an airport's ISO 3166-2 code, a port's province). */
function regionIn(catalogue: Catalogue, country: string, raw: string): string {
  return (raw && catalogue.scope(country)?.kind === 'country' && catalogue.resolveId(country, raw)) || '';
}

/** Where `server/prepare.mjs` writes the index (make-index.ts): beside the service's bundle. */
export const INDEX_FILE = fileURLToPath(new URL('../dist/places-index.bin', import.meta.url));

/** The kind of division GeoNames writes into many of its names (`Tver Oblast`, `Valle del Cauca Department`,
 *  `Municipality of Žiri`, `Okres Trutnov`), which the scopes' names mostly go without. */
const DESIGNATION =
  /^(?:(?:municipality|province|region|county|district|department|governorate|state) of |provincia (?:di |del |della |dell')?|okres |comuna )|(?: (?:department|region|oblast|county|province|kommune|krai|district|governorate|prefecture|municipality|voivodeship|state|republic))$/i;

/** A city's region in its country's scope: the one its GeoNames admin2 division is named as (a French
 *  département, FR-69), else its admin1 (a US state, a German Land: US-TX, DE-BY), else ''. By name, with or
 *  without its designation, as the scopes' ids are ISO 3166-2 codes and GeoNames' admin codes its own; remembered
 *  per admin code. */
function cityRegions(catalogue: Catalogue): (city: City) => string {
  const names = adminNames();
  const known = new Map<string, string>();
  const of = (code: string, country: string) => {
    let region = known.get(code);
    if (region === undefined) {
      const name = names.get(code) ?? '';
      region = regionIn(catalogue, country, name) || regionIn(catalogue, country, name.replace(DESIGNATION, ''));
      known.set(code, region);
    }
    return region;
  };
  return ({ country, admin1, admin2 }) =>
    (admin1 && admin2 && of(`${country}.${admin1}.${admin2}`, country)) ||
    (admin1 && of(`${country}.${admin1}`, country)) ||
    '';
}

export function buildPlaceIndex(catalogue: Catalogue): PlaceIndex {
  const regionOf = cityRegions(catalogue);
  return new PlaceIndex((add) => {
    for (const p of cataloguePlaces(catalogue)) add(p);
    for (const p of [...airportPlaces(), ...portPlaces()])
      add({ ...p, region: regionIn(catalogue, p.country, p.region) });
    readCities((c) =>
      add({
        kind: 'city',
        id: String(c.geonameId),
        name: c.name,
        also: [],
        alternates: c.alternates,
        lat: c.lat,
        lon: c.lon,
        country: c.country,
        region: regionOf(c),
        weight: c.population,
      }),
    );
  });
}

/** The catalogue's index: the one prepare.mjs wrote when it was made from this catalogue, else built here (a
 *  second and a half, once). */
export function placeIndex(catalogue: Catalogue): PlaceIndex {
  let index = indexes.get(catalogue);
  if (!index)
    indexes.set(catalogue, (index = readIndexFile(INDEX_FILE, catalogue.version) ?? buildPlaceIndex(catalogue)));
  return index;
}

/** A query's name, and the country or regions its last parts narrow it to. */
interface Reading {
  name: string;
  country?: string;
  /** region ids of the country scopes (Limburg is NL-LI and BE-VLI) */
  regions?: string[];
}

/** The text before a query's last comma and the text after it, or undefined without a comma. */
function lastPart(text: string): [before: string, last: string] | undefined {
  const comma = text.lastIndexOf(',');
  return comma < 0 ? undefined : [text.slice(0, comma), text.slice(comma + 1).trim()];
}

/** The regions of the country scopes (of `country`'s alone, when given) that `raw` names: an id, the code after
 *  the country's (`TX`), a name or an alias. */
function regionsNamed(catalogue: Catalogue, raw: string, country?: string): string[] {
  return catalogue.scopes
    .filter((s) => s.kind === 'country' && (!country || s.id === country))
    .map((s) => catalogue.resolveId(s.id, raw))
    .filter((r): r is string => r !== undefined);
}

/**
 * The ways to read a query, to be tried in turn until one finds a place. The text after the last comma may be a
 * country (an ISO code or any name the world scope accepts: `Paris, US`, `Paris, United States`), and the text
 * before that a region of it (`Paris, Texas, US`); or the last part a region of any country scope (`Paris, Texas`,
 * `Paris, TX`, `Atlanta, Georgia` where Georgia the country has no Atlanta). Last, the whole text is the name
 * (`Bonaire, Sint Eustatius and Saba`).
 */
function* readings(catalogue: Catalogue, text: string): Generator<Reading> {
  const part = lastPart(text);
  if (part) {
    const country = catalogue.resolveId('world', part[1]);
    if (country && /^[A-Z]{2}$/.test(country)) {
      const inner = lastPart(part[0]);
      const regions = inner && regionsNamed(catalogue, inner[1], country);
      if (inner && regions?.length) yield { name: inner[0], country, regions };
      yield { name: part[0], country };
    }
    const regions = regionsNamed(catalogue, part[1]);
    if (regions.length) yield { name: part[0], regions };
  }
  yield { name: text };
}

/** The places for a query, best first, by the first of its readings that finds any. A country in the query and
 *  one in the filter must agree. */
export function findPlaces(catalogue: Catalogue, query: string, filter: SearchFilter, limit: number): Place[] {
  const index = placeIndex(catalogue);
  const world = catalogue.scope('world');
  const nameOf = (scope: string, id: string) =>
    (scope === 'world' ? world : catalogue.scope(scope))?.regions.find((r) => r.id === id)?.name ?? null;
  for (const { name, country, regions } of readings(catalogue, query)) {
    if (country && filter.country && country !== filter.country) continue;
    const found = index.search(placeKey(name), { ...filter, country: country ?? filter.country, regions }, limit);
    if (found.length)
      return found.map(({ place }) => {
        const [countryId, regionId] = [index.country(place), index.region(place)];
        return {
          name: index.name(place),
          kind: index.kind(place),
          id: index.id(place),
          lat: Math.round(index.lat(place) * 1e5) / 1e5,
          lon: Math.round(index.lon(place) * 1e5) / 1e5,
          country: countryId ? nameOf('world', countryId) : null,
          countryId: countryId || null,
          region: regionId ? nameOf(countryId, regionId) : null,
          regionId: regionId || null,
        };
      });
  }
  return [];
}

/** The position of the best place for a name in a request, `kind` preferred (a sea route's ends: ports), or
 *  undefined when nothing matches exactly: a request draws what it names, never what only starts like it. */
export function resolvePlace(
  catalogue: Catalogue,
  text: string,
  kind?: PlaceKind,
): [lat: number, lon: number] | undefined {
  for (const { name, country, regions } of readings(catalogue, text)) {
    const key = placeKey(name);
    if (!key) continue;
    const index = placeIndex(catalogue);
    const exact = (filter: SearchFilter) =>
      index.search(key, { ...filter, country, regions }, 1).find((f) => f.match === Match.Exact);
    const found = (kind && exact({ kind })) || exact({});
    if (found) return [index.lat(found.place), index.lon(found.place)];
  }
  return undefined;
}
