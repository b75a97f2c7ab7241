// Lists of plain items skip yup (plain-lists.ts): whatever the body, validation must give what yup alone gives,
// the same fields or the same first error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { requestSchema } from '../../server/request/schema.ts';
import { validateRequest } from '../../server/request/validate.ts';
import { plainLists } from '../../server/request/plain-lists.ts';
import { PATTERNS } from '../../shared/lists.ts';
import { ApiError } from '../../server/errors.ts';
import { asJson, nearValidBody } from '../support/input-bodies.ts';

/** What validation makes of a body: the fields, or the error's message and field. */
function outcome(validate: () => unknown): unknown {
  try {
    return { valid: validate() };
  } catch (error) {
    if (error instanceof ApiError) return { message: error.message, field: error.field };
    const { name, message, path } = error as { name: string; message: string; path?: string };
    return { name, message, path };
  }
}

const yupAlone = (body: Record<string, unknown>) =>
  requestSchema.validateSync(body, { abortEarly: true, stripUnknown: false });

/** Whether a key every object inherits is in `value` at any depth: normalise.ts refuses those before validation. */
const inheritedKeyIn = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(value).some(([key, inner]) => key in Object.prototype || inheritedKeyIn(inner));

function sameAsYup(body: Record<string, unknown>): void {
  fc.pre(!inheritedKeyIn(body));
  const ours = outcome(() => validateRequest(body));
  const theirs = outcome(() => yupAlone(body));
  if ('valid' in (theirs as object)) assert.deepEqual(ours, theirs);
  // yup's ValidationError becomes an ApiError with the same message and field
  else {
    const { message, path } = theirs as { message: string; path?: string };
    assert.deepEqual(ours, { message, field: path || undefined });
  }
}

// items near plain: mostly right, now and then a field wrong in one of the ways the schema tells apart
const mostly = <T>(right: T[], wrong: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...right) }, { weight: 1, arbitrary: wrong });
const edgeText = fc.constantFrom('', 'x'.repeat(64), 'x'.repeat(65), 'x'.repeat(256), 'x'.repeat(257), 'a\u0007b');
const fields = {
  id: mostly(['US', 'DE', 'usa', ' '], fc.constantFrom('', 840, null, ['US'])),
  value: mostly([0, -0, 12.5, 1e308, null, 'Low'], fc.oneof(fc.double(), edgeText, fc.constantFrom('12', true, {}))),
  color: mostly([null, '#1a6bcc', '#1A6BCC'], fc.constantFrom('#fff', 'red', '', 3)),
  pattern: mostly([null, ...PATTERNS], fc.constantFrom('STRIPES', 'zigzag', '')),
  annotation: mostly([null, 'Largest'], edgeText),
};
/** Items of the keys a list's item has, now and then with all the others. */
const listOf = (...keys: Array<keyof typeof fields>) => {
  const own = Object.fromEntries(keys.map((key) => [key, fields[key]])) as Partial<typeof fields>;
  const item = fc.oneof(
    { weight: 12, arbitrary: fc.record(own, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ ...fields, extra: fc.constant(1) }, { requiredKeys: [] }) },
  );
  return fc.oneof(fc.array(item, { maxLength: 4 }), item, fc.constant(null));
};

test('validating lists of plain items gives what yup alone gives: the fields or the first error', () => {
  const body = fc.record(
    {
      regions: listOf('id', 'value', 'color', 'pattern', 'annotation'),
      patterns: listOf('id', 'pattern'),
      annotations: listOf('id', 'annotation'),
      proportional: listOf('id', 'value', 'color'),
    },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(body, nearValidBody, (lists, other) => sameAsYup(asJson({ ...other, ...lists }) as never)),
    { numRuns: 3000 },
  );
});

test('near valid bodies validate as with yup alone', () => {
  fc.assert(
    fc.property(nearValidBody, (body) => sameAsYup(asJson(body) as never)),
    { numRuns: 2000 },
  );
});

test('a list of plain items is taken as it is; one bad item sends the whole list through yup', () => {
  const regions = [
    { id: 'US', value: 200 },
    { id: 'DE', value: 'high', color: '#1a6bcc', pattern: 'dots', annotation: 'Largest' },
    { id: 'FR' },
    { id: 'IT', value: null },
  ];
  const body = { scope: 'world', regions, patterns: [{ id: 'US', pattern: 'stripes' }] };
  assert.deepEqual(plainLists(body), ['regions', 'patterns']);
  assert.equal(validateRequest(body).regions, regions);
  const bad = [...regions, { id: 'ES', value: Number.NaN }];
  assert.deepEqual(plainLists({ scope: 'world', regions: bad }), []);
  assert.throws(() => validateRequest({ scope: 'world', regions: bad }), {
    message: /^regions\[4\]\.value must be a number/,
  });
  assert.deepEqual(plainLists({ scope: 'world', regions: Array.from({ length: 5001 }, () => ({ id: 'US' })) }), []);
});

test('options asked again with new data give each request fields of its own, and an error every time', () => {
  const ask = (id: string) => validateRequest({ scope: 'world', width: '800', theme: 'light', regions: [{ id }] });
  const first = ask('US');
  first.width = 10;
  const second = ask('DE');
  assert.equal(second.width, 800, 'what one request did with its fields is not what the next gets');
  assert.deepEqual(second.regions, [{ id: 'DE' }]);
  for (let i = 0; i < 2; i++) {
    assert.throws(() => validateRequest({ scope: 'world', width: 'wide' }), { message: /^width must be/ });
  }
  // JSON writes NaN as null, which height takes: the two are never taken for each other
  assert.equal(validateRequest({ scope: 'world', height: null }).height, null);
  assert.throws(() => validateRequest({ scope: 'world', height: Number.NaN }), { message: /^height/ });
});
