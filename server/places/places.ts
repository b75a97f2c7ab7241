// The places of GET /places and of place names in requests (markers, route ends), over one index per catalogue,
// read (or built) the first time a place is asked for: a service that is never asked keeps its memory and its
// start-up time.
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../../topology/catalogue.ts';
import { readIndexFile } from './index-file.ts';
import { readCities } from './city-source.ts';
import { PlaceIndex, placeKey, type SearchFilter } from './place-index.ts';
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

export function buildPlaceIndex(catalogue: Catalogue): PlaceIndex {
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
        lat: c.lat,
        lon: c.lon,
        country: c.country,
        region: '',
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

/**
 * `Paris, US` or `Paris, United States`: the name and the country after its last comma, where that is a country
 * (an ISO code or any name the world scope accepts); else the whole text is the name.
 */
function splitCountry(catalogue: Catalogue, text: string): { name: string; country?: string } {
  const comma = text.lastIndexOf(',');
  if (comma < 0) return { name: text };
  const country = catalogue.resolveId('world', text.slice(comma + 1).trim());
  return country && /^[A-Z]{2}$/.test(country) ? { name: text.slice(0, comma), country } : { name: text };
}

/** The places for a query, best first. A country in the query and one in the filter must agree. */
export function findPlaces(catalogue: Catalogue, query: string, filter: SearchFilter, limit: number): Place[] {
  const { name, country } = splitCountry(catalogue, query);
  if (country && filter.country && country !== filter.country) return [];
  const index = placeIndex(catalogue);
  const world = catalogue.scope('world');
  const nameOf = (scope: string, id: string) =>
    (scope === 'world' ? world : catalogue.scope(scope))?.regions.find((r) => r.id === id)?.name ?? null;
  return index.search(placeKey(name), { ...filter, country: country ?? filter.country }, limit).map(({ place }) => {
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

/** The position of the best place for a name in a request, `kind` preferred (a sea route's ends: ports), or
 *  undefined when nothing matches exactly: a request draws what it names, never what only starts like it. */
export function resolvePlace(
  catalogue: Catalogue,
  text: string,
  kind?: PlaceKind,
): [lat: number, lon: number] | undefined {
  const { name, country } = splitCountry(catalogue, text);
  const index = placeKey(name) ? placeIndex(catalogue) : undefined;
  const exact = (filter: SearchFilter) =>
    index?.search(placeKey(name), { ...filter, country }, 1).find((f) => f.match === 3);
  const found = (kind && exact({ kind })) || exact({});
  return found && index ? [index.lat(found.place), index.lon(found.place)] : undefined;
}
