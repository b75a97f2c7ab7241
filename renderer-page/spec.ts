// The renderer's input contract: the normalised request. The server builds it (filling every default,
// canonicalising ids and enumerations) and imports these types only; the renderer trusts it as given.

export type ScopeId = 'world' | 'RO';
export type Level = 'low' | 'medium' | 'high';
export type Format = 'svg' | 'png';
export type ThemeName =
  | 'dark' | 'light' | 'light-blue' | 'light-mono' | 'dark-blue' | 'dark-mono'
  | 'satellite' | 'terrain' | 'minimal' | 'contrast';
export type ProjectionName = 'naturalEarth1' | 'albersUsa' | 'conicConformal' | 'mercator' | 'equalEarth';
export type ColorScaleName = 'sequential' | 'diverging' | 'categorical';
export type Classification = 'quantile' | 'jenks' | 'equal' | 'custom';
export type LegendLayout = 'vertical' | 'horizontal' | 'continuous';
export type PatternName = 'stripes' | 'stripes-diagonal' | 'dots' | 'crosshatch' | 'solid-outline';

export interface RegionSpec {
  /** canonical id, e.g. `US`, `RO-CJ` */
  id: string;
  /** number: choropleth; string: category; null: no value */
  value: number | string | null;
  /** asked for without a value (null or empty): drawn in the theme's highlight colour */
  highlight: boolean;
  /** `#rrggbb`, overrides the scale; with a pattern, the pattern's foreground */
  color: string | null;
  pattern: PatternName | null;
  /** tooltip text, shown after the region's name and value */
  annotation: string | null;
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
  /** `sequential` only; `diverging` is symmetric around zero and `categorical` has no classes */
  classification: Classification;
  /** upper edges of the bins, ascending; only with classification `custom`, else null */
  breaks: number[] | null;
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
