// The finer divisions of a country scope whose units come from a source of their own rather than from Natural
// Earth's admin-1 (the US counties, from us-atlas), each declared once with the files it reads. country-scopes.ts
// builds each with its country, under the country's regions, and leaves a spelling both levels claim to the unit
// it names (level-aliases.ts). A division merged from the country's own regions is parent-divisions.ts's.

import type { Topology } from 'topojson-specification';
import type { DivisionCatalogue, RegionEntry } from './catalogue.js';
import type { Surroundings } from './surroundings.js';
import { buildUsCounties, US_COUNTIES_FILE } from './us-counties.js';

interface FinerDivision {
  division: DivisionCatalogue;
  /** the id of the country's region a unit of the division lies in */
  parentOf(id: string): string | undefined;
}

interface DivisionSource {
  /** the files its units are read from */
  reads: readonly string[];
  /** builds the division from the country's `regions` and the land `around` it, writing its levels */
  build(
    regions: RegionEntry[],
    around: Surroundings,
    write: (file: string, topology: Topology) => number,
  ): FinerDivision;
}

/** By country. */
export const DIVISION_SOURCES: Readonly<Record<string, DivisionSource>> = {
  US: { reads: [US_COUNTIES_FILE], build: buildUsCounties },
};
