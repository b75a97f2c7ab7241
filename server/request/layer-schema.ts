// Schemas of the cartographic layers' items: markers, routes, proportional circles, labels and bbox.
import { array, mixed, number, object, string } from 'yup';
import { LABEL_POSITIONS, MARKER_ICONS, ROUTE_MODES, ROUTE_STYLES } from './enums.ts';
import { LIMITS, color, flag, latLon, oneOf, range, text } from './schema-parts.ts';
import { isValidSidc } from './sidc.ts';

export const marker = object({
  lat: range('${path}', -90, 90).required('${path} is required'),
  lon: range('${path}', -180, 180).required('${path} is required'),
  icon: oneOf(MARKER_ICONS, '${path}').nullable(),
  sidc: string().typeError('${path} must be a code').nullable()
    .test('sidc', '${path} must be a 20- or 30-digit APP-6 / MIL-STD-2525 code of a known symbol', (code) => !code || isValidSidc(code)),
  label: text('${path}', LIMITS.markerLabel),
  labelPosition: oneOf(LABEL_POSITIONS, '${path}').nullable(),
  size: range('${path}', 1, 200),
  rotation: range('${path}', -360, 360),
  color: color('${path}'),
})
  .typeError('${path} must be an object with lat and lon')
  .noUnknown('${path} has a field that is not one of lat, lon, icon, sidc, label, labelPosition, size, rotation, color: ${unknown}')
  .test('icon-or-sidc', '${path} has both icon and sidc; give one of them', (m) => !(m?.icon && m?.sidc));

export const route = object({
  from: string().typeError('${path} must be a region id').nullable(),
  to: string().typeError('${path} must be a region id').nullable(),
  fromLatLon: latLon('${path}').nullable().default(undefined),
  toLatLon: latLon('${path}').nullable().default(undefined),
  color: color('${path}'),
  width: range('${path}', 1, 20),
  style: oneOf(ROUTE_STYLES, '${path}').nullable(),
  arrow: flag('${path}'),
  mode: oneOf(ROUTE_MODES, '${path}').nullable(),
})
  .typeError('${path} must be an object with from and to')
  .noUnknown('${path} has a field that is not one of from, to, fromLatLon, toLatLon, color, width, style, arrow, mode: ${unknown}')
  .test('ends', '${path} needs from (a region id) or fromLatLon, and to or toLatLon', (r) => !r || Boolean((r.from || r.fromLatLon) && (r.to || r.toLatLon)));

export const proportionalItem = object({
  id: string().typeError('${path} must be a region id').required('${path} is required'),
  value: range('${path}', 0, Number.MAX_VALUE).required('${path} is required'),
  color: color('${path}'),
})
  .typeError('${path} must be an object with id and value')
  .noUnknown('${path} has a field that is not one of id, value, color: ${unknown}');

/** The string `ISO` (any case), or a list of region ids. */
export const labels = mixed<'ISO' | string[]>()
  .transform((value) => (typeof value === 'string' && value.trim().toUpperCase() === 'ISO' ? 'ISO' : value))
  .test('labels', 'labels must be "ISO" or a list of at most ' + LIMITS.regions + ' region ids', (v) => v === undefined || v === null
    || v === 'ISO' || (Array.isArray(v) && v.length <= LIMITS.regions && v.every((id) => typeof id === 'string')));

/** `[minLon, minLat, maxLon, maxLat]`, west before east and south before north. */
export const bbox = array(number().typeError('bbox must be four numbers').required('bbox must be four numbers'))
  .typeError('bbox must be [minLon, minLat, maxLon, maxLat]')
  .length(4, 'bbox must be [minLon, minLat, maxLon, maxLat]')
  .test('bbox', 'bbox must be [minLon, minLat, maxLon, maxLat] with lon from -180 to 180, lat from -90 to 90, min below max',
    (b) => !b || (b[0] >= -180 && b[2] <= 180 && b[1] >= -90 && b[3] <= 90 && b[0] < b[2] && b[1] < b[3]));
