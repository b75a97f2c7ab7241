// Place names where a request gives a position (DECISIONS §13): a marker's `place`, and a route end that is
// neither `lat,lon` nor a region of the scope. They resolve to coordinates here, so the normalised request (and the
// ETag) holds the position, as it holds a canonical id for an alias: `markers=Bucharest` and the coordinates GET
// /places gives for Bucharest are one map and one cache entry. A name matches a place's name or code whole (never
// a place that only starts like it); the best such place by population wins, a port first for a sea route's end.
import type { Catalogue } from '../../topology/catalogue.ts';
import type { LonLat, RouteSpec } from '../../renderer-page/spec.ts';
import { resolvePlace } from '../places/places.ts';
import { MAX_WARNING_ENTRIES } from '../http/geo-warnings.ts';

export interface PlaceNames {
  /** a marker's place as [lat, lon]; undefined (and listed in `unknown`) when it is none */
  marker(name: string): [lat: number, lon: number] | undefined;
  /** a route end as [lon, lat], or undefined: the route is then an unknown route */
  routeEnd(name: string, mode: RouteSpec['mode']): LonLat | undefined;
  /** the markers' places that resolved to nothing, as written, each once, at most MAX_WARNING_ENTRIES */
  unknown: string[];
}

export function placeNames(catalogue: Catalogue): PlaceNames {
  const unknown: string[] = [];
  return {
    unknown,
    marker(name) {
      const at = resolvePlace(catalogue, name.trim());
      if (!at && !unknown.includes(name) && unknown.length < MAX_WARNING_ENTRIES) unknown.push(name);
      return at;
    },
    routeEnd(name, mode) {
      const at = resolvePlace(catalogue, name.trim(), mode === 'sea' ? 'port' : undefined);
      return at && [at[1], at[0]];
    },
  };
}
