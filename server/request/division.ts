// Which official level of a two-level scope a request draws: the one its ids are ids of. France's `FR-IDF` is
// a région, `FR-75C` a département; the US's `06` is California, `06037` Los Angeles County.
import type { Catalogue, ScopeCatalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import type { ValidRequest } from './schema.ts';

/** Every region id a request names, as written: data, patterns, annotations, labels, circles, route ends. */
function idsOf(valid: ValidRequest): string[] {
  const routeEnds = (valid.routes ?? []).flatMap((r) => [r.fromLatLon ? null : r.from, r.toLatLon ? null : r.to]);
  return [
    ...(valid.regions ?? []).map((r) => r.id),
    ...(valid.patterns ?? []).map((p) => p.id),
    ...(valid.annotations ?? []).map((a) => a.id),
    ...(Array.isArray(valid.labels) ? valid.labels : []),
    ...(valid.proportional ?? []).map((p) => p.id),
    ...routeEnds,
  ]
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.trim());
}

/**
 * The division the request's ids belong to (null: the scope's regions). An id both levels know (Guadeloupe
 * is a département and a région) decides nothing; ids only one level knows decide, and ids of two levels in
 * one request are refused, naming some of each.
 */
export function chooseDivision(scope: ScopeCatalogue, valid: ValidRequest, catalogue: Catalogue): string | null {
  if (!scope.divisions.length) return null;
  const divisions: Array<{ id: string | null; regionKind: string }> = [
    { id: null, regionKind: scope.regionKind },
    ...scope.divisions,
  ];
  const only = new Map<string | null, string[]>();
  for (const raw of new Set(idsOf(valid))) {
    const knownBy = divisions.filter((d) => catalogue.resolveIn(scope.id, d.id, raw) !== undefined);
    if (knownBy.length !== 1) continue;
    const ids = only.get(knownBy[0]!.id);
    if (ids) ids.push(raw);
    else only.set(knownBy[0]!.id, [raw]);
  }
  if (only.size > 1) {
    const parts = divisions
      .filter((d) => only.has(d.id))
      .map((d) => `${only.get(d.id)!.slice(0, 3).join(', ')} are ${d.regionKind}`);
    throw new ApiError(
      'invalid_data',
      `ids of two levels in one request: ${parts.join('; ')}; give the ids of one level`,
      'regions',
    );
  }
  return [...only.keys()][0] ?? null;
}
