// A composite projection as d3-composite-projections make theirs (and d3's albersUsa): a point goes to the part
// whose place it lies in, a stream goes through every part, each clipped to its panel, and the borders between
// the parts are path data (`getCompositionBorders`), which inset-panels.ts reads as panels. remote-insets.ts
// decides the parts.
import type { GeoProjection, GeoStream } from 'd3';

export type Point = [number, number];
export type Box = [Point, Point];
export type LonLatBounds = [Point, Point];

/** The box around two boxes. */
export const union = ([[ax0, ay0], [ax1, ay1]]: Box, [[bx0, by0], [bx1, by1]]: Box): Box => [
  [Math.min(ax0, bx0), Math.min(ay0, by0)],
  [Math.max(ax1, bx1), Math.max(ay1, by1)],
];

export const width = ([[x0], [x1]]: Box) => x1 - x0;
export const height = ([[, y0], [, y1]]: Box) => y1 - y0;
export const side = (box: Box) => Math.max(width(box), height(box));
/** How far apart two boxes are (0 when they touch or overlap). */
export const apart = ([[ax0, ay0], [ax1, ay1]]: Box, [[bx0, by0], [bx1, by1]]: Box) =>
  Math.max(0, bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1);
/** The box around the points. */
export function boxOf(points: Point[]): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [
    [x0, y0],
    [x1, y1],
  ];
}

/** A far part of a country, drawn in a panel of its own. */
export interface Inset {
  bounds: LonLatBounds;
  /** degrees around `bounds` still routed to the inset (a marker beside an island): a fifth of the way to the
   *  mainland, at most half a degree, so that Grenada is not taken for Carriacou, 30 km away */
  margin: number;
  make: () => GeoProjection;
  /** magnification against the mainland's scale */
  factor: number;
  /** where its centre goes, and its panel, at scale 150 and translate 0 */
  offset: Point;
  panel: Box;
}

/** Whether [lon, lat] lies in `bounds` (east past west across the antimeridian), with a margin in degrees. */
function within([[west, south], [east, north]]: LonLatBounds, [lon, lat]: Point, margin: number): boolean {
  if (lat < south - margin || lat > north + margin) return false;
  const span = east >= west ? east - west : east + 360 - west;
  return (lon - (west - margin) + 720) % 360 <= span + 2 * margin;
}

/** One stream into several, as d3's albersUsa multiplexes its parts. */
function multiplex(streams: GeoStream[]): GeoStream {
  return {
    point: (x, y) => streams.forEach((s) => s.point(x, y)),
    sphere: () => streams.forEach((s) => s.sphere?.()),
    lineStart: () => streams.forEach((s) => s.lineStart()),
    lineEnd: () => streams.forEach((s) => s.lineEnd()),
    polygonStart: () => streams.forEach((s) => s.polygonStart()),
    polygonEnd: () => streams.forEach((s) => s.polygonEnd()),
  };
}

/** The composite: the mainland's projection clipped to `frame`, each inset's to its panel (at scale 150 and
 *  translate 0, placed with the composite's scale and translate as d3-composite-projections place theirs). */
export function compositeProjection(makeMain: () => GeoProjection, insets: Inset[], frame: Box): GeoProjection {
  const main = makeMain();
  const parts = insets.map((inset) => inset.make());
  let scale = 150;
  let translate: Point = [0, 0];
  const place = ([x, y]: Point): Point => [translate[0] + (scale / 150) * x, translate[1] + (scale / 150) * y];
  const placed = (box: Box): Box => [place(box[0]), place(box[1])];
  const apply = () => {
    // the mainland's part reaches a frame's size beyond the frame (the panels' placement looks as far for land),
    // so that the land around it (`context`) ends at the picture's edge, which a frame shaped otherwise than the
    // composite (Chile's, 2:1 at most) puts farther out than the frame, not at a straight line through the map
    const [[x0, y0], [x1, y1]] = placed(frame);
    const beyond = Math.max(x1 - x0, y1 - y0);
    main
      .scale(scale)
      .translate(translate)
      .clipExtent([
        [x0 - beyond, y0 - beyond],
        [x1 + beyond, y1 + beyond],
      ]);
    insets.forEach((inset, i) =>
      parts[i]
        .scale(scale * inset.factor)
        .translate(place(inset.offset))
        .clipExtent(placed(inset.panel)),
    );
  };
  const partOf = (point: Point) => {
    const i = insets.findIndex((inset) => within(inset.bounds, point, inset.margin));
    return i < 0 ? main : parts[i];
  };
  const projection = ((point: Point) => partOf(point)(point)) as GeoProjection;
  const methods = {
    invert(point: Point) {
      const i = insets.findIndex((inset) => {
        const [[x0, y0], [x1, y1]] = placed(inset.panel);
        return point[0] >= x0 && point[0] <= x1 && point[1] >= y0 && point[1] <= y1;
      });
      return (i < 0 ? main : parts[i]).invert!(point);
    },
    stream: (output: GeoStream) => multiplex([main.stream(output), ...parts.map((p) => p.stream(output))]),
    scale(value?: number) {
      if (value === undefined) return scale;
      scale = value;
      apply();
      return projection;
    },
    translate(value?: Point) {
      if (value === undefined) return translate;
      translate = value;
      apply();
      return projection;
    },
    /** the frame, placed: a region's corners, which projection.ts fits a composite to, fall out of it where
     *  the conic bends the parallels (Finnmark's east), and the mainland would be cut there */
    getFrame: () => placed(frame),
    getCompositionBorders: () =>
      insets
        .map(({ panel }) => {
          const [[x0, y0], [x1, y1]] = placed(panel);
          return `M${x0},${y0}L${x1},${y0}L${x1},${y1}L${x0},${y1}Z`;
        })
        .join(''),
  };
  Object.assign(projection, methods);
  apply();
  return projection;
}
