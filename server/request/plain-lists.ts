// The lists of per-region items that validation may take without yup. yup checks an item in some 10 µs (a
// cast and a test run per field), which made a 5,000-region request spend most of its time there. Almost every
// item is plain: an id and a value the schema would take unchanged. A list whose items all are is handed over
// as it is; any other list goes through yup, which then names the first bad item exactly as it always did.
// Each check below accepts a subset of what its schema (region-schema.ts, layer-schema.ts) accepts unchanged,
// never more: tests/unit/plain-lists.test.ts holds them to it.
import { PATTERNS } from '../../shared/lists.ts';
import { HEX_COLOR } from './region-value.ts';
import { LIMITS, NOT_XML_TEXT, isDataNumber, isRegionId } from './schema-parts.ts';

type Item = Record<string, unknown>;

const absent = (v: unknown) => v === undefined || v === null;
const isText = (v: unknown, max: number) => typeof v === 'string' && v.length <= max && !NOT_XML_TEXT.test(v);
const isColor = (v: unknown) => absent(v) || (typeof v === 'string' && HEX_COLOR.test(v));
// a required id is a string that is not empty: yup would cast a number to text, so one goes through yup
const isId = isRegionId;

/** An object with no key but `keys`. */
function hasOnly(item: unknown, keys: ReadonlySet<string>): item is Item {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
  for (const key of Object.keys(item)) if (!keys.has(key)) return false;
  return true;
}

const REGION_KEYS = new Set(['id', 'value', 'color', 'pattern', 'annotation']);
const PATTERN_KEYS = new Set(['id', 'pattern']);
const ANNOTATION_KEYS = new Set(['id', 'annotation']);
const PROPORTIONAL_KEYS = new Set(['id', 'value', 'color']);
const isPattern = (v: unknown) => (PATTERNS as readonly unknown[]).includes(v);

/** The region item (region-schema.ts `region`) as the schema takes it unchanged. */
function isPlainRegion(item: unknown): boolean {
  if (!hasOnly(item, REGION_KEYS)) return false;
  const { id, value, color, pattern, annotation } = item;
  return (
    isId(id) &&
    (absent(value) || isDataNumber(value) || isText(value, LIMITS.categoryLength)) &&
    isColor(color) &&
    (absent(pattern) || isPattern(pattern)) &&
    (absent(annotation) || isText(annotation, LIMITS.annotation))
  );
}

const PLAIN: Record<string, (item: unknown) => boolean> = {
  regions: isPlainRegion,
  patterns: (item) => hasOnly(item, PATTERN_KEYS) && isId(item.id) && isPattern(item.pattern),
  annotations: (item) =>
    // required, so not empty
    hasOnly(item, ANNOTATION_KEYS) &&
    isId(item.id) &&
    item.annotation !== '' &&
    isText(item.annotation, LIMITS.annotation),
  proportional: (item) =>
    hasOnly(item, PROPORTIONAL_KEYS) &&
    isId(item.id) &&
    isDataNumber(item.value) &&
    item.value >= 0 &&
    isColor(item.color),
};

/** The names of the fields of `input` that are lists of plain items, within their length limit. */
export function plainLists(input: Record<string, unknown>): string[] {
  return Object.keys(PLAIN).filter((name) => {
    const list = input[name];
    return Array.isArray(list) && list.length <= LIMITS.regions && list.every(PLAIN[name]!);
  });
}
