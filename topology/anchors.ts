// One point per region, where the renderer draws a region whose outline a level lacks (world-atlas 110m has
// no Singapore) or draws too small to see: the visual centre of its largest polygon, computed once from the
// most detailed outline so that every level puts the region in the same place.
import polylabel from 'polylabel';

type Position = number[];

/** Area in square degrees with longitudes shrunk by cos(latitude): only for picking the largest polygon,
 *  where plain degrees would favour the high-latitude parts of a region. */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    sum += (x0! - x1!) * (y0! + y1!);
  }
  const meanLat = ring.reduce((s, p) => s + p[1]!, 0) / ring.length;
  return Math.abs(sum / 2) * Math.cos((meanLat * Math.PI) / 180);
}

/** Longitudes made continuous from the first vertex on: an island on the antimeridian (Fiji's) would else
 *  be a ring round the whole world, the largest by far, its centre nowhere near it. */
function unwrapped(polygon: Position[][]): Position[][] {
  let last = polygon[0]![0]![0]!;
  return polygon.map((ring) =>
    ring.map(([x, y]) => {
      last = x! + 360 * Math.round((last - x!) / 360);
      return [last, y!];
    }),
  );
}

function polygonsOf(geometry: GeoJSON.Geometry): Position[][][] {
  if (geometry.type === 'Polygon') return [unwrapped(geometry.coordinates)];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.map(unwrapped);
  throw new Error(`anchors: unexpected ${geometry.type} geometry`);
}

/** Largest minus smallest, in a loop: spread into Math.max, a ring of 190,000 positions overflowed the stack. */
function extentOf(values: number[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return max - min;
}

/** The pole of inaccessibility of the largest polygon, to a thousandth of its size (plenty for a dot). */
function anchorOf(geometry: GeoJSON.Geometry): [number, number] {
  let largest: Position[][] | null = null;
  let largestArea = -1;
  for (const polygon of polygonsOf(geometry)) {
    const area = ringArea(polygon[0]!);
    if (area > largestArea) [largest, largestArea] = [polygon, area];
  }
  if (!largest) throw new Error('anchors: a region without polygons');
  const xs = largest[0]!.map((p) => p[0]!);
  const ys = largest[0]!.map((p) => p[1]!);
  const size = Math.max(extentOf(xs), extentOf(ys));
  const [x, y] = polylabel(largest as Array<Array<[number, number]>>, size / 1000);
  return [((x! + 540) % 360) - 180, y!];
}

/** A Point per region of `regions` (GeoJSON with `id` and `properties.name` set), same id and name, for
 *  `assemble` to write as the `points` object. */
export function regionAnchors(regions: GeoJSON.FeatureCollection): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: regions.features.map((f) => {
      if (f.id === undefined || !f.geometry) throw new Error('anchors: a region without id or geometry');
      return {
        type: 'Feature',
        id: f.id,
        properties: { name: (f.properties as { name?: string } | null)?.name ?? String(f.id) },
        geometry: { type: 'Point', coordinates: anchorOf(f.geometry) },
      };
    }),
  };
}
