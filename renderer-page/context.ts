import type { GeoPath } from 'd3';
import type { MapSpec, RenderWarnings } from './spec.ts';
import type { Theme } from './themes/theme.ts';
import type { ScopeGeometry } from './geometry/scope-geometry.ts';
import type { Layout } from './layout.ts';
import type { Frame } from './frame.ts';
import type { FillScale, LegendEntry } from './scales/fill-scale.ts';
import type { DrawnRegion } from './drawn-regions.ts';
import type { Corners } from './furniture/corners.ts';
import type { Box } from './geometry/box-inside.ts';
import type { SeaNetwork } from './sea-routing/sea-network.ts';
import type { MapDocument, MapElement, ParsedElement } from './map-document.ts';
import type { MapText } from './map-text.ts';

/** Everything a layer may read; no globals, so the same code runs in a pool page, an SVG thread, the preview
 *  page and tests. */
export interface RenderContext {
  doc: MapDocument;
  /** SVG text as an element whose children `doc.importNode` takes */
  parseSvg(text: string): ParsedElement;
  spec: MapSpec;
  /** names and numbers as the request's locale writes them */
  text: MapText;
  theme: Theme;
  layout: Layout;
  geometry: ScopeGeometry;
  /** the projection and the scope's fixed geometry drawn with it, shared by renders of the same frame */
  frame: Frame;
  /** for what each request brings (routes, shapes): coordinates to 0.1 px */
  path: GeoPath;
  /** what the regions are painted by, and all the legend reads: the fill scale (null when no region has a
   *  value), and the highlight and no data swatches the map calls for */
  scales: { fill: FillScale | null; fixed: LegendEntry[] };
  /** the regions the map draws, as outlines or dots */
  drawnRegions: DrawnRegion[];
  /** the boxes of the furniture the request turned on, which the legend keeps clear of */
  corners: Corners;
  /** what the markers drew, their symbols and labels, and the routes' arrowheads, in screen px: those layers fill
   *  it, and the region labels drawn over it keep clear of it */
  symbolBoxes: Box[];
  warnings: RenderWarnings;
  /** screen point of a region's visual centre (cached per render), or null when it is not drawn */
  centreOf(id: string): [number, number] | null;
  /** the maritime network, loaded only when a route has mode `sea` */
  seaNetwork: SeaNetwork | null;
  /** whether regions, circles and shapes get a tooltip (RenderEnvironment.tooltips) */
  tooltips: boolean;
}

export type Layer = (ctx: RenderContext) => MapElement | null;
