// The marker icon set and SIDC validation, in plain Node (no DOM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ICON_PATHS, iconAnchor } from '../../renderer-page/markers/icons.ts';
import { isValidSidc } from '../../server/request/sidc.ts';

const ICONS = (
  'dot square triangle cross star pin flag airport anchor car bicycle helicopter ship train truck house building ' +
  'factory hospital tank base bomb fist soccer-ball megaphone mountain fire lightning warning person'
).split(' ');

/** Every number in a path (coordinates, radii, arc flags). */
const numbers = (d: string) => (d.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);

test('every one of the 30 icon names has path data in the 24×24 box, and no other names exist', () => {
  assert.equal(ICONS.length, 30);
  assert.deepEqual(Object.keys(ICON_PATHS).sort(), [...ICONS].sort());
  for (const name of ICONS) {
    const d = ICON_PATHS[name as keyof typeof ICON_PATHS];
    assert.match(d, /^M[\d.\s,A-Za-z-]+$/, `${name} is path data`);
    for (const n of numbers(d)) assert.ok(n >= -24 && n <= 24, `${name}: ${n} stays within the 24 box`);
  }
  assert.equal(new Set(Object.values(ICON_PATHS)).size, 30, 'no two names share a glyph');
});

test('the pin sits on its tip, every other icon on its centre', () => {
  assert.deepEqual(iconAnchor('pin'), [12, 22]);
  assert.match(ICON_PATHS.pin, /12,22/, 'the pin path reaches its tip at (12, 22)');
  for (const name of ICONS.filter((n) => n !== 'pin')) assert.deepEqual(iconAnchor(name as 'dot'), [12, 12]);
});

test('isValidSidc accepts 20- and 30-digit codes milsymbol can draw', () => {
  assert.equal(isValidSidc('10031000001211000000'), true, 'friendly infantry, 2525D');
  assert.equal(isValidSidc('10061000001211000000'), true, 'hostile infantry, 2525D');
  assert.equal(isValidSidc('130310000012110000000000000000'), true, 'friendly infantry, 2525E 30 digits');
});

test('isValidSidc rejects wrong lengths, letters, and what milsymbol does not know', () => {
  for (const code of ['', '1003100000121100000', '100310000012110000000', '1003100000121100000000000000000']) {
    assert.equal(isValidSidc(code), false, `length ${code.length}`);
  }
  assert.equal(isValidSidc('1003100000121100000A'), false, 'a letter');
  assert.equal(isValidSidc('SFG-UCI----D'), false, 'letter-based 2525C codes are not accepted');
  assert.equal(isValidSidc(' 10031000001211000000'), false, 'surrounding space');
  assert.equal(isValidSidc('10039900001211000000'), false, 'unknown symbol set 99');
  assert.equal(isValidSidc('10031000009999990000'), false, 'unknown entity');
});
