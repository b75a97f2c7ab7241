// d3-geo tells a polygon's inside from its outside by the winding of its rings on the sphere. A polygon that
// simplification and quantisation leave with next to no area (an islet of a few points) can come out wound the
// other way, and d3 then reads it as the whole sphere but the islet: the map is painted over in that region's
// colour and framed as if the region were the whole world (world-high had three such islets in the Maldives,
// US-low four off Alaska, Louisiana and North Carolina). Such polygons are turned round before a file is
// written, so each encloses what it was drawn from.
import { geoArea } from 'd3';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';

/** A ring of arcs run the other way: the arcs in reverse order, each one reversed (~i is arc i backwards). */
const reversed = (ring: number[]): number[] => ring.map((arc) => ~arc).reverse();

/** Turns round, in place, every polygon of `topology` that d3 would read as more than half the sphere; returns
 *  how many it turned. */
export function windForD3(topology: Topology): number {
  let turned = 0;
  for (const object of Object.values(topology.objects)) {
    const geometries = object.type === 'GeometryCollection' ? object.geometries : [object];
    for (const geometry of geometries) {
      const polygons =
        geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : [];
      for (const rings of polygons) {
        if (geoArea(feature(topology, { type: 'Polygon', arcs: rings })) <= 2 * Math.PI) continue;
        rings.forEach((ring, i) => (rings[i] = reversed(ring)));
        turned++;
      }
    }
  }
  return turned;
}
