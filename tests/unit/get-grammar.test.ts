import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { parseDataPairs } from '../../server/request/query-readers.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { ApiError } from '../../server/errors.ts';

function rejects(fn: () => unknown, code: string, field: string) {
  assert.throws(fn, (e: unknown) => e instanceof ApiError && e.code === code && e.field === field);
}

test('data pairs: numbers, colours, flat colour, highlight, text, both separators', () => {
  assert.deepEqual(parseDataPairs('US:200,CN:150:#FF0000;RO:#00ff00,DE:,FR:High income'), [
    { id: 'US', value: 200 },
    { id: 'CN', value: 150, color: '#FF0000' },
    { id: 'RO', value: null, color: '#00ff00' },
    { id: 'DE', value: null },
    { id: 'FR', value: 'High income' },
  ]);
  assert.deepEqual(parseDataPairs('US:-1.5e3,,JP:.5'), [
    { id: 'US', value: -1500 },
    { id: 'JP', value: 0.5 },
  ]);
});

test('a malformed pair is invalid_data naming the pair', () => {
  rejects(() => parseDataPairs('US:200,CN'), 'invalid_data', 'data');
  rejects(() => parseDataPairs(':5'), 'invalid_data', 'data');
  rejects(() => parseDataPairs('US:1:#ff00'), 'invalid_data', 'data');
  assert.throws(() => parseDataPairs('US:200,CN'), /"CN"/);
});

test('query: percent-decoding, + as space, encoded separators, names in any case', () => {
  const parsed = parseQuery('SCOPE=world&legendtitle=GDP+per+capita&data=US%3A200%2CCN%3A1%3A%23ff0000', FIELD_NAMES);
  assert.deepEqual(parsed, {
    scope: 'world',
    legendTitle: 'GDP per capita',
    regions: [
      { id: 'US', value: 200 },
      { id: 'CN', value: 1, color: '#ff0000' },
    ],
  });
});

test('query: regions= highlights; data and regions together, or a repeated parameter, are refused', () => {
  assert.deepEqual(parseQuery('scope=world&regions=RO,DE', FIELD_NAMES).regions, [
    { id: 'RO', value: null },
    { id: 'DE', value: null },
  ]);
  rejects(() => parseQuery('scope=world&regions=RO&data=DE:1', FIELD_NAMES), 'invalid_data', 'regions');
  rejects(() => parseQuery('scope=world&theme=dark&Theme=light', FIELD_NAMES), 'invalid_field', 'theme');
});
