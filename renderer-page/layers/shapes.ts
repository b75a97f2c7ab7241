// The user's GeoJSON overlay: points as circles, lines and polygons as paths, styled by their properties.
import { geoArea } from 'd3';
import type { Feature } from 'geojson';
import type { RenderContext } from '../context.ts';
import type { LonLat, ShapeFeature } from '../spec.ts';
import { el, layerGroup, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';

/** d3-geo reads a ring wound the RFC 7946 way (counter-clockwise) as everything but the polygon; such
 *  polygons are turned round so they cover what they enclose. Judged by d3's area on the sphere, not with
 *  @mapbox/geojson-rewind (used on custom boundaries), whose area in plain degrees takes a ring across the
 *  antimeridian the wrong way round and would turn a Pacific shape into the rest of the world. */
function wound(shape: ShapeFeature): Feature {
  const feature = shape as unknown as Feature;
  const { geometry } = shape;
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return feature;
  if (geoArea(feature) <= 2 * Math.PI) return feature;
  const reverse = (rings: LonLat[][]) => rings.map((ring) => [...ring].reverse());
  const coordinates =
    geometry.type === 'Polygon'
      ? reverse(geometry.coordinates)
      : geometry.coordinates.map((polygon) => reverse(polygon));
  return { ...feature, geometry: { ...geometry, coordinates } } as Feature;
}

export function shapesLayer(ctx: RenderContext): MapElement | null {
  const { doc, theme, path } = ctx;
  const { projection } = ctx.frame;
  const nodes: MapElement[] = [];
  ctx.spec.shapes.forEach((shape, index) => {
    const p = shape.properties;
    const common = {
      'data-index': index,
      opacity: p.opacity,
      'stroke-dasharray': p.dashArray?.join(' '),
    };
    let node: MapElement | null = null;
    if (shape.geometry.type === 'Point') {
      const at = projection(shape.geometry.coordinates);
      if (at) {
        node = el(doc, 'circle', {
          ...common,
          cx: px(at[0]),
          cy: px(at[1]),
          r: p.radius ?? 5,
          fill: p.fill ?? theme.highlight,
          stroke: p.stroke ?? theme.background,
          'stroke-width': p.strokeWidth ?? 1,
        });
      }
    } else {
      const line = shape.geometry.type === 'LineString' || shape.geometry.type === 'MultiLineString';
      const d = path(wound(shape));
      if (d) {
        node = el(doc, 'path', {
          ...common,
          fill: line ? 'none' : (p.fill ?? theme.highlight),
          'fill-opacity': line || p.fill ? null : 0.35,
          stroke: p.stroke ?? (line ? theme.text : theme.highlight),
          'stroke-width': p.strokeWidth ?? (line ? 1.5 : 1),
          'stroke-linejoin': 'round',
          'stroke-linecap': 'round',
          d,
        });
      }
    }
    if (!node) return;
    if (p.title && ctx.tooltips) node.appendChild(el(doc, 'title', {}, p.title));
    nodes.push(node);
  });
  return layerGroup(doc, 'shapes', nodes);
}
