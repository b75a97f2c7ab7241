// A region's visual centre: the pole of inaccessibility (polylabel) of its largest projected polygon, the
// point deepest inside the shape, where a label, a circle or a route end reads as belonging to it.
import { polygonArea, type GeoStream } from 'd3';
import polylabel from 'polylabel';

export type Ring = Array<[number, number]>;

/** A stream that keeps the rings streamed into it; `polygons()` gives them as [outer ring, ...holes] each. */
export function polygonCollector(): GeoStream & { polygons(): Ring[][] } {
  const rings: Ring[] = [];
  let ring: Ring = [];
  return {
    polygonStart() {},
    polygonEnd() {},
    lineStart() {
      ring = [];
      rings.push(ring);
    },
    lineEnd() {},
    point(x, y) {
      ring.push([x, y]);
    },
    polygons() {
      // d3 winds projected exteriors with negative polygonArea and holes positive: fold each hole into the
      // polygon before it
      const folded: Ring[][] = [];
      for (const r of rings) {
        if (polygonArea(r) > 0 && folded.length) folded[folded.length - 1].push(r);
        else folded.push([r]);
      }
      return folded;
    },
  };
}

/** Screen point of the visual centre of `polygons`, or null when there are none. */
export function visualCentre(polygons: Ring[][]): [number, number] | null {
  let best: Ring[] | null = null;
  let bestArea = 0;
  for (const polygon of polygons) {
    const area = Math.abs(polygonArea(polygon[0]));
    if (area > bestArea) {
      best = polygon;
      bestArea = area;
    }
  }
  if (!best) return null;
  const [x, y] = polylabel(best, 0.5);
  return [x, y];
}
