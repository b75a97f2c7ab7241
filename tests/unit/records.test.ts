// A JSON body's regions as data tools write them: strings of numbers, records with keys of their own, NaN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadCatalogue, type Catalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../../server/errors.ts';
import { readBody } from '../../server/request/body-request.ts';

const normaliseBody = (kind: 'json' | 'csv', text: string, query: string, catalogue: Catalogue) =>
  readBody({ kind, text, query }, catalogue).request;
import { readJsonRegions } from '../../server/request/records.ts';

const catalogue = loadCatalogue();
const regionsOf = (input: Record<string, unknown>) =>
  (readJsonRegions({ scope: 'world', ...input }, catalogue) as { regions: unknown[] }).regions;

test('strings of numbers are numbers, decided as a column, unless colorScale is categorical', () => {
  const regions = [
    { id: 'DE', value: '0.097' },
    { id: 'FR', value: '1,234' },
    { id: 'IT', value: 5 },
    { id: 'ES', value: null },
  ];
  assert.deepEqual(regionsOf({ regions }), [
    { id: 'DE', value: 0.097 },
    { id: 'FR', value: 1234 },
    { id: 'IT', value: 5 },
    { id: 'ES', value: null },
  ]);
  assert.deepEqual(regionsOf({ regions, colorScale: 'categorical' }), regions);
  // text among them: left for normalise to refuse as a mix, or to draw as categories
  const mixed = [
    { id: 'DE', value: '1' },
    { id: 'FR', value: 'High' },
  ];
  assert.deepEqual(regionsOf({ regions: mixed }), mixed);
});

test('records with keys of their own: the column of regions is the id, the only number column the value', () => {
  const records = [
    { country: 'Germany', iso3: 'DEU', gdp: '48,717.99', year: 2022 },
    { country: 'France', iso3: 'FRA', gdp: 40886.25, year: 2022 },
    { country: 'Spain', iso3: 'ESP', gdp: null, year: 2022 },
  ];
  assert.throws(
    () => regionsOf({ regions: records }),
    (e: unknown) => e instanceof ApiError && e.code === 'invalid_csv' && /\(gdp, year\).*valueColumn/.test(e.message),
  );
  assert.deepEqual(regionsOf({ regions: records, valueColumn: 'gdp' }), [
    { id: 'Germany', value: 48717.99 },
    { id: 'France', value: 40886.25 },
  ]);
  assert.deepEqual(regionsOf({ regions: records, idColumn: 'iso3', valueColumn: 'GDP' })[1], {
    id: 'FRA',
    value: 40886.25,
  });
  // through normalisation: Spain's null is no data, left out; idColumn and valueColumn draw nothing themselves
  const { spec } = normaliseBody(
    'json',
    JSON.stringify({ scope: 'world', regions: records, valueColumn: 'gdp' }),
    '',
    catalogue,
  );
  assert.deepEqual(
    spec.regions.map((r) => [r.id, r.value, r.highlight]),
    [
      ['DE', 48717.99, false],
      ['FR', 40886.25, false],
    ],
  );
});

test('NaN in a JSON body is refused with a message saying to write null', () => {
  assert.throws(
    () => normaliseBody('json', '{"scope": "world", "regions": [{"id": "DE", "value": NaN}]}', '', catalogue),
    (e: unknown) => e instanceof ApiError && e.code === 'invalid_json' && /NaN is not JSON: write null/.test(e.message),
  );
});

test('any JSON regions are read or refused with an ApiError', () => {
  const cell = fc.oneof(
    fc.string(),
    fc.double(),
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom('1,234', '0.5', 'DE'),
  );
  fc.assert(
    fc.property(
      fc.array(fc.dictionary(fc.constantFrom('id', 'value', 'country', 'gdp', 'color'), cell), { maxLength: 6 }),
      fc.option(fc.constantFrom('gdp', '2', 'value', 'x')),
      (regions, valueColumn) => {
        try {
          regionsOf({ regions, ...(valueColumn === null ? {} : { valueColumn }) });
        } catch (error) {
          assert.ok(error instanceof ApiError, String(error));
        }
      },
    ),
    { numRuns: 2000 },
  );
});
