import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classIndex, classify } from '../../renderer-page/scales/classify.ts';
import { roundest } from '../../renderer-page/scales/class-edges.ts';
import { readableNumbers, valueNumbers } from '../../renderer-page/scales/format-number.ts';
import { numberLocaleFor } from '../../server/request/number-locale.ts';
import { rampColors } from '../../renderer-page/scales/ramp.ts';

const oneToTen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const members = (values: number[], c: ReturnType<typeof classify>) => {
  const classes: number[][] = Array.from({ length: c.thresholds.length + 1 }, () => []);
  for (const v of values) classes[classIndex(c, v)].push(v);
  return classes;
};

test('quantile: five classes of equal count', () => {
  const c = classify(oneToTen, 'quantile', null);
  assert.deepEqual(members(oneToTen, c), [
    [1, 2],
    [3, 4],
    [5, 6],
    [7, 8],
    [9, 10],
  ]);
});

test('quantile: repeated values never leave a class empty; fewer distinct values, fewer classes', () => {
  const values = [1, 1, 1, 1, 1, 1, 2, 3];
  const c = classify(values, 'quantile', null);
  assert.ok(members(values, c).every((m) => m.length > 0));
  assert.deepEqual(members([5, 5, 7], classify([5, 5, 7], 'quantile', null)), [[5, 5], [7]]);
  assert.deepEqual(classify([4, 4], 'quantile', null).thresholds, []);
});

test('equal intervals split the range in five', () => {
  assert.deepEqual(classify([0, 100, 35, 50, 70, 10], 'equal', null).thresholds, [20, 40, 60, 80]);
});

test('no more distinct values than classes: one class per value, labelled by it (DECISIONS §11)', () => {
  for (const method of ['quantile', 'equal', 'jenks'] as const) {
    const c = classify([4, 2, 1, 2], method, null);
    assert.deepEqual(c.values, [1, 2, 4], method);
    assert.deepEqual(members([4, 2, 1, 2], c), [[1], [2, 2], [4]], method);
  }
  assert.equal(classify(oneToTen, 'quantile', null).values, null, 'ten values make five ranges');
});

test('class edges: the fewest significant digits that keep every value in its class', () => {
  // (lo, hi]: above every value below the edge, at most the first value at or above it
  assert.equal(roundest(0.5, 3, 1.2), 1);
  assert.equal(roundest(3, 6, 3.6), 4);
  assert.equal(roundest(13, 27, 27), 20);
  assert.equal(roundest(-0.5, 2, 0.3), 0);
  assert.equal(roundest(62.51, 62.6, 62.6), 62.6, 'close values keep their digits');
  assert.equal(roundest(0.6, 0.7, 0.7), 0.7, 'no binary noise');
  assert.equal(roundest(70, 100, 80), 80, 'one digit either way: the nearer');
  assert.equal(roundest(5, 5, 5), null);
  const values = [0.41, 3.2, 7.7, 12.9, 18.3, 25.1, 33.8, 47.2, 60.2, 88.6, 120];
  for (const method of ['quantile', 'equal', 'jenks'] as const) {
    const c = classify(values, method, null);
    const raw = classify(
      values.map((v) => v + 1e-9),
      method,
      null,
    );
    assert.deepEqual(
      members(values, c).map((m) => m.length),
      members(values, raw).map((m) => m.length),
      method,
    );
    for (const t of c.thresholds) assert.ok(String(t).replace(/[-.]|0+$/g, '').length <= 2, `${method}: ${t}`);
  }
  assert.deepEqual(classify(values, 'quantile', null).thresholds, [7, 18, 30, 60]);
});

test('Jenks finds the natural clusters', () => {
  const values = [1, 2, 3, 10, 11, 12, 50, 51, 52, 100, 101, 200];
  const c = classify(values, 'jenks', null);
  assert.deepEqual(members(values, c), [[1, 2, 3], [10, 11, 12], [50, 51, 52], [100, 101], [200]]);
});

test('custom: each break is the upper edge of a class, values above the last fall in the last', () => {
  const c = classify([5, 40], 'custom', [10, 30, 60]);
  assert.deepEqual(
    [0, 10, 10.5, 30, 31, 60, 1000].map((v) => classIndex(c, v)),
    [0, 0, 1, 1, 2, 2, 2],
  );
});

test('numbers for people', () => {
  const formatNumber = readableNumbers(numberLocaleFor('en'));
  assert.equal(formatNumber(0.1 + 0.2), '0.3');
  assert.equal(formatNumber(1234567), '1,234,567');
  assert.equal(formatNumber(200 / 3), '66.67');
  assert.equal(formatNumber(-1500), '−1,500');
  assert.equal(formatNumber(0.000123456), '0.0001235');
  assert.equal(formatNumber(0), '0');
});

test("numbers in the locale's style: d3-format's file, else ICU's separators; the request's specifier", () => {
  assert.equal(readableNumbers(numberLocaleFor('de'))(21500.5), '21.500,5');
  assert.equal(readableNumbers(numberLocaleFor('fr-CA'))(21500.5), '21\u00a0500,5');
  // no d3-format file for Romanian or Austrian German: the separators ICU writes
  assert.equal(readableNumbers(numberLocaleFor('ro'))(21500.5), '21.500,5');
  assert.equal(readableNumbers(numberLocaleFor('de-AT'))(21500.5), '21\u00a0500,5');
  assert.equal(valueNumbers(numberLocaleFor('de-DE'), ',.1f')(1234.56), '1.234,6');
  assert.equal(valueNumbers(numberLocaleFor('de-DE'), '$,.2f')(1234.5), '1.234,50\u00a0€');
  assert.equal(valueNumbers(numberLocaleFor('en'), '.0%')(0.256), '26%');
});

test('ramp colours: the palette stops when enough, interpolated beyond', () => {
  const stops = ['#000000', '#444444', '#888888', '#bbbbbb', '#ffffff'];
  assert.deepEqual(rampColors(stops, 3), ['#000000', '#888888', '#ffffff']);
  assert.deepEqual(rampColors(stops, 1), ['#ffffff']);
  const seven = rampColors(stops, 7);
  assert.equal(seven.length, 7);
  assert.equal(new Set(seven).size, 7);
  assert.ok(seven.every((c) => /^#[0-9a-f]{6}$/.test(c)));
});
