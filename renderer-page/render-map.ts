import { geoPath } from 'd3';
import { noWarnings, type MapSpec, type RenderWarnings } from './spec.ts';
import type { Layer, RenderContext } from './context.ts';
import { themes } from './themes/index.ts';
import type { GeometryStore } from './geometry-store.ts';
import { computeLayout, type Layout } from './layout.ts';
import { buildFillScale } from './scales/fill-scale.ts';
import { fixedFillEntries } from './scales/fixed-fills.ts';
import { drawnRegions } from './drawn-regions.ts';
import { mapText } from './map-text.ts';
import { describeMap } from './describe.ts';
import { furnitureCorners } from './furniture/corners.ts';
import { FONT_FAMILY } from './fonts.ts';
import { el, SVG_NS } from './svg.ts';
import type { MapDocument, MapElement, ParsedElement } from './map-document.ts';
import { backgroundLayer } from './layers/background.ts';
import { regionsLayer } from './layers/regions.ts';
import { graticuleLayer } from './layers/graticule.ts';
import { shapesLayer } from './layers/shapes.ts';
import { proportionalLayer } from './layers/proportional.ts';
import { labelsLayer } from './layers/labels.ts';
import { routesLayer } from './layers/routes.ts';
import { northArrowLayer } from './furniture/north-arrow.ts';
import { scaleBarLayer } from './furniture/scale-bar.ts';
import { logoLayer } from './furniture/logo.ts';
import { markersLayer } from './layers/markers.ts';
import { titleLayer } from './furniture/title.ts';
import { legendBand, legendLayer } from './furniture/legend.ts';
import { sizeKeyLayer } from './furniture/size-key.ts';
import { attributionLayer } from './furniture/attribution.ts';

/** The fixed z-order of DECISIONS.md §7: map layers first, furniture on top. */
const PIPELINE: Layer[] = [
  backgroundLayer,
  graticuleLayer,
  regionsLayer,
  shapesLayer,
  routesLayer,
  proportionalLayer,
  markersLayer,
  labelsLayer,
  titleLayer,
  legendLayer,
  sizeKeyLayer,
  northArrowLayer,
  scaleBarLayer,
  attributionLayer,
  logoLayer,
];

/** What the renderer needs from the page it runs in: a Chromium pool page (PNG), the preview page, or an SVG
 *  thread's stand-in for a page (server/render/threads/svg-worker.ts). index.ts makes it of the page's globals. */
export interface RenderEnvironment {
  /** makes the SVG's elements */
  doc: MapDocument;
  /** what the page keeps from one map to the next (geometry-store.ts): one per page or thread */
  store: GeometryStore;
  /** SVG text (milsymbol's symbols) as an element whose children `doc.importNode` takes */
  parseSvg(text: string): ParsedElement;
  /** Whether the drawing is seen as it is, where a reader's pointer shows an element's `<title>`; false when a
   *  picture is taken of it (PNG, JPEG, WebP), which shows none. The 177 tooltips of a world map were 8% of the
   *  CPU its page spent on a PNG. */
  tooltips: boolean;
  /** Whether a map `width` × `height` CSS px may be drawn: a pool page's pictures have a budget of pixels (the
   *  server's MAX_PIXELS), which a height given by the scope's shape may take it past. Absent: any size. */
  fits?: (width: number, height: number) => boolean;
}

export interface Drawing {
  svg: MapElement;
  width: number;
  height: number;
  warnings: RenderWarnings;
  description: string;
  /** the frameKey of the frame the map is drawn in (frame.ts): maps of one key place the same outlines */
  frameKey: string;
}

/** The map drawn, or null when it does not fit (`env.fits`): laid out, but nothing drawn. */
export async function renderMap(spec: MapSpec, env: RenderEnvironment): Promise<Drawing | null> {
  const { doc, store } = env;
  const [geometry, names] = await Promise.all([store.scopeGeometry(spec), store.regionNames(spec.nameLanguage)]);
  const seaNetwork = spec.routes.some((r) => r.mode === 'sea') ? await store.seaNetwork() : null;
  const theme = themes[spec.theme];
  const text = mapText(spec, geometry, names);
  const fill = buildFillScale(spec, theme, text.value);
  const fits = (layout: Layout) => !env.fits || env.fits(layout.width, layout.height);
  const contextAt = (layout: Layout): RenderContext => {
    const frame = store.frame(spec, geometry, layout.mapExtent);
    const { drawn: regions, notDrawn } = drawnRegions(spec, geometry, frame, layout.mapExtent);
    const dots = new Map(regions.flatMap((r) => ('dot' in r ? [[r.id, r.dot] as const] : [])));
    return {
      doc,
      parseSvg: env.parseSvg,
      spec,
      text,
      theme,
      layout,
      geometry,
      frame,
      path: geoPath(frame.projection).digits(1),
      scales: { fill, fixed: fixedFillEntries(regions, theme, fill !== null) },
      drawnRegions: regions,
      corners: furnitureCorners(spec, layout, frame.projection),
      symbolBoxes: [],
      warnings: { ...noWarnings(), notDrawn },
      centreOf: (id) => dots.get(id) ?? frame.centre(id),
      seaNetwork,
      tooltips: env.tooltips,
    };
  };
  const mapHeight = (w: number) => store.naturalHeight(spec, geometry, w);
  let layout = computeLayout(spec, mapHeight);
  if (!fits(layout)) return null;
  let ctx = contextAt(layout);
  // a legend with no corner free of data goes below the map, which is then laid out again around it
  const band = legendBand(ctx);
  if (band) {
    layout = computeLayout(spec, mapHeight, band);
    if (!fits(layout)) return null;
    ctx = contextAt(layout);
  }

  const { width, height } = layout;
  const svg = el(doc, 'svg', {
    xmlns: SVG_NS,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-family': FONT_FAMILY,
    role: 'img',
  });
  // what a screen reader announces: the title as the image's name, the description as its details
  const description = spec.alt ?? describeMap(spec, text, geometry.anchors.size, ctx.warnings.notDrawn);
  svg.appendChild(el(doc, 'title', {}, spec.title ?? text.place));
  svg.appendChild(el(doc, 'desc', {}, description));
  for (const layer of PIPELINE) {
    const node = layer(ctx);
    if (node) svg.appendChild(node);
  }
  return { svg, width, height, warnings: ctx.warnings, description, frameKey: ctx.frame.key };
}
