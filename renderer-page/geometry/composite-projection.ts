// A composite projection as d3-composite-projections make theirs (and d3's albersUsa): a point goes to the part
// whose place it lies in, a stream goes through every part, each clipped to its panel, and the borders between
// the parts are path data (`getCompositionBorders`), which inset-panels.ts reads as panels. remote-insets.ts
// decides the parts.
import type { GeoProjection, GeoStream, GeoStreamWrapper } from 'd3';

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
/** A box's corners and centre: where a ring around it would show, if it is not inside the box. */
export const boxProbes = ([[x0, y0], [x1, y1]]: Box): Point[] => [
  [x0, y0],
  [x1, y0],
  [x0, y1],
  [x1, y1],
  [(x0 + x1) / 2, (y0 + y1) / 2],
];
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

/** Whether two boxes in degrees (east before west across the antimeridian, as geoBounds gives them) meet. */
function meet([[aw, as], [ae, an]]: LonLatBounds, [[bw, bs], [be, bn]]: LonLatBounds): boolean {
  if (as > bn || bs > an) return false;
  const span = (west: number, east: number) => (east >= west ? east - west : east + 360 - west);
  const d = (((bw - aw) % 360) + 360) % 360;
  return d <= span(aw, ae) || 360 - d <= span(bw, be);
}

/** What a part shows of the globe, in degrees, a degree around: its panel's corners and sides' middles taken
 *  back through it, their longitudes within half a turn of `centre`'s. */
function reachOf(part: GeoProjection, [[x0, y0], [x1, y1]]: Box, centre: number): LonLatBounds {
  const [xm, ym] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const places = (
    [
      [x0, y0],
      [x1, y0],
      [x0, y1],
      [x1, y1],
      [xm, y0],
      [xm, y1],
      [x0, ym],
      [x1, ym],
    ] as Point[]
  ).flatMap((corner) => {
    const place = part.invert!(corner);
    return place ? [[centre + ((((place[0] - centre) % 360) + 540) % 360) - 180, place[1]] as Point] : [];
  });
  const [[west, south], [east, north]] = boxOf(places);
  return [
    [west - 1, Math.max(-90, south - 1)],
    [east + 1, Math.min(90, north + 1)],
  ];
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
  /** what each inset's panel shows, in degrees */
  let reach: LonLatBounds[] = [];
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
    reach = insets.map(({ bounds: [[west], [east]], panel }, i) =>
      reachOf(parts[i], placed(panel), east >= west ? (west + east) / 2 : (west + east + 360) / 2),
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
    /** The stream for an outline within `bounds` (degrees): through the mainland's part and only the insets whose
     *  panels show some of those degrees. Each part projects, resamples and clips every point it is given, and
     *  the EU's neighbours went through eight parts to show in one: the same paths, at an eighth of the cost. */
    streamNear(bounds: LonLatBounds): GeoStreamWrapper {
      const near = parts.filter((_, i) => meet(reach[i], bounds));
      return {
        stream: (output: GeoStream) =>
          near.length ? multiplex([main.stream(output), ...near.map((p) => p.stream(output))]) : main.stream(output),
      };
    },
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
