// Projections with insets (d3-composite-projections) stream every vertex through each inset's projection and
// clipping, and France has twelve insets: its first map took four times as long as any other country's. A
// region lies in one inset, so its vertices can go to the composite's own point routing instead (the inset a
// point falls in), without resampling or clipping, which the insets' small extents do not need. A region with
// a vertex outside every inset (Hawaii's north-western islets) keeps the full stream. Neighbouring land must be
// clipped to each inset it reaches, so it keeps the full stream too, unless no inset can show it (mayShow).
import { geoStream, geoTransform, type GeoProjection, type GeoStreamWrapper } from 'd3';
import type { Polygon } from 'geojson';
import { everyPoint, outlineBounds, type Outline } from './outline.ts';
import type { LonLatBounds } from './composite-projection.ts';

interface NearStreams {
  streamNear(bounds: LonLatBounds): GeoStreamWrapper;
}

/** The projection's stream for what lies within `bounds` (asked for only of our composites,
 *  composite-projection.ts, which stream it through only the parts that may show it). */
export function streamWithin(projection: GeoProjection, bounds: () => LonLatBounds): GeoStreamWrapper {
  const near = (projection as Partial<NearStreams>).streamNear;
  return near ? near(bounds()) : projection;
}

/** Each point projected by `projection`'s own routing; the projection must place every point (liesInInsets). */
export function routedStream(projection: GeoProjection): GeoStreamWrapper {
  return geoTransform({
    point(lon: number, lat: number) {
      const [x, y] = projection([lon, lat])!;
      this.stream.point(x, y);
    },
  });
}

/** Whether every vertex of the outline falls in one of the projection's insets. */
export function liesInInsets(projection: GeoProjection, outline: Outline): boolean {
  return everyPoint(outline, (point) => projection(point) !== null);
}

/** Degrees added around an outline's bounds: far more than the box's edges, great circles between points
 *  `STEP` degrees apart on a parallel, bend away from it (under 0.1°). */
const MARGIN = 1;
const STEP = 10;

/** The box from `west` to `east` (east of it, in degrees past 180 if need be) and `south` to `north`, as a
 *  polygon on the sphere: its edges follow the meridians and, in steps, the parallels. Clockwise, so that its
 *  inside is the box. */
function box(west: number, south: number, east: number, north: number): Polygon {
  const steps = Math.ceil((east - west) / STEP);
  const along = (lat: number, from: number, to: number) =>
    Array.from({ length: steps + 1 }, (_, i): [number, number] => [from + ((to - from) * i) / steps, lat]);
  return { type: 'Polygon', coordinates: [[...along(north, west, east), ...along(south, east, west), [west, north]]] };
}

/** Whether anything of the outline can show in one of the composite's frames: false when a box around it, a
 *  few points, comes out of none of them (nor then can the outline inside it). Far-away land, most of the
 *  neighbouring land of the European Union, otherwise goes through the projection and clipping of each of its
 *  insets, for nothing. A box that spans half the globe or reaches near a pole is not drawn: its outline is
 *  simply streamed. */
export function mayShow(projection: GeoProjection, outline: Outline): boolean {
  const bounds = outlineBounds(outline);
  const [[west, south], [east, north]] = bounds;
  const span = east >= west ? east - west : east + 360 - west;
  if (span > 180 || south < -80 || north > 80) return true;
  let shows = false;
  const seen = () => {
    shows = true;
  };
  const nothing = () => {};
  const output = {
    point: seen,
    sphere: seen,
    lineStart: nothing,
    lineEnd: nothing,
    polygonStart: nothing,
    polygonEnd: nothing,
  };
  const around = box(west - MARGIN, south - MARGIN, west + span + MARGIN, north + MARGIN);
  geoStream(around, streamWithin(projection, () => bounds).stream(output));
  return shows;
}
