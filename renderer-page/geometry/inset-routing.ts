// Projections with insets (d3-composite-projections) stream every vertex through each inset's projection and
// clipping, and France has twelve insets: its first map took four times as long as any other country's. A
// region lies in one inset, so its vertices can go to the composite's own point routing instead (the inset a
// point falls in), without resampling or clipping, which the insets' small extents do not need. A region with
// a vertex outside every inset (Hawaii's north-western islets) keeps the full stream.
import { geoTransform, type GeoProjection, type GeoStreamWrapper } from 'd3';
import { everyPoint, type Outline } from './outline.ts';

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
