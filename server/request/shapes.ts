// The `shapes` overlay: a GeoJSON FeatureCollection of the five geometry types the specification allows,
// checked coordinate by coordinate, with only the style properties it names kept (and validated).
import type { LonLat, ShapeFeature, ShapeProperties } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { HEX_COLOR } from './region-value.ts';
import { LIMITS, NO_CONTROL_CHARACTERS, NOT_XML_TEXT } from './schema-parts.ts';

export const GEOMETRY_TYPES = ['Point', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
/** how deep each type nests positions */
const DEPTH: Record<(typeof GEOMETRY_TYPES)[number], number> = { Point: 0, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

/** 400 invalid_field naming the field and what is wrong with it. */
export function fail(field: string, message: string): never {
  throw new ApiError('invalid_field', `${field} ${message}`, field);
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function position(value: unknown, field: string): LonLat {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3 || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    fail(field, 'must be a position [lon, lat]');
  }
  const [lon, lat] = value as number[];
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) fail(field, `[${lon}, ${lat}] is outside lon -180..180, lat -90..90`);
  return [lon, lat];
}

/** Positions nested `depth` arrays deep; lines need 2 positions, rings 4 (closed). */
export function coordinates(value: unknown, depth: number, field: string, type: string): unknown {
  if (depth === 0) return position(value, field);
  if (!Array.isArray(value)) fail(field, `must be an array (${type} coordinates)`);
  const items = value.map((item, i) => coordinates(item, depth - 1, `${field}[${i}]`, type));
  const ringLevel = (type === 'Polygon' && depth === 1) || (type === 'MultiPolygon' && depth === 1);
  const lineLevel = (type === 'LineString' && depth === 1) || (type === 'MultiLineString' && depth === 1);
  if (ringLevel && items.length < 4) fail(field, 'must be a closed ring of at least 4 positions');
  if (lineLevel && items.length < 2) fail(field, 'must hold at least 2 positions');
  if (!ringLevel && !lineLevel && items.length === 0) fail(field, 'must not be empty');
  return items;
}

function numberIn(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) fail(field, `must be a number from ${min} to ${max}`);
  return value;
}

function color(value: unknown, field: string): string {
  if (typeof value !== 'string' || !HEX_COLOR.test(value)) fail(field, 'must be #rrggbb');
  return value;
}

/** `[4, 2]` or `"4 2"` / `"4,2"`: up to 10 dash and gap lengths from 0 to 100. */
function dashes(value: unknown, field: string): number[] {
  const list = typeof value === 'string' ? value.trim().split(/[\s,]+/).map(Number) : value;
  if (!Array.isArray(list) || list.length === 0 || list.length > 10) fail(field, 'must be 1 to 10 dash lengths, e.g. [4, 2]');
  return list.map((n, i) => numberIn(n, `${field}[${i}]`, 0, 100));
}

/** The recognised style properties; anything else in `properties` (names, ids) is dropped. */
function style(value: unknown, field: string): ShapeProperties {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) fail(field, 'must be an object');
  const out: ShapeProperties = {};
  if (value.fill != null) out.fill = color(value.fill, `${field}.fill`);
  if (value.stroke != null) out.stroke = color(value.stroke, `${field}.stroke`);
  if (value.strokeWidth != null) out.strokeWidth = numberIn(value.strokeWidth, `${field}.strokeWidth`, 0, 50);
  if (value.opacity != null) out.opacity = numberIn(value.opacity, `${field}.opacity`, 0, 1);
  if (value.dashArray != null) out.dashArray = dashes(value.dashArray, `${field}.dashArray`);
  if (value.radius != null) out.radius = numberIn(value.radius, `${field}.radius`, 0, 200);
  if (value.title != null) {
    if (typeof value.title !== 'string' || value.title.length > LIMITS.shapeTitle || NOT_XML_TEXT.test(value.title)) {
      fail(`${field}.title`, `must be text of at most ${LIMITS.shapeTitle} characters ${NO_CONTROL_CHARACTERS}`);
    }
    out.title = value.title;
  }
  return out;
}

export function validateShapes(input: unknown): ShapeFeature[] {
  if (input === undefined || input === null) return [];
  if (!isObject(input) || input.type !== 'FeatureCollection' || !Array.isArray(input.features)) {
    fail('shapes', 'must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}');
  }
  if (input.features.length > LIMITS.shapes) {
    throw new ApiError('too_many_items', `shapes may hold at most ${LIMITS.shapes} features`, 'shapes');
  }
  return input.features.map((feature: unknown, i: number): ShapeFeature => {
    const field = `shapes.features[${i}]`;
    if (!isObject(feature) || feature.type !== 'Feature' || !isObject(feature.geometry)) fail(field, 'must be a GeoJSON Feature with a geometry');
    const type = feature.geometry.type as (typeof GEOMETRY_TYPES)[number];
    if (!GEOMETRY_TYPES.includes(type)) {
      fail(`${field}.geometry.type`, `must be one of ${GEOMETRY_TYPES.join(', ')} (got ${JSON.stringify(type)})`);
    }
    const coords = coordinates(feature.geometry.coordinates, DEPTH[type], `${field}.geometry.coordinates`, type);
    return { type: 'Feature', geometry: { type, coordinates: coords } as ShapeFeature['geometry'], properties: style(feature.properties, `${field}.properties`) };
  });
}
