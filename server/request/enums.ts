// The enumerations the server accepts, each tied to the renderer's type so neither can drift alone.
import type {
  ColorScaleName,
  Classification,
  Format,
  LabelContent,
  LabelPosition,
  LegendLayout,
  LegendPosition,
  Level,
  MarkerIcon,
  PatternName,
  ProjectionName,
  RouteMode,
  RouteStyle,
  ThemeName,
} from '../../renderer-page/spec.ts';

/** `list` typed as given; compiles only when it names every member of `Union` and nothing else. */
const every =
  <Union extends string>() =>
  <const List extends readonly Union[]>(list: List & ([Union] extends [List[number]] ? unknown : never)): List =>
    list;

export const THEMES = every<ThemeName>()([
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
]);
export const PROJECTIONS = every<ProjectionName>()([
  'naturalEarth1',
  'albersUsa',
  'conicConformal',
  'mercator',
  'equalEarth',
]);
export const COLOR_SCALES = every<ColorScaleName>()(['sequential', 'diverging', 'categorical']);
export const CLASSIFICATIONS = every<Classification>()(['quantile', 'jenks', 'equal', 'custom']);
export const LEGEND_LAYOUTS = every<LegendLayout>()(['vertical', 'horizontal', 'continuous']);
export const LEGEND_POSITIONS = every<LegendPosition>()([
  'auto',
  'top',
  'bottom',
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
]);
export const LABEL_CONTENTS = every<LabelContent>()(['id', 'name', 'value', 'name-value']);
export const PATTERNS = every<PatternName>()(['stripes', 'stripes-diagonal', 'dots', 'crosshatch', 'solid-outline']);
export const MARKER_ICONS = every<MarkerIcon>()([
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
]);
export const LABEL_POSITIONS = every<LabelPosition>()(['top', 'bottom', 'left', 'right']);
export const ROUTE_STYLES = every<RouteStyle>()(['solid', 'dashed', 'dotted']);
export const ROUTE_MODES = every<RouteMode>()(['great-circle', 'sea']);
export const LEVELS = every<Level>()(['low', 'medium', 'high']);
export const FORMATS = every<Format>()(['svg', 'png', 'pdf', 'jpeg', 'webp']);
/** The formats with an alpha channel or an empty page, which `transparent` may leave without a background. */
export const TRANSPARENT_FORMATS = ['svg', 'png', 'webp', 'pdf'] as const satisfies readonly Format[];

/** The list's own spelling of `raw`, matched case-insensitively, or `raw` unchanged when none matches. */
export function canonicalSpelling(list: readonly string[], raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const lower = raw.trim().toLowerCase();
  return list.find((item) => item.toLowerCase() === lower) ?? raw;
}
