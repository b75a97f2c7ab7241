// @mapbox/geojson-rewind ships no types.
declare module '@mapbox/geojson-rewind' {
  /** Rewinds every ring in place: outer rings clockwise when `clockwise` (d3's order), else counter-clockwise
   *  (RFC 7946's); holes the other way. Returns its input. */
  export default function rewind<T extends GeoJSON.GeoJSON>(geojson: T, clockwise?: boolean): T;
}
