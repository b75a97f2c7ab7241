import { geoPath } from 'd3';
import type { MapSpec, RenderResult } from './spec.ts';
import type { Layer, RenderContext } from './context.ts';
import { themes } from './themes/index.ts';
import { loadScopeGeometry } from './geometry.ts';
import { fitProjection, naturalHeight } from './projection.ts';
import { computeLayout } from './layout.ts';
import { buildFillScale } from './scales/fill-scale.ts';
import { FONT_FAMILY } from './fonts.ts';
import { el, SVG_NS } from './svg.ts';
import { backgroundLayer } from './layers/background.ts';
import { regionsLayer } from './layers/regions.ts';
import { titleLayer } from './furniture/title.ts';
import { legendLayer } from './furniture/legend.ts';
import { attributionLayer } from './furniture/attribution.ts';

/** The fixed z-order of DECISIONS.md §7: map layers first, furniture on top. */
const PIPELINE: Layer[] = [backgroundLayer, regionsLayer, titleLayer, legendLayer, attributionLayer];

export interface RenderOptions {
  /** where `{scope}-{level}.json` topologies are fetched from */
  topologyBase: string;
  /** the element the SVG is drawn into (a PNG is a screenshot of it) */
  container: Element;
}

export async function renderMap(spec: MapSpec, options: RenderOptions): Promise<RenderResult> {
  const doc = options.container.ownerDocument;
  const geometry = await loadScopeGeometry(spec.scope, spec.level, options.topologyBase);
  const theme = themes[spec.theme];
  const layout = computeLayout(doc, spec, (w) => naturalHeight(spec.scope, spec.projection, geometry, w));
  const { projection, showsGlobe } = fitProjection(spec.scope, spec.projection, geometry, layout.mapExtent);
  const ctx: RenderContext = {
    doc, spec, theme, layout, geometry, projection, showsGlobe,
    path: geoPath(projection).digits(1),
    scales: { fill: buildFillScale(spec, theme) },
    drawn: { noData: 0, highlighted: 0 },
    warnings: { unknownRoutes: [] },
  };

  const { width, height } = layout;
  const svg = el(doc, 'svg', {
    xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': FONT_FAMILY,
  });
  for (const layer of PIPELINE) {
    const node = layer(ctx);
    if (node) svg.appendChild(node);
  }
  options.container.replaceChildren(svg);
  return { svg: new XMLSerializer().serializeToString(svg), width, height, warnings: ctx.warnings };
}
