// The lists of names both sides of the service know: what a request may choose (themes, projections, marker icons,
// ...) and what a scope of the catalogue is. Each is written once here, as a value the server validates requests
// and describes its API with, and its type is derived from it for the renderer's contract (renderer-page/spec.ts)
// and the topology build (topology/scopes.ts); where a copy on each side once had to be kept in step by hand.
// It imports nothing, so the server, the renderer bundle and the topology build may all import it.

export const LEVELS = ['low', 'medium', 'high'] as const;
export type Level = (typeof LEVELS)[number];

export const FORMATS = ['svg', 'png', 'pdf', 'jpeg', 'webp'] as const;
export type Format = (typeof FORMATS)[number];

export const THEMES = [
  'dark',
  'light',
  'light-blue',
  'light-mono',
  'dark-blue',
  'dark-mono',
  'satellite',
  'terrain',
  'minimal',
  'contrast',
] as const;
export type ThemeName = (typeof THEMES)[number];

export const PROJECTIONS = ['naturalEarth1', 'albersUsa', 'conicConformal', 'mercator', 'equalEarth'] as const;
export type ProjectionName = (typeof PROJECTIONS)[number];

export const COLOR_SCALES = ['sequential', 'diverging', 'categorical'] as const;
export type ColorScaleName = (typeof COLOR_SCALES)[number];

export const CLASSIFICATIONS = ['quantile', 'jenks', 'equal', 'custom'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export const LEGEND_LAYOUTS = ['vertical', 'horizontal', 'continuous'] as const;
export type LegendLayout = (typeof LEGEND_LAYOUTS)[number];

/** `auto`: a corner where the legend covers no region with data, else a band below the map */
export const LEGEND_POSITIONS = [
  'auto',
  'top',
  'bottom',
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
] as const;
export type LegendPosition = (typeof LEGEND_POSITIONS)[number];

export const LABEL_CONTENTS = ['id', 'name', 'value', 'name-value'] as const;
export type LabelContent = (typeof LABEL_CONTENTS)[number];

export const PATTERNS = ['stripes', 'stripes-diagonal', 'dots', 'crosshatch', 'solid-outline'] as const;
export type PatternName = (typeof PATTERNS)[number];

/** The 30 marker icons (DECISIONS.md §4); renderer-page/markers/icons.ts draws each. */
export const MARKER_ICONS = [
  'dot',
  'square',
  'triangle',
  'cross',
  'star',
  'pin',
  'flag',
  'airport',
  'anchor',
  'car',
  'bicycle',
  'helicopter',
  'ship',
  'train',
  'truck',
  'house',
  'building',
  'factory',
  'hospital',
  'tank',
  'base',
  'bomb',
  'fist',
  'soccer-ball',
  'megaphone',
  'mountain',
  'fire',
  'lightning',
  'warning',
  'person',
] as const;
export type MarkerIcon = (typeof MARKER_ICONS)[number];

export const LABEL_POSITIONS = ['top', 'bottom', 'left', 'right'] as const;
export type LabelPosition = (typeof LABEL_POSITIONS)[number];

export const ROUTE_STYLES = ['solid', 'dashed', 'dotted'] as const;
export type RouteStyle = (typeof ROUTE_STYLES)[number];

export const ROUTE_MODES = ['great-circle', 'sea'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

/** What a scope of the catalogue is: the world, a country, a group of countries, or a request's own geometry. */
export const SCOPE_KINDS = ['world', 'country', 'group', 'custom'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];
