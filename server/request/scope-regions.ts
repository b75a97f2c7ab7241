// Whether a table's cell names a region of the scope a request asks for, at any of its levels (France's régions
// and départements, the US's states and counties): how the table reader tells a column of regions and a header
// from data before the request is normalised. An unknown scope or `custom` knows none; normalise.ts refuses the
// one and resolves the other's ids itself.
import type { Catalogue } from '../../topology/catalogue.ts';
import { namedLevel } from './division.ts';

export function regionsOfScope(catalogue: Catalogue, request: Record<string, unknown>): (cell: string) => boolean {
  const scope = typeof request.scope === 'string' ? catalogue.scope(request.scope.trim()) : undefined;
  if (!scope) return () => false;
  // a level the scope lacks is refused when the request is normalised; until then, every level is looked in
  const given = typeof request.division === 'string' ? namedLevel(scope, request.division) : undefined;
  const levels = given ? [given.id] : [null, ...scope.divisions.map((division) => division.id)];
  return (cell) => {
    const trimmed = cell.trim();
    return trimmed !== '' && levels.some((level) => catalogue.resolveIn(scope.id, level, trimmed) !== undefined);
  };
}
