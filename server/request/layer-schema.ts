// Schemas of the cartographic layers' items: markers, routes, proportional circles, labels and bbox.
import { array, mixed, number, object, string } from 'yup';
import { LABEL_POSITIONS, MARKER_ICONS, ROUTE_MODES, ROUTE_STYLES } from '../../shared/lists.ts';
import { REGION_ID } from './region-schema.ts';
import { LIMITS, color, flag, latLon, nullMeansDefault, oneOf, range, regionIdText, text } from './schema-parts.ts';
import { isValidSidc } from './sidc.ts';

export const marker = object({
  lat: range('${path}', -90, 90)
    .required('${path} is required')
    .meta({ description: 'Latitude in degrees.', example: 44.43 }),
  lon: range('${path}', -180, 180)
    .required('${path} is required')
    .meta({ description: 'Longitude in degrees.', example: 26.1 }),
  icon: nullMeansDefault(oneOf(MARKER_ICONS, '${path}'), 'pin').meta({ description: 'Icon name.' }),
  sidc: string()
    .typeError('${path} must be a code')
    .nullable()
    .test(
      'sidc',
      '${path} must be a 20- or 30-digit APP-6 / MIL-STD-2525 code of a known symbol',
      (code) => !code || isValidSidc(code),
    )
    .meta({
      description: 'A 20- or 30-digit APP-6 / MIL-STD-2525 symbol identification code, drawn with milsymbol.',
      extra: { pattern: '^(\\d{20}|\\d{30})$' },
      example: '10031000001211000000',
    }),
  label: text('${path}', LIMITS.markerLabel).meta({ description: 'Text next to the marker.', example: 'Bucharest' }),
  labelPosition: oneOf(LABEL_POSITIONS, '${path}')
    .nullable()
    .meta({ description: 'Where the label goes: `right` by default, `bottom` for a `sidc` symbol.' }),
  size: range('${path}', 1, 200).default(16).meta({ description: 'Size in pixels.' }),
  rotation: range('${path}', -360, 360).default(0).meta({ description: 'Rotation in degrees, clockwise.' }),
  color: color('${path}').meta({ description: "Marker colour, `#rrggbb`. Default: the theme's marker colour." }),
})
  .typeError('${path} must be an object with lat and lon')
  .noUnknown(
    '${path} has a field that is not one of lat, lon, icon, sidc, label, labelPosition, size, rotation, color: ${unknown}',
  )
  // as sent: the icon's default does not count
  .test('icon-or-sidc', '${path} has both icon and sidc; give one of them', function (m) {
    const sent = this.originalValue as { icon?: unknown; sidc?: unknown } | undefined;
    return !(m && sent?.icon && sent.sidc);
  })
  .meta({
    description:
      'A point marker: an icon or a military symbol at a position, with an optional label. `icon` and `sidc` exclude each other.',
    component: 'Marker',
    extra: { not: { required: ['icon', 'sidc'], properties: { icon: { type: 'string' }, sidc: { type: 'string' } } } },
  });

const LAT_LON = {
  type: ['array', 'null'],
  prefixItems: [
    { type: 'number', minimum: -90, maximum: 90 },
    { type: 'number', minimum: -180, maximum: 180 },
  ],
  minItems: 2,
  maxItems: 2,
};

export const route = object({
  from: regionIdText().nullable().meta({ description: 'Region id of the start.', example: 'DE' }),
  to: regionIdText().nullable().meta({ description: 'Region id of the end.', example: 'BR' }),
  fromLatLon: latLon('${path}')
    .nullable()
    .default(undefined)
    .meta({ description: 'Start as `[lat, lon]`; wins over `from`.', jsonSchema: LAT_LON, example: [52.52, 13.4] }),
  toLatLon: latLon('${path}')
    .nullable()
    .default(undefined)
    .meta({ description: 'End as `[lat, lon]`; wins over `to`.', jsonSchema: LAT_LON, example: [-22.9, -43.2] }),
  color: color('${path}').meta({ description: "Line colour, `#rrggbb`. Default: the theme's text colour." }),
  width: range('${path}', 1, 20).default(2).meta({ description: 'Line width in pixels.' }),
  style: nullMeansDefault(oneOf(ROUTE_STYLES, '${path}'), 'solid').meta({ description: 'Line style.' }),
  arrow: flag('${path}').default(false).meta({ description: 'An arrowhead at the end.' }),
  mode: nullMeansDefault(oneOf(ROUTE_MODES, '${path}'), 'great-circle').meta({
    description: '`great-circle`, or `sea`: along shipping lanes (through Suez, Panama and Malacca where shorter).',
  }),
})
  .typeError('${path} must be an object with from and to')
  .noUnknown(
    '${path} has a field that is not one of from, to, fromLatLon, toLatLon, color, width, style, arrow, mode: ${unknown}',
  )
  .test(
    'ends',
    '${path} needs from (a region id) or fromLatLon, and to or toLatLon',
    (r) => !r || Boolean((r.from || r.fromLatLon) && (r.to || r.toLatLon)),
  )
  .meta({
    description:
      'A line between two places: each end a region id (its visual centre) or explicit `[lat, lon]`. ' +
      'An end that resolves to nothing skips the route and reports it in `X-Geo-Warnings` (`unknown-routes`).',
    component: 'Route',
    extra: {
      allOf: [
        { anyOf: [{ required: ['from'] }, { required: ['fromLatLon'] }] },
        { anyOf: [{ required: ['to'] }, { required: ['toLatLon'] }] },
      ],
    },
  });

export const proportionalItem = object({
  id: regionIdText().required('${path} is required').meta({ description: REGION_ID, example: 'CN' }),
  value: range('${path}', 0, LIMITS.magnitude)
    .required('${path} is required')
    .meta({ description: 'A number, 0 or more; the largest gets `proportionalMax`.', example: 1400 }),
  color: color('${path}').meta({ description: 'Circle colour, `#rrggbb`.' }),
})
  .typeError('${path} must be an object with id and value')
  .noUnknown('${path} has a field that is not one of id, value, color: ${unknown}')
  .meta({ description: "A circle sized by value at a region's visual centre.", component: 'ProportionalItem' });

/** The string `ISO` (any case), or a list of region ids. */
export const labels = mixed<'ISO' | string[]>()
  .transform((value) => (typeof value === 'string' && value.trim().toUpperCase() === 'ISO' ? 'ISO' : value))
  .test(
    'labels',
    `labels must be "ISO" or a list of at most ${LIMITS.regions} region ids of at most ${LIMITS.regionId} characters`,
    (v) =>
      v === undefined ||
      v === null ||
      v === 'ISO' ||
      (Array.isArray(v) &&
        v.length <= LIMITS.regions &&
        v.every((id) => typeof id === 'string' && id.length <= LIMITS.regionId)),
  );

/** What the OpenAPI document shows of `labels`: the two forms the test above accepts, which a schema of a mixed
 *  type cannot say by itself. */
export const LABELS_JSON_SCHEMA = {
  anyOf: [
    { type: 'string', enum: ['ISO'], description: 'every region large enough' },
    {
      type: 'array',
      items: { type: 'string', maxLength: LIMITS.regionId },
      maxItems: LIMITS.regions,
      description: 'region ids',
    },
  ],
};

/** A box's smallest side in degrees, about 100 m. d3 resamples every outline of the scope to half a pixel at the
 *  box's scale before it clips them to the frame, so the drawing grows as the box shrinks: the world in a box of
 *  0.001° took 0.2 s, 0.0001° 0.6 s, 0.000001° 7 s, and smaller boxes ran past the deadline, holding a thread. */
export const MIN_BBOX_SIDE = 0.001;
/** `max` at least MIN_BBOX_SIDE above `min`, as written in decimal: 10.001 − 10 is 0.000999… in binary. */
const wideEnough = (min: number, max: number) => max - min >= MIN_BBOX_SIDE * (1 - 1e-9);

/** `[minLon, minLat, maxLon, maxLat]`, west before east and south before north. */
export const bbox = array(number().typeError('bbox must be four numbers').required('bbox must be four numbers'))
  .typeError('bbox must be [minLon, minLat, maxLon, maxLat]')
  .length(4, 'bbox must be [minLon, minLat, maxLon, maxLat]')
  .test(
    'bbox',
    `bbox must be [minLon, minLat, maxLon, maxLat] with lon from -180 to 180, lat from -90 to 90, each max at least ${MIN_BBOX_SIDE} above its min`,
    (b) =>
      !b ||
      (b[0] >= -180 && b[2] <= 180 && b[1] >= -90 && b[3] <= 90 && wideEnough(b[0], b[2]) && wideEnough(b[1], b[3])),
  );
