// The request schema (yup), shared by GET queries (strings, cast here) and POST JSON bodies. It checks
// types, ranges and lengths; normalise.ts then fills defaults and resolves ids against the topology.
import { array, boolean, mixed, number, object, string, ValidationError, type InferType, type ISchema } from 'yup';
import { ApiError, type ErrorCode } from '../errors.ts';
import {
  CLASSIFICATIONS, COLOR_SCALES, FORMATS, LEGEND_LAYOUTS, LEVELS, PATTERNS, PROJECTIONS, THEMES, canonicalSpelling,
} from './enums.ts';
import { HEX_COLOR } from './region-value.ts';

export const LIMITS = {
  regions: 5000, categoryLength: 64, annotation: 256, legendTitle: 64, title: 120, subtitle: 160, size: 8000, breaks: 20,
} as const;

function oneOf<T extends string>(list: readonly T[], field: string) {
  const message = `${field} must be one of: ${list.join(', ')}`;
  return string<T>().transform((_, original) => canonicalSpelling(list, original)).typeError(message).oneOf(list, message);
}

function pixels(field: string) {
  const message = `${field} must be a whole number of pixels from 1 to ${LIMITS.size}`;
  return number().typeError(message).integer(message).min(1, message).max(LIMITS.size, message);
}

function text(field: string, max: number) {
  return string().typeError(`${field} must be text`).max(max, `${field} must be at most ${max} characters`).nullable();
}

/** `true false 1 0 yes no`, any case, as well as JSON booleans. */
function flag(field: string) {
  const words: Record<string, boolean> = { true: true, false: false, 1: true, 0: false, yes: true, no: false };
  return boolean()
    .transform((_, original) => (typeof original === 'string' ? words[original.trim().toLowerCase()] ?? original : original))
    .typeError(`${field} must be true or false (also 1/0, yes/no)`);
}

const regionValue = mixed<number | string>().nullable().test(
  'region-value',
  '${path} must be a number, a text category of at most ' + LIMITS.categoryLength + ' characters, or null',
  (v) => v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v))
    || (typeof v === 'string' && v.length <= LIMITS.categoryLength),
);

const regionId = string().typeError('${path} must be a region id').required('${path} is required');
const pattern = oneOf(PATTERNS, '${path}');
const annotation = text('${path}', LIMITS.annotation);

const region = object({
  id: regionId,
  value: regionValue,
  color: string().typeError('${path} must be #rrggbb').matches(HEX_COLOR, '${path} must be #rrggbb').nullable(),
  pattern: pattern.nullable(),
  annotation,
})
  .typeError('${path} must be an object with id and value')
  .noUnknown('${path} has a field that is not one of id, value, color, pattern, annotation: ${unknown}');

/** A list of at most `LIMITS.regions` items, each checked by `item`. */
const list = <T>(field: string, item: ISchema<T>, shape: string) => array(item)
  .typeError(`${field} must be an array of ${shape}`)
  .max(LIMITS.regions, `${field} may hold at most ${LIMITS.regions} items`);

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
  const list = /^(regions|patterns|annotations)/.exec(path);
  if (list && path === list[1] && type === 'max') return 'too_many_items';
  if (list) return 'invalid_data';
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
