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

/** A level of a scope as a request names it (`division`): a division by its id (`regions`, `counties`), the scope's
 *  own regions by their kind (`departments`, `council-areas`). */
interface Level {
  name: string;
  /** the catalogue's division; null: the scope's own regions */
  id: string | null;
  regionKind: string;
  /** how many units it has */
  units: number;
}

function levelsOf(scope: ScopeCatalogue): Level[] {
  return [
    {
      name: scope.regionKind.replace(/\s+/g, '-'),
      id: null,
      regionKind: scope.regionKind,
      units: scope.regions.length,
    },
    ...scope.divisions.map((d) => ({ name: d.id, id: d.id, regionKind: d.regionKind, units: d.regions.length })),
  ];
}

/** The level `name` is of the scope, or undefined when it has none of that name. */
export function namedLevel(scope: ScopeCatalogue, name: string): Level | undefined {
  const wanted = name.trim().toLowerCase();
  return levelsOf(scope).find((level) => level.name === wanted);
}

/**
 * Numbers that are all codes of a division and name at least half of its units are a table of that division: the
 * 13 INSEE région codes (`11`, `24`, … `94`), ISTAT's 20 regioni with their zeros lost (`1`…`20`), not the
 * départements or provinces that bear those numbers. Fewer such codes are the scope's own units, as before
 * (`division` says otherwise). `units`: each level's units of the ids, as `chooseDivision` resolved them.
 */
function numberedDivision(levels: Level[], ids: string[], units: Array<Map<string, string>>): string | null {
  if (!ids.length || !ids.every((id) => /^\d+$/.test(id))) return null;
  const numbered = levels.findIndex(
    (level, i) =>
      level.id !== null && units[i]!.size === ids.length && new Set(units[i]!.values()).size * 2 >= level.units,
  );
  return numbered < 0 ? null : levels[numbered]!.id;
}

/**
 * The division the request draws (null: the scope's regions): the one `division` names, else the one numbered codes
 * fill (numberedDivision), else the one its ids belong to. An id both levels know (Guadeloupe is a département and
 * a région) decides nothing, except a number, which is the scope's own unit's; ids only one level knows decide, and
 * ids of two levels in one request are refused, naming some of each.
 */
export function chooseDivision(scope: ScopeCatalogue, valid: ValidRequest, catalogue: Catalogue): string | null {
  const levels = levelsOf(scope);
  if (typeof valid.division === 'string') {
    const named = namedLevel(scope, valid.division);
    if (!named) {
      throw new ApiError(
        'invalid_field',
        `division must be one of: ${levels.map((level) => level.name).join(', ')} (the levels of ${scope.id})`,
        'division',
      );
    }
    return named.id;
  }
  if (!scope.divisions.length) return null;
  const ids = [...new Set(idsOf(valid))];
  // each id looked up once a level: a 5,000-row table is 10,000 look-ups
  const units = levels.map((level) => {
    const found = new Map<string, string>();
    for (const raw of ids) {
      const unit = catalogue.resolveIn(scope.id, level.id, raw);
      if (unit !== undefined) found.set(raw, unit);
    }
    return found;
  });
  const numbered = numberedDivision(levels, ids, units);
  if (numbered) return numbered;
  const only = new Map<string | null, string[]>();
  for (const raw of ids) {
    let knownBy = levels.filter((_, i) => units[i]!.has(raw));
    // a number both levels know is the scope's own unit's (`75` is Paris beside `FR-IDF`, not Nouvelle-Aquitaine)
    if (knownBy.length > 1 && /^\d+$/.test(raw) && knownBy[0]!.id === null) knownBy = [knownBy[0]!];
    if (knownBy.length !== 1) continue;
    const known = only.get(knownBy[0]!.id);
    if (known) known.push(raw);
    else only.set(knownBy[0]!.id, [raw]);
  }
  if (only.size > 1) {
    const parts = levels
      .filter((d) => only.has(d.id))
      .map((d) => `${only.get(d.id)!.slice(0, 3).join(', ')} are ${d.regionKind}`);
    throw new ApiError(
      'invalid_data',
      `ids of two levels in one request: ${parts.join('; ')}; give the ids of one level, or division to draw one`,
      'regions',
    );
  }
  return [...only.keys()][0] ?? null;
}
