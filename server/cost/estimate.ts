// What a map will cost to draw, worked out from the request before it is drawn: estimated milliseconds of one
// render alone (a pool page or an SVG thread) on a machine like the benchmark's (2 cores), summed over what the
// request asks for. Each coefficient was measured with one client asking for maps nobody had asked for before
// (a scope's first map decodes and projects its outlines: the estimate is that cold render's, which a client can
// always get by asking for scopes in turn), and rounded up. `npm run bench` compares the estimates with renders.
import type { Format, MapSpec } from '../../renderer-page/spec.ts';

/** One thing the map draws, what it costs, and the field a client would reduce. */
interface CostPart {
  /** in words: `500 sea routes`, `a 8192 × 8192 px WebP` */
  what: string;
  field: string;
  ms: number;
}

export interface CostEstimate {
  ms: number;
  /** costliest first */
  parts: CostPart[];
}

/** What the estimate needs besides the request. */
export interface CostFacts {
  /** bytes of the built topology `name` (`DE-high`, `FR.regions-low`) */
  topologyBytes(name: string): number;
  /** regions a scope (or one of its divisions) has: what `labels: ISO` may label */
  regionCount(scope: string, division: string | null): number;
  /** the map's height in CSS px when the request leaves it to the scope's shape: learnt from earlier maps of
   *  the same frame, else as tall as wide */
  naturalHeight(spec: MapSpec): number;
}

/** Milliseconds, each measured (see above) and rounded up. */
export const COSTS = {
  /** a map with nothing in it: the request's trip into the renderer and back, the furniture */
  base: 5,
  /** a scope's outlines, decoded and projected for its first map: world at high detail, 3.6 MB, took 560 ms;
   *  the US at low detail, 80 KB with its insets, 120 */
  geometry: { fixed: 60, perKiB: 0.25 },
  /** a million device pixels drawn, composited and encoded (a PDF is printed as vectors) */
  perMegapixel: { svg: 0, pdf: 1, png: 14, jpeg: 15, webp: 65 } satisfies Record<Format, number>,
  /** a search along the shipping lanes: 5 ms on average over 500 random ends, more across oceans */
  seaRoute: 8,
  greatCircle: 0.2,
  marker: 0.1,
  /** a label placed and drawn: text as vectors in an SVG, rasterised in a picture (3,000 county labels took 45
   *  and 430 ms) */
  label: { vector: 0.02, raster: 0.15 },
  /** a position of `shapes` projected and drawn (50,000 took 100 ms) */
  shapePosition: 0.002,
  proportional: 0.05,
  region: 0.01,
};

const RASTERS: readonly Format[] = ['png', 'jpeg', 'webp'];
const FORMAT_NAMES: Record<Format, string> = { svg: 'SVG', pdf: 'PDF', png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

/** Positions of a shape's coordinates. */
function positions(coordinates: unknown): number {
  if (!Array.isArray(coordinates)) return 0;
  if (typeof coordinates[0] === 'number') return 1;
  let total = 0;
  for (const item of coordinates) total += positions(item);
  return total;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

export function estimateCost(spec: MapSpec, facts: CostFacts): CostEstimate {
  const parts: CostPart[] = [];
  const add = (what: string, field: string, ms: number) => {
    if (ms > 0) parts.push({ what, field, ms });
  };
  add('the map itself', 'scope', COSTS.base);

  const bytes = spec.geometry
    ? spec.geometry.topology.length
    : facts.topologyBytes(`${spec.scope}${spec.division === null ? '' : `.${spec.division}`}-${spec.level}`);
  add(
    spec.geometry ? 'your geometry' : `the outlines at ${spec.level} detail`,
    spec.geometry ? 'geometry' : 'level',
    COSTS.geometry.fixed + (COSTS.geometry.perKiB * bytes) / 1024,
  );

  const scale = RASTERS.includes(spec.format) ? spec.scale : 1;
  const height = spec.height ?? facts.naturalHeight(spec);
  const megapixels = (spec.width * scale * height * scale) / 1e6;
  add(
    `a ${spec.width} × ${Math.round(height)} px ${FORMAT_NAMES[spec.format]}${scale === 1 ? '' : ` at scale ${scale}`}`,
    scale > 1 ? 'scale' : 'width',
    megapixels * COSTS.perMegapixel[spec.format],
  );

  const sea = spec.routes.filter((route) => route.mode === 'sea').length;
  add(plural(sea, 'sea route'), 'routes', sea * COSTS.seaRoute);
  const greatCircles = spec.routes.length - sea;
  add(plural(greatCircles, 'route'), 'routes', greatCircles * COSTS.greatCircle);
  add(plural(spec.markers.length, 'marker'), 'markers', spec.markers.length * COSTS.marker);

  const labels =
    spec.labels.mode === 'all'
      ? spec.geometry
        ? (spec.geometry.topology.match(/"type":"(?:Multi)?Polygon"/g)?.length ?? 0)
        : facts.regionCount(spec.scope, spec.division)
      : spec.labels.ids.length;
  const perLabel = RASTERS.includes(spec.format) ? COSTS.label.raster : COSTS.label.vector;
  add(plural(labels, 'label'), 'labels', labels * perLabel);

  const shapePositions = spec.shapes.reduce((sum, shape) => sum + positions(shape.geometry.coordinates), 0);
  add(plural(shapePositions, 'position') + ' of shapes', 'shapes', shapePositions * COSTS.shapePosition);
  const circles = spec.proportional.items.length;
  add(plural(circles, 'circle'), 'proportional', circles * COSTS.proportional);
  add(plural(spec.regions.length, 'region') + ' with data', 'regions', spec.regions.length * COSTS.region);

  parts.sort((a, b) => b.ms - a.ms);
  return { ms: parts.reduce((sum, part) => sum + part.ms, 0), parts };
}
