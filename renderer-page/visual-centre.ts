// A region's visual centre: the pole of inaccessibility (polylabel) of its largest projected polygon, the
// point deepest inside the shape, where a label, a circle or a route end reads as belonging to it.
import { geoPath, polygonArea, type GeoProjection } from 'd3';
import polylabel from 'polylabel';
import type { Feature } from 'geojson';

type Ring = Array<[number, number]>;

/** The projected polygons of a feature, each as [outer ring, ...holes]. */
export function projectedPolygons(projection: GeoProjection, feature: Feature): Ring[][] {
  const polygons: Ring[][] = [];
  let ring: Ring = [];
  const recorder = {
    moveTo(x: number, y: number) {
      ring = [[x, y]];
      polygons.push([ring]);
    },
    lineTo(x: number, y: number) { ring.push([x, y]); },
    closePath() {},
    arc() {},
  };
  geoPath(projection, recorder as unknown as CanvasRenderingContext2D)(feature);
  // d3 winds projected exteriors with negative polygonArea and holes positive: fold each hole into the
  // polygon before it
  const folded: Ring[][] = [];
  for (const [r] of polygons) {
    if (polygonArea(r) > 0 && folded.length) folded[folded.length - 1].push(r);
    else folded.push([r]);
  }
  return folded;
}

/** Screen point of the feature's visual centre, or null when nothing of it is drawn. */
export function visualCentre(projection: GeoProjection, feature: Feature): [number, number] | null {
  let best: Ring[] | null = null;
  let bestArea = 0;
  for (const polygon of projectedPolygons(projection, feature)) {
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
