// The renderer's input contract: the normalised request. The server builds it (filling every default,
// canonicalising ids and enumerations) and imports these types only; the renderer trusts it as given.

export type ScopeId = 'world' | 'RO';
export type Level = 'low' | 'medium' | 'high';
export type Format = 'svg' | 'png';
export type ThemeName = 'dark' | 'light';
export type ProjectionName = 'naturalEarth1' | 'albersUsa' | 'conicConformal' | 'mercator' | 'equalEarth';
export type ColorScaleName = 'sequential' | 'categorical';
export type Classification = 'quantile';
export type LegendLayout = 'vertical';

export interface RegionSpec {
  /** canonical id, e.g. `US`, `RO-CJ` */
  id: string;
  /** number: choropleth; string: category; null: highlight only (or flat colour when `color` is set) */
  value: number | string | null;
  /** `#rrggbb`, overrides the scale */
  color: string | null;
}

export interface MapSpec {
  scope: ScopeId;
  level: Level;
  format: Format;
  width: number;
  /** null: from the projection's aspect ratio */
  height: number | null;
  projection: ProjectionName;
  theme: ThemeName;
  colorScale: ColorScaleName;
  classification: Classification;
  /** sorted by id */
  regions: RegionSpec[];
  /** text categories in order of first appearance in the request (they pick palette colours in that order) */
  categories: string[];
  legend: boolean;
  legendTitle: string | null;
  legendLayout: LegendLayout;
  title: string | null;
  subtitle: string | null;
  /** the credit line to draw, or null for none */
  attribution: string | null;
}

export interface RenderWarnings {
  unknownRoutes: string[];
}

export interface RenderResult {
  svg: string;
  width: number;
  height: number;
  warnings: RenderWarnings;
}
