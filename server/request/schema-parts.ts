// Building blocks of the request schema: every rule names its field and what is allowed.
import { formatSpecifier } from 'd3-format';
import { array, boolean, number, string, type ISchema, type StringSchema } from 'yup';
import { canonicalSpelling } from './enums.ts';
import { HEX_COLOR } from './region-value.ts';

export const LIMITS = {
  regions: 5000,
  /** longer than any id, name or alias of the catalogue (72 characters), so that an id cannot flood a header */
  regionId: 200,
  /** The largest value a number of the data may have, either side of zero: beyond some 1e150 the arithmetic of
   *  classes and scales (Jenks' sums of squares, a diverging scale's span) overflows to Infinity. No measure comes
   *  near it: the largest GDPs in local currency are about 1e16. */
  magnitude: 1e100,
  categoryLength: 64,
  /** distinct text categories of one map: every theme's categorical palette holds 12 colours that stay apart
   *  (renderer-page/themes/theme.ts); a 13th would repeat one or take the grey of no data */
  categories: 12,
  annotation: 256,
  legendTitle: 64,
  sizeKeyTitle: 64,
  title: 120,
  subtitle: 160,
  size: 8000,
  breaks: 20,
  markers: 1000,
  markerLabel: 120,
  routes: 500,
  shapes: 500,
  shapeTitle: 200,
  propertyName: 64,
  languageTag: 35,
  /** positions of a request's shapes and geometry together: about twice the world's at high detail (477,000),
   *  where a 4 MB body of GeoJSON holds some 200,000 */
  positions: 1_000_000,
  numberFormat: 32,
  valueSuffix: 8,
  /** a number format's width and precision: d3-format pads and rounds to whatever it is given, so `0>100000000d`
   *  wrote a 100-million-character number */
  numberWidth: 64,
  alt: 500,
  source: 160,
} as const;

/** One of `list`, matched case-insensitively and given back in the list's spelling. */
export function oneOf<T extends string>(list: readonly T[], field: string) {
  const message = `${field} must be one of: ${list.join(', ')}`;
  return string<T>()
    .transform((_, original) => canonicalSpelling(list, original))
    .typeError(message)
    .oneOf(list, message);
}

/** `schema`, nullable, with `value` for null as for an absent field. */
export function nullMeansDefault<T extends string>(schema: StringSchema<T | undefined>, value: T) {
  // null never comes out (the transform makes it the default), which yup's types cannot tell
  return schema
    .nullable()
    .transform((v: T | null) => v ?? undefined)
    .default(value) as unknown as ReturnType<typeof schema.default<T>>;
}

/** A number from `min` to `max` (whole when `integer`). */
export function range(field: string, min: number, max: number, integer = false) {
  const message = `${field} must be a${integer ? ' whole' : ''} number from ${min} to ${max}`;
  const schema = number().typeError(message).min(min, message).max(max, message);
  return integer ? schema.integer(message) : schema;
}

/** A number the data may hold (LIMITS.magnitude). */
export const isDataNumber = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= LIMITS.magnitude;

/** A region id: text of at most LIMITS.regionId characters (names and aliases count). */
export const isRegionId = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= LIMITS.regionId;

export function regionIdText() {
  return string()
    .typeError('${path} must be a region id')
    .max(LIMITS.regionId, `\${path} must be at most ${LIMITS.regionId} characters`);
}

export function pixels(field: string) {
  return range(field, 1, LIMITS.size, true);
}

/** What an SVG (XML 1.0) cannot hold, so no text may carry it: control characters other than tab and line
 *  breaks, U+FFFE, U+FFFF, and half a surrogate pair. One such character makes a viewer refuse the whole map. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
export const NOT_XML_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u;
export const NO_CONTROL_CHARACTERS = 'without control characters';

/** Text of at most `max` characters, or null: what `text` and `plainText` check besides the characters. */
const textOfLength = (field: string, max: number) =>
  string().typeError(`${field} must be text`).max(max, `${field} must be at most ${max} characters`).nullable();

export function text(field: string, max: number) {
  return textOfLength(field, max).test(
    'xml-text',
    `${field} must be text ${NO_CONTROL_CHARACTERS}`,
    (v) => v == null || !NOT_XML_TEXT.test(v),
  );
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

/** Text printed on one line or read out whole (`source`, `alt`): besides what `text` refuses, no control
 *  character at all, tabs and line breaks included, which one SVG line would fold into spaces. */
export function plainText(field: string, max: number) {
  return textOfLength(field, max).test(
    'plain-text',
    `${field} must be one line of text without control characters (U+0000 to U+001F, U+007F to U+009F)`,
    (v) => v == null || !(CONTROL_CHARACTER.test(v) || NOT_XML_TEXT.test(v)),
  );
}

/** A BCP 47 language tag (`de`, `de-DE`, `zh-Hant-TW`), given back in its canonical case. */
export function languageTag(field: string) {
  const message = `${field} must be a BCP 47 language tag such as de, de-DE or fr-CA`;
  const canonical = (tag: string) => {
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      return undefined;
    }
  };
  return string()
    .typeError(message)
    .max(LIMITS.languageTag, message)
    .transform((value: string) => canonical(value.trim()) ?? value)
    .test('bcp47', message, (v) => v === undefined || canonical(v) === v);
}

/** A d3-format specifier (`,.1f`, `.0%`, `$,.2s`), its width and precision at most LIMITS.numberWidth. */
export function numberSpecifier(field: string) {
  const message = `${field} must be a d3-format specifier such as ,.1f or .0% or $,.2s`;
  const specifier = (v: string) => {
    try {
      return formatSpecifier(v);
    } catch {
      return undefined;
    }
  };
  const withinWidth = (v: string) => {
    const { width, precision } = specifier(v) ?? {};
    return (width ?? 0) <= LIMITS.numberWidth && (precision ?? 0) <= LIMITS.numberWidth;
  };
  return string()
    .typeError(message)
    .max(LIMITS.numberFormat, message)
    .nullable()
    .test('d3-format', message, (v) => v == null || specifier(v) !== undefined)
    .test(
      'd3-format-width',
      `${field} may pad to a width and round to a precision of at most ${LIMITS.numberWidth} characters`,
      (v) => v == null || withinWidth(v),
    );
}

export function color(field: string) {
  return string().typeError(`${field} must be #rrggbb`).matches(HEX_COLOR, `${field} must be #rrggbb`).nullable();
}

/** A list of at most `max` items, each checked by `item`. */
export const list = <T>(field: string, item: ISchema<T>, shape: string, max: number = LIMITS.regions) =>
  array(item).typeError(`${field} must be an array of ${shape}`).max(max, `${field} may hold at most ${max} items`);

/** `true false 1 0 yes no`, any case, as well as JSON booleans. */
export function flag(field: string) {
  const words: Record<string, boolean> = { true: true, false: false, 1: true, 0: false, yes: true, no: false };
  return boolean()
    .transform((_, original) =>
      typeof original === 'string' ? (words[original.trim().toLowerCase()] ?? original) : original,
    )
    .typeError(`${field} must be true or false (also 1/0, yes/no)`);
}

/** `[lat, lon]` with each in range. */
export function latLon(field: string) {
  const message = `${field} must be [lat, lon] with lat from -90 to 90 and lon from -180 to 180`;
  return array(number().typeError(message).required(message))
    .typeError(message)
    .length(2, message)
    .test('lat-lon', message, (v) => !v || (Math.abs(v[0]) <= 90 && Math.abs(v[1]) <= 180));
}
