// The request edge's measure: normalising a POST body (validation, scope division, id resolution, sorting) per
// region, in-process, so that neither HTTP nor drawing hides it. A fresh body is parsed before each run, outside
// the timing, as the server parses one per request.
import type { Catalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { readBody } from '../../server/request/body-request.ts';
import { median, ms, row, SAMPLES, WARMUP_MS } from './measure.ts';

/** Per region, what a large request may cost at the edge (issue 14): 5,000 regions in 25 ms. A small one is
 *  mostly the fixed cost of the other fields, which the per-region figure spreads over few regions. */
const TARGET_US = 5;
const TARGET_FROM = 5000;

interface NormaliseCase {
  what: string;
  regions: number;
  /** the POST body as JSON text */
  body: string;
}

const body = (scope: string, ids: string[]) =>
  JSON.stringify({ scope, regions: ids.map((id, i) => ({ id, value: (i * 37) % 1000 })) });

/** 10 and 250 US counties and the request limit, 5,000: every county (3,220) by FIPS code and 1,780 ids of
 *  that shape no county has, which are left out of the map and named in X-Geo-Warnings. */
function normaliseCases(catalogue: Catalogue): NormaliseCase[] {
  const counties = catalogue
    .scope('US')!
    .divisions.find((d) => d.id === 'counties')!
    .regions.map((r) => r.id);
  const unknown = Array.from({ length: 5000 - counties.length }, (_, i) => `99${String(i).padStart(3, '0')}`);
  return [
    { what: '10 US counties', regions: 10, body: body('US', counties.slice(0, 10)) },
    { what: '250 US counties', regions: 250, body: body('US', counties.slice(0, 250)) },
    {
      what: `${counties.length} US counties + ${unknown.length} unknown ids`,
      regions: 5000,
      body: body('US', [...counties, ...unknown]),
    },
  ];
}

/** A table as a statistics export writes it (issue 32): a header, FIPS codes with leading zeros, values with a
 *  thousands separator and a decimal point, and a few cells of no data. */
function countiesCsv(counties: string[], rows: number): string {
  const lines = ['fips,value'];
  for (let i = 0; i < rows; i++) {
    const id = counties[i] ?? `99${String(i).padStart(3, '0')}`;
    lines.push(i % 97 === 0 ? `${id},NA` : `${id},"${((i * 37) % 999) + 1},${i % 10}00.5"`);
  }
  return lines.join('\n');
}

/** Runs `normalise` on what `fresh` makes (a new parse of a JSON body, as the server parses one per request) for
 *  WARMUP_MS unmeasured (at least 20 times), then SAMPLES times: the durations in ms. */
function timedNormalise(normalise: (input: unknown) => unknown, fresh: () => unknown): number[] {
  const once = () => {
    const input = fresh();
    const started = performance.now();
    normalise(input);
    return performance.now() - started;
  };
  for (let i = 0, end = performance.now() + WARMUP_MS; i < 20 || performance.now() < end; i++) once();
  return Array.from({ length: SAMPLES }, once);
}

/** The rows of docs/benchmark.md: per region at each size, and a 5,000-row CSV read whole (parsed, its columns
 *  chosen, its numbers read, then normalised), which issue 32 holds to 25 ms. */
export function normaliseRows(catalogue: Catalogue): void {
  const counties = catalogue
    .scope('US')!
    .divisions.find((d) => d.id === 'counties')!
    .regions.map((r) => r.id);
  const csv = countiesCsv(counties, 5000);
  const read = median(
    timedNormalise(
      (text) => readBody({ kind: 'csv', text: text as string, query: 'scope=US' }, catalogue),
      () => csv,
    ),
  );
  row(
    'reading a 5,000-row CSV body of US counties (parse, columns, numbers, normalise)',
    ms(read),
    '≤ 25 ms',
    read <= 25,
  );
  for (const c of normaliseCases(catalogue)) {
    const took = median(
      timedNormalise(
        (input) => normaliseRequest(input, catalogue),
        () => JSON.parse(c.body),
      ),
    );
    const perRegion = (took * 1000) / c.regions;
    const judged = c.regions >= TARGET_FROM;
    row(
      `normalising a POST body of ${c.what}: per region (whole request)`,
      `${perRegion.toFixed(1)} µs (${took.toFixed(2)} ms)`,
      judged ? `≤ ${TARGET_US} µs` : '',
      judged ? perRegion <= TARGET_US : undefined,
    );
  }
}
