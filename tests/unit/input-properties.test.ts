// Property-based tests of the whole input surface: whatever a client sends (a GET query, a JSON body, a CSV
// body), the answer is a normalised request or a 4xx naming the problem; never a 500. In-process, thousands of
// cases; ../input-properties-http.test.ts sends a few hundred through the real routes and error handler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadCatalogue } from '../../topology/catalogue.ts';
import type { Format } from '../../renderer-page/spec.ts';
import { ApiError } from '../../server/errors.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { readTable } from '../../server/request/table/read-table.ts';
import { etagOf } from '../../server/request/etag.ts';
import { getUrlFor } from '../../server/request/get-url.ts';
import { HEX_COLOR } from '../../server/request/region-value.ts';
import { csvText } from '../support/input-csv.ts';
import { asJson, json, nearValidBody } from '../support/input-bodies.ts';
import { pathFormat, query, rawQuery } from '../support/input-queries.ts';

const catalogue = loadCatalogue();

// ---- what a successful request must also survive: its ETag and the GET URL /render/spec offers --------------

/** Runs the request through normalisation (and, when it succeeds, everything /render/spec does with it).
 *  Passes for a result or an ApiError with a 4xx status; anything else fails the property. */
function spec(make: () => unknown, format?: Format): 'ok' | 'refused' {
  let normalised;
  try {
    normalised = normaliseRequest(make(), catalogue, format);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return 'refused';
    throw error;
  }
  // a request that normalised is valid: describing it may not fail in any way
  etagOf(normalised.spec, 'v');
  const url = getUrlFor(normalised.spec, catalogue);
  if (url !== null) assert.match(url, /^\/map\.(svg|png|pdf|jpeg|webp)\?scope=/);
  return 'ok';
}
// ---- (a) the GET grammar --------------------------------------------------------------------------------------

test('GET grammar: any query normalises, or is refused with a 4xx', () => {
  const outcomes = { ok: 0, refused: 0 };
  fc.assert(
    fc.property(query, pathFormat, (q, format) => {
      outcomes[spec(() => parseQuery(q, FIELD_NAMES), format)]++;
    }),
    { numRuns: 6000 },
  );
  fc.assert(
    fc.property(rawQuery, pathFormat, (q, format) => {
      outcomes[spec(() => parseQuery(q, FIELD_NAMES), format)]++;
    }),
    { numRuns: 2000 },
  );
  // the generators reach past validation often enough to mean something (about one in six)
  assert.ok(outcomes.ok > 800, JSON.stringify(outcomes));
});

// ---- (b) the CSV body -----------------------------------------------------------------------------------------

const knowsWorld = (cell: string) => catalogue.resolveIn('world', null, cell.trim()) !== undefined;

/** Regions from a CSV body, checked for shape, or its refusal: invalid_csv, or invalid_data for text among numbers. */
function csv(text: string): void {
  let regions;
  try {
    regions = readTable(text, {}, knowsWorld).regions;
  } catch (error) {
    if (error instanceof ApiError && ['invalid_csv', 'invalid_data'].includes(error.code) && error.status === 400)
      return;
    throw error;
  }
  for (const region of regions) {
    assert.ok(
      typeof region.id === 'string' && region.id !== '' && region.id === region.id.trim(),
      `id ${JSON.stringify(region.id)}`,
    );
    assert.ok(region.value === null || typeof region.value === 'number' || typeof region.value === 'string');
    if (region.color !== undefined) assert.match(region.color, HEX_COLOR);
  }
  // then, as POST /render/map does, with the query's other parameters
  spec(() => ({ scope: 'world', regions }));
}

test('CSV bodies: any text gives regions or invalid_csv', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.string({ unit: fc.constantFrom(...'"\r\n,;\t \uFEFFid1.#') }),
      ),
      csv,
    ),
    { numRuns: 3000 },
  );
  fc.assert(fc.property(csvText, csv), { numRuns: 4000 });
});

// ---- (c) the JSON body ----------------------------------------------------------------------------------------

test('JSON bodies: any JSON value normalises, or is refused with a 4xx', () => {
  const outcomes = { ok: 0, refused: 0 };
  fc.assert(
    fc.property(
      fc.oneof(
        json,
        fc.json().map((text) => JSON.parse(text) as unknown),
        fc.object().map(asJson),
      ),
      (body) => {
        outcomes[spec(() => body)]++;
      },
    ),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(nearValidBody.map(asJson), pathFormat, (body, format) => {
      outcomes[spec(() => body, format)]++;
    }),
    { numRuns: 6000 },
  );
  // about a quarter of the near-valid bodies are valid
  assert.ok(outcomes.ok > 800, JSON.stringify(outcomes));
});
