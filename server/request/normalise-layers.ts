// Normalising the cartographic layers (the schema filled their defaults): ids resolved, unresolvable routes set aside.
import type { LonLat, MapSpec, MarkerSpec, RouteEnd, RouteSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import type { ValidRequest } from './schema.ts';
import { routeText } from './route-text.ts';
import type { PlaceNames } from './place-names.ts';

/** Canonical id for a user's spelling, or undefined (the resolver records it as unknown). */
export type Resolve = (raw: string) => string | undefined;

/** The markers, a place's position resolved; a place that is none is left out (places.unknown lists it). */
export function normaliseMarkers(valid: ValidRequest, places: PlaceNames): MarkerSpec[] {
  return (valid.markers ?? []).flatMap((m) => {
    const at = m.place ? places.marker(m.place) : [m.lat!, m.lon!];
    return at ? [{ lat: at[0], lon: at[1], ...markerOf(m) }] : [];
  });
}

function markerOf(m: NonNullable<ValidRequest['markers']>[number]): Omit<MarkerSpec, 'lat' | 'lon'> {
  return {
    icon: m.sidc ? null : m.icon,
    sidc: m.sidc ?? null,
    label: m.label ?? null,
    labelPosition: m.labelPosition ?? (m.sidc ? 'bottom' : 'right'),
    size: m.size,
    rotation: m.rotation,
    color: m.color ?? null,
  };
}

type GivenEnd = [id: string | null | undefined, latLon: number[] | null | undefined];

const lonLatOf = (latLon: number[]): LonLat => [latLon[1], latLon[0]];

/** The end as the user wrote it: the id wins where both are given, since it is what they will recognise. */
const asGiven = ([id, latLon]: GivenEnd): RouteEnd =>
  id != null || !latLon ? { region: id ?? '' } : { lonLat: lonLatOf(latLon) };

/** Routes whose ends resolve (a region of the scope, else a place), in request order (each keeps its request
 *  index), and the others written `from>to` with the ids as the user spelled them, for X-Geo-Warnings. */
export function normaliseRoutes(
  valid: ValidRequest,
  resolveQuietly: (raw: string) => string | undefined,
  places: PlaceNames,
) {
  const routes: RouteSpec[] = [];
  const unknownRoutes: string[] = [];
  (valid.routes ?? []).forEach((r, index) => {
    const end = ([id, latLon]: GivenEnd): RouteEnd | null => {
      if (latLon) return { lonLat: lonLatOf(latLon) };
      const region = id ? resolveQuietly(id) : undefined;
      if (region) return { region };
      const lonLat = id ? places.routeEnd(id, r.mode) : undefined;
      return lonLat ? { lonLat } : null;
    };
    const given: [GivenEnd, GivenEnd] = [
      [r.from, r.fromLatLon],
      [r.to, r.toLatLon],
    ];
    const [from, to] = given.map(end);
    if (!from || !to) {
      unknownRoutes.push(routeText(asGiven(given[0]), asGiven(given[1])));
      return;
    }
    routes.push({
      index,
      from,
      to,
      color: r.color ?? null,
      width: r.width,
      style: r.style,
      arrow: r.arrow,
      mode: r.mode,
    });
  });
  return { routes, unknownRoutes };
}

export function normaliseLabels(valid: ValidRequest, resolve: Resolve): MapSpec['labels'] {
  const minArea = valid.labelMinArea;
  if (valid.labels === 'ISO') return { mode: 'all', ids: [], minArea };
  if (!Array.isArray(valid.labels)) return { mode: 'none', ids: [], minArea };
  const ids = valid.labels.map(resolve).filter((id): id is string => id !== undefined);
  return { mode: 'list', ids: [...new Set(ids)].sort(), minArea };
}

export function normaliseProportional(valid: ValidRequest, resolve: Resolve): MapSpec['proportional'] {
  const byId = new Map<string, { id: string; value: number; color: string | null }>();
  for (const item of valid.proportional ?? []) {
    const id = resolve(item.id);
    if (!id) continue;
    if (byId.has(id)) throw new ApiError('invalid_data', `proportional: region ${id} is given twice`, 'proportional');
    byId.set(id, { id, value: item.value, color: item.color ?? null });
  }
  const items = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  return { items, min: valid.proportionalMin, max: valid.proportionalMax };
}
