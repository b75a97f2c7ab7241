// Normalising the cartographic layers (the schema filled their defaults): ids resolved, unresolvable routes set aside.
import type { LonLat, MapSpec, MarkerSpec, RouteEnd, RouteSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import type { ValidRequest } from './schema.ts';

/** Canonical id for a user's spelling, or undefined (the resolver records it as unknown). */
export type Resolve = (raw: string) => string | undefined;

export function normaliseMarkers(valid: ValidRequest): MarkerSpec[] {
  return (valid.markers ?? []).map((m) => ({
    lat: m.lat,
    lon: m.lon,
    icon: m.sidc ? null : m.icon,
    sidc: m.sidc ?? null,
    label: m.label ?? null,
    labelPosition: m.labelPosition ?? (m.sidc ? 'bottom' : 'right'),
    size: m.size,
    rotation: m.rotation,
    color: m.color ?? null,
  }));
}

/** Routes whose ends resolve, in request order (each keeps its request index), and the others written
 *  `from>to` as the user wrote them, for X-Geo-Warnings. */
export function normaliseRoutes(valid: ValidRequest, resolveQuietly: (raw: string) => string | undefined) {
  const routes: RouteSpec[] = [];
  const unknownRoutes: string[] = [];
  (valid.routes ?? []).forEach((r, index) => {
    const end = (id: string | null | undefined, latLon: number[] | null | undefined): RouteEnd | null => {
      if (latLon) return { lonLat: [latLon[1], latLon[0]] as LonLat };
      const region = id ? resolveQuietly(id) : undefined;
      return region ? { region } : null;
    };
    const from = end(r.from, r.fromLatLon);
    const to = end(r.to, r.toLatLon);
    if (!from || !to) {
      const written = (id: string | null | undefined, latLon: number[] | null | undefined) => id ?? latLon?.join(',') ?? '';
      unknownRoutes.push(`${written(r.from, r.fromLatLon)}>${written(r.to, r.toLatLon)}`);
      return;
    }
    routes.push({
      index, from, to, color: r.color ?? null, width: r.width, style: r.style, arrow: r.arrow, mode: r.mode,
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
