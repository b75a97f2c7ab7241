// The request schema (yup), shared by GET queries (strings, cast here) and POST JSON bodies. It checks
// types, ranges and lengths; normalise.ts then fills defaults and resolves ids against the topology.
import { array, mixed, number, object, string, ValidationError, type InferType, type ISchema } from 'yup';
import { ApiError, type ErrorCode } from '../errors.ts';
import { CLASSIFICATIONS, COLOR_SCALES, FORMATS, LEGEND_LAYOUTS, LEVELS, PATTERNS, PROJECTIONS, THEMES } from './enums.ts';
import { LIMITS, NO_CONTROL_CHARACTERS, NOT_XML_TEXT, color, flag, oneOf, pixels, range, text } from './schema-parts.ts';
import { bbox, labels, marker, proportionalItem, route } from './layer-schema.ts';

export { LIMITS } from './schema-parts.ts';

const regionValue = mixed<number | string>().nullable().test(
  'region-value',
  `\${path} must be a number, a text category of at most ${LIMITS.categoryLength} characters ${NO_CONTROL_CHARACTERS}, or null`,
  (v) => v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v))
    || (typeof v === 'string' && v.length <= LIMITS.categoryLength && !NOT_XML_TEXT.test(v)),
);

const regionId = string().typeError('${path} must be a region id').required('${path} is required');
const pattern = oneOf(PATTERNS, '${path}');
const annotation = text('${path}', LIMITS.annotation);

const region = object({
  id: regionId,
  value: regionValue,
  color: color('${path}'),
  pattern: pattern.nullable(),
  annotation,
})
  .typeError('${path} must be an object with id and value')
  .noUnknown('${path} has a field that is not one of id, value, color, pattern, annotation: ${unknown}');

/** A list of at most `max` items, each checked by `item`. */
const list = <T>(field: string, item: ISchema<T>, shape: string, max: number = LIMITS.regions) => array(item)
  .typeError(`${field} must be an array of ${shape}`)
  .max(max, `${field} may hold at most ${max} items`);

const breaks = array(number().typeError('breaks must be numbers').required('breaks must be numbers'))
  .typeError('breaks must be numbers, ascending')
  .min(1, `breaks must hold 1 to ${LIMITS.breaks} numbers`)
  .max(LIMITS.breaks, `breaks must hold 1 to ${LIMITS.breaks} numbers`)
  .test('ascending', 'breaks must be strictly ascending', (b) => !b || b.every((v, i) => i === 0 || v > b[i - 1]));

export const requestSchema = object({
  scope: string(),
  level: oneOf(LEVELS, 'level'),
  format: oneOf(FORMATS, 'format'),
  width: pixels('width'),
  height: pixels('height')
    .nullable()
    .transform((value, original) => (original === null || original === '' || /^auto$/i.test(String(original)) ? null : value)),
  projection: oneOf(PROJECTIONS, 'projection'),
  theme: oneOf(THEMES, 'theme'),
  colorScale: oneOf(COLOR_SCALES, 'colorScale'),
  classification: oneOf(CLASSIFICATIONS, 'classification'),
  breaks,
  regions: list('regions', region, '{id, value}'),
  // the GET (and CSV) spelling of per-region patterns and annotations, merged into regions by id
  patterns: list('patterns', object({ id: regionId, pattern: pattern.required() }), '{id, pattern}'),
  annotations: list('annotations', object({ id: regionId, annotation: annotation.required() }), '{id, annotation}'),
  markers: list('markers', marker, '{lat, lon, icon or sidc, ...}', LIMITS.markers),
  routes: list('routes', route, '{from, to, ...}', LIMITS.routes),
  // a GeoJSON FeatureCollection, checked by shapes.ts
  shapes: mixed(),
  // scope custom's boundaries, a FeatureCollection or a Topology, checked by custom-geometry.ts
  geometry: mixed(),
  idProperty: text('idProperty', LIMITS.propertyName),
  nameProperty: text('nameProperty', LIMITS.propertyName),
  labels,
  labelMinArea: range('labelMinArea', 0, 1_000_000),
  proportional: list('proportional', proportionalItem, '{id, value}'),
  proportionalMax: range('proportionalMax', 0, 200),
  proportionalMin: range('proportionalMin', 0, 100),
  graticule: flag('graticule'),
  northArrow: flag('northArrow'),
  scaleBar: flag('scaleBar'),
  logo: flag('logo'),
  bbox,
  padding: range('padding', 0, 1000, true),
  scale: range('scale', 1, 4),
  legend: flag('legend'),
  legendTitle: text('legendTitle', LIMITS.legendTitle),
  legendLayout: oneOf(LEGEND_LAYOUTS, 'legendLayout'),
  title: text('title', LIMITS.title),
  subtitle: text('subtitle', LIMITS.subtitle),
  attribution: flag('attribution'),
});

export type ValidRequest = InferType<typeof requestSchema>;
export const FIELD_NAMES = Object.keys(requestSchema.fields);

function codeFor(path: string, type: string | undefined): ErrorCode {
  if (path === 'theme') return 'invalid_theme';
  if (path === 'projection') return 'invalid_projection';
  const list = /^(regions|patterns|annotations|proportional|markers|routes)(?=\[|$)/.exec(path);
  if (list && path === list[1] && type === 'max') return 'too_many_items';
  if (list) return ['markers', 'routes'].includes(list[1]) ? 'invalid_field' : 'invalid_data';
  return 'invalid_field';
}

/** Casts and checks `input`; the first problem becomes an ApiError naming its field. */
export function validateRequest(input: Record<string, unknown>): ValidRequest {
  try {
    return requestSchema.validateSync(input, { abortEarly: true, stripUnknown: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const path = error.path ?? '';
    throw new ApiError(codeFor(path, error.type), error.errors[0] ?? `${path} is not valid`, path || undefined);
  }
}
