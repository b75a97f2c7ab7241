// Validation against the request schema: the first problem becomes an ApiError with the code of what is at
// fault (a list too long, a region item, a theme, any other field) and the field named.
import { LRUCache } from 'lru-cache';
import { mixed, ValidationError, type ArraySchema, type Schema } from 'yup';
import { ApiError, type ErrorCode } from '../errors.ts';
import { requestSchema, type ValidRequest } from './schema.ts';
import { plainLists } from './plain-lists.ts';

function codeFor(path: string, type: string | undefined): ErrorCode {
  if (path === 'theme') return 'invalid_theme';
  if (path === 'projection') return 'invalid_projection';
  const list = /^(regions|patterns|annotations|proportional|markers|routes)(?=\[|$)/.exec(path);
  if (list && path === list[1] && type === 'max') return 'too_many_items';
  if (list) return ['markers', 'routes'].includes(list[1]) ? 'invalid_field' : 'invalid_data';
  return 'invalid_field';
}

/** Each list field, its length limit, and its schema without its items' checks: yup checks every item of a list
 *  before its length, which took 1.7 s for 400,000 regions. */
const LIST_LIMITS = Object.entries(requestSchema.fields).flatMap(([name, field]) => {
  const max = (field as Schema).describe().tests.find((test) => test.name === 'max')?.params?.max;
  if ((field as Schema).type !== 'array' || typeof max !== 'number') return [];
  return [{ name, max, shallow: (field as ArraySchema<unknown[], object>).of(mixed()) }];
});

/** A list over its length limit, refused before any of its items is looked at, with yup's own message. */
function refuseLongLists(input: Record<string, unknown>): void {
  for (const { name, max, shallow } of LIST_LIMITS) {
    const list = input[name];
    if (!Array.isArray(list) || list.length <= max) continue;
    try {
      shallow.validateSync(list.slice(0, max + 1), { abortEarly: false, path: name } as object);
    } catch (error) {
      const tooLong = error instanceof ValidationError && error.inner.find((inner) => inner.type === 'max');
      if (tooLong) throw new ApiError(codeFor(name, 'max'), tooLong.errors[0]!, name);
    }
  }
}

/** Casts and checks `input`, filling the defaults; the first problem becomes an ApiError naming its field. */
export function validateRequest(input: Record<string, unknown>): ValidRequest {
  refuseLongLists(input);
  // yup would give plain lists back unchanged (the same arrays), so they skip it; a list that passes has no
  // error to name, so the first error of the rest is the one yup would have named first
  const plain = plainLists(input);
  const rest = plain.length ? { ...input, ...Object.fromEntries(plain.map((name) => [name, undefined])) } : input;
  try {
    return Object.assign(validRest(rest), Object.fromEntries(plain.map((name) => [name, input[name]])));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const path = error.path ?? '';
    throw new ApiError(codeFor(path, error.type), error.errors[0] ?? `${path} is not valid`, path || undefined);
  }
}

// What yup made of the fields but the plain lists, by their JSON. An <img> embed or a dashboard asks again and
// again with the same options and new data, and yup took 60 µs to check them (a world SVG is drawn in 500):
// here they are checked once. Only fields of plain values are kept, as a query's are; bounded by the JSON's length.
const validRests = new LRUCache<string, ValidRequest>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_, key) => 1024 + key.length * 2,
});

function validRest(rest: Record<string, unknown>): ValidRequest {
  const key = Object.values(rest).every(isPlainValue) ? JSON.stringify(rest) : null;
  let valid = key === null ? undefined : validRests.get(key);
  if (!valid) {
    valid = requestSchema.validateSync(rest, { abortEarly: true, stripUnknown: false });
    if (key === null) return valid;
    // shared by the requests with the same options: frozen, so that none can change another's
    validRests.set(key, deepFreeze(valid));
  }
  return { ...valid };
}

/** What JSON writes as it is: not NaN or -0, say, which it writes as null and 0. */
const isPlainValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (Number.isFinite(value) && !Object.is(value, -0));

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
