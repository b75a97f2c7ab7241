// The renderer's input contract: the normalised request. The server builds it (filling every default,
// canonicalising ids and enumerations) and imports these types only; the renderer trusts it as given.
import type {
  Classification,
  ColorScaleName,
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
} from '../shared/lists.ts';
import type { Worldview } from '../topology/scopes.ts';

// the names a request chooses from, written once in shared/lists.ts, under the names the renderer knows them by
export type {
  Classification,
  ColorScaleName,
  Format,
  LegendLayout,
  Level,
  MarkerIcon,
  PatternName,
  ProjectionName,
  ThemeName,
};

/** `world`, a country's ISO 3166-1 alpha-2 code (`DE`), or another scope of the catalogue */
type ScopeId = string;

/** How a locale writes numbers: d3-format's locale definition, worked out by the server from `locale`. */
export interface NumberLocale {
  decimal: string;
  thousands: string;
  grouping: number[];
  currency: [string, string];
  percent?: string;
}

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
  /** a unit drawn apart from its country (Somaliland), given the country's entry: the country's id
   *  (server/request/drawn-apart.ts) */
  partOf?: string;
}

export type LonLat = [number, number];

export interface MarkerSpec {
  lat: number;
  lon: number;
  /** exactly one of icon and sidc is set */
  icon: MarkerIcon | null;
  /** 20- or 30-digit APP-6 / MIL-STD-2525 code, drawn with milsymbol */
  sidc: string | null;
  label: string | null;
  labelPosition: LabelPosition;
  /** px, 1 to 200 */
  size: number;
  /** degrees clockwise */
  rotation: number;
  /** `#rrggbb`; null: the theme's marker colour */
  color: string | null;
}

/** A region's visual centre, or explicit coordinates. */
export type RouteEnd = { region: string } | { lonLat: LonLat };

export interface RouteSpec {
  /** position in the request, drawn as `data-index` (routes with unknown ends are dropped before drawing) */
  index: number;
  from: RouteEnd;
  to: RouteEnd;
  /** null: the theme's text colour */
  color: string | null;
  width: number;
  style: RouteStyle;
  arrow: boolean;
  mode: RouteMode;
}

/** Style properties a shape may carry (spec 2.6), validated. */
export interface ShapeProperties {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
  dashArray?: number[];
  radius?: number;
  title?: string;
}

export interface ShapeFeature {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: LonLat }
    | { type: 'LineString'; coordinates: LonLat[] }
    | { type: 'MultiLineString'; coordinates: LonLat[][] }
    | { type: 'Polygon'; coordinates: LonLat[][] }
    | { type: 'MultiPolygon'; coordinates: LonLat[][][] };
  properties: ShapeProperties;
}

interface ProportionalSpec {
  id: string;
  value: number;
  color: string | null;
}

/** The user's own boundaries (`scope: "custom"`), checked and made a topology like the built ones: `regions`
 *  with ids and names, `points` with an anchor each. */
export interface CustomGeometry {
  /** a hash of the topology: what frames and decoded geometry are kept under */
  key: string;
  /** the Topology as JSON text */
  topology: string;
}

export interface MapSpec {
  scope: ScopeId;
  /** the scope's English name (`World`, `Germany`, `European Union`), for the map's title and description */
  scopeName: string;
  /** the official level drawn where a scope has two, as the request's ids chose it (`regions` for France's
   *  régions, `counties` for the US counties); null for the scope's own regions */
  division: string | null;
  /** the request's own boundaries, with scope `custom`; null for every other scope */
  geometry: CustomGeometry | null;
  level: Level;
  format: Format;
  width: number;
  /** null: from the projection's aspect ratio */
  height: number | null;
  projection: ProjectionName;
  /** neighbouring land drawn muted around the scope's regions; null: unless the projection is a composite with
   *  insets whose mainland ends short of the picture's edge (albersUsa, France's, a country's with far islands) */
  context: boolean | null;
  /** whose lines the scope's files draw (`europe@de-facto-low.json`): `un` unless the scope has a variant for the
   *  worldview asked for */
  worldview: Worldview;
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
  /** the heading of the proportional circles' size key */
  sizeKeyTitle: string | null;
  legendLayout: LegendLayout;
  legendPosition: LegendPosition;
  title: string | null;
  subtitle: string | null;
  /** the credit line to draw, or null for none */
  attribution: string | null;
  /** the data's source, printed as given before the credit (one line, no control characters) */
  source: string | null;
  markers: MarkerSpec[];
  routes: RouteSpec[];
  shapes: ShapeFeature[];
  /** what a region's label says: its id, name (in `locale`), value, or name and value */
  labelContent: LabelContent;
  /** region labels: every region (`all`, at least `labelMinArea` px² in area), the listed ids, or none */
  labels: { mode: 'none' | 'all' | 'list'; ids: string[]; minArea: number };
  /** sorted by id; radius = max(min, sqrt(value / largest) × max) */
  proportional: { items: ProportionalSpec[]; min: number; max: number };
  graticule: boolean;
  northArrow: boolean;
  scaleBar: boolean;
  logo: boolean;
  /** [minLon, minLat, maxLon, maxLat]: fit the map to this box instead of the scope */
  bbox: [number, number, number, number] | null;
  /** px between the frame and the map */
  padding: number;
  /** device pixel ratio of a PNG, JPEG or WebP (1 to 4); 1 for SVG and PDF */
  scale: number;
  /** canonical BCP 47 (`de-DE`): the language of region names, falling back to English */
  locale: string;
  /** the language of `locale` the build has region names in (`de`: `names-de.json`), or null for English */
  nameLanguage: string | null;
  /** how `locale` writes numbers */
  numberLocale: NumberLocale;
  /** a d3-format specifier for data values (legend, tooltips, labels), or null for the shortest readable form */
  numberFormat: string | null;
  /** written after each data value formatted without `numberFormat` (`%` for a CSV column of percentages) */
  valueSuffix: string | null;
  /** replaces the automatic description of the map (the SVG's `<desc>`, the PNG's Description) */
  alt: string | null;
  /** JPEG and WebP quality (1 to 100); null for the other formats */
  quality: number | null;
  /** no background: the canvas is left empty (never with JPEG) */
  transparent: boolean;
}

export interface RenderWarnings {
  /** routes with an end the renderer could not place, as `from>to` */
  unknownRoutes: string[];
  /** marker labels left out: no side of their marker had room for them */
  hiddenLabels: string[];
  /** regions with data the map could not draw (their place outside the frame), by id */
  notDrawn: string[];
}

/** A render that warns of nothing. */
export const noWarnings = (): RenderWarnings => ({ unknownRoutes: [], hiddenLabels: [], notDrawn: [] });

/** What `window.renderMap` answers in a page once the map is drawn into #map. */
export interface RenderResult {
  width: number;
  height: number;
  warnings: RenderWarnings;
  /** what the map shows, in words: `alt`, or the automatic description */
  description: string;
  /** laid out with more device pixels than the page was allowed, and so not drawn: nothing else holds */
  overPixels: boolean;
}
