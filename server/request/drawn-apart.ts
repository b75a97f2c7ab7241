// Units Natural Earth draws apart from the country ISO 3166 counts them in (Somaliland from Somalia, Northern
// Cyprus and the UN buffer zone from Cyprus; topology/world-regions.ts decides which): a value for the country is
// a value for them, unless the request gives them their own, so that a map of Somalia's data has no grey hole in
// its north. Each takes a copy of its country's entry marked `partOf`, which the renderer paints like the country,
// names in the tooltip ("the value of Somalia") and the description, and leaves out of the classes.
import type { RegionSpec } from '../../renderer-page/spec.ts';
import type { ScopeCatalogue } from '../../topology/catalogue.ts';

/** `regions` (resolved, one entry per id) with a copy of its country's entry for each unit drawn apart that has
 *  none of its own. */
export function withUnitsDrawnApart(scope: ScopeCatalogue, regions: RegionSpec[]): RegionSpec[] {
  const given = new Map(regions.map((r) => [r.id, r]));
  const copies = scope.regions.flatMap((unit): RegionSpec[] => {
    const country = unit.partOf ? given.get(unit.partOf) : undefined;
    return country && !given.has(unit.id) ? [{ ...country, id: unit.id, partOf: country.id }] : [];
  });
  return copies.length ? [...regions, ...copies] : regions;
}
