// Whether a table's cell names a region of the scope a request asks for, at any of its levels (France's régions
// and départements, the US's states and counties): how the table reader tells a column of regions and a header
// from data before the request is normalised. An unknown scope or `custom` knows none; normalise.ts refuses the
// one and resolves the other's ids itself.
import type { Catalogue } from '../../topology/catalogue.ts';

export function regionsOfScope(catalogue: Catalogue, request: Record<string, unknown>): (cell: string) => boolean {
  const scope = typeof request.scope === 'string' ? catalogue.scope(request.scope.trim()) : undefined;
  if (!scope) return () => false;
  const given = typeof request.division === 'string' && request.division.trim() !== '' ? request.division.trim() : null;
  const levels = given ? [given] : [null, ...scope.divisions.map((division) => division.id)];
  return (cell) => {
    const trimmed = cell.trim();
    return trimmed !== '' && levels.some((level) => catalogue.resolveIn(scope.id, level, trimmed) !== undefined);
  };
}
