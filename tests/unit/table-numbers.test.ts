// Numbers as people write them (DECISIONS §10), decided per column: no browser, no catalogue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideMark, isNumberLike, markVotes, readNumbers } from '../../server/request/table/numbers.ts';

const NONE = { '.': 0, ',': 0 };
/** A column's numbers with the mark its own cells decide, `fallback` when they do not. */
function column(cells: string[], fallback: '.' | ',' = '.') {
  return readNumbers(cells, decideMark(markVotes(cells), NONE, fallback));
}

test('thousands separators: commas, dots, plain, no-break and narrow spaces, apostrophes', () => {
  assert.deepEqual(column(['1,234,567', '1,234']).values, [1234567, 1234]);
  assert.deepEqual(column(['1.234.567', '684.864']).values, [1234567, 684864]);
  assert.deepEqual(column(['1 234 567', '1\u00a0234', '1\u202f234,5']).values, [1234567, 1234, 1234.5]);
  assert.deepEqual(column(["1'234'567", "12'345.5", '1’000']).values, [1234567, 12345.5, 1000]);
});

test('the decimal mark is decided for the whole column: one cell that settles it decides the others', () => {
  // `684.864` alone is a decimal; beside `1.234.567` (dots that group) it is 684864
  assert.deepEqual(column(['684.864']).values, [684.864]);
  assert.deepEqual(column(['684.864', '1.234.567']).values, [684864, 1234567]);
  assert.deepEqual(column(['1,234', '0,5']).values, [1.234, 0.5]);
  assert.deepEqual(column(['1,234', '2,000,000']).values, [1234, 2000000]);
  assert.deepEqual(column(['1.234,5', '12']).values, [1234.5, 12]);
  // a column of ambiguous cells follows the file (here: the fallback a `;` file gives)
  assert.deepEqual(column(['684.864'], ',').values, [684864]);
  // other columns' evidence outweighs the fallback
  assert.equal(decideMark(NONE, { '.': 0, ',': 3 }, '.'), ',');
  assert.equal(decideMark({ '.': 2, ',': 0 }, { '.': 0, ',': 3 }, ','), '.');
});

test('percentages, currency signs before or after, −, (5), exponents, a plus sign', () => {
  const percents = column(['12.5%', '3 %', '−5%']);
  assert.deepEqual(percents.values, [12.5, 3, -5]);
  assert.equal(percents.percent, true);
  assert.equal(column(['12.5%', '3']).percent, false, 'every number must be a percentage');
  assert.deepEqual(
    column(['€1,234.50', '$ 5', '£-3', '¥10', '5 €', '-€5', '(5)', '(1,234.5)', '1e3', '2.5E-2', '+7', '.5']).values,
    [1234.5, 5, -3, 10, 5, -5, -5, -1234.5, 1000, 0.025, 7, 0.5],
  );
});

test('what is no number: dates, ranges, broken groups, doubled signs', () => {
  for (const text of ['1-2', '2021-01-01', '31.12.2021', '(5', '--5', '1,,2', '5.', 'e5', '12,34,5', 'abc', '(-5)'])
    assert.equal(isNumberLike(text), false, text);
  // groups of other than three digits are text under either mark
  assert.deepEqual(column(['0.097', '1,2,3', '12,34']).values, [0.097, null, null]);
});
