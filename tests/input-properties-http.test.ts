// The input surface over HTTP, through the real routes and error handler: GET /render/spec and /map.svg, POST
// /render/spec with JSON and CSV answer 200 or a 4xx whose JSON body names the error; never a 500.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startService, type TestService } from './support/service.ts';
import { csvText } from './support/input-csv.ts';
import { nearValidBody } from './support/input-bodies.ts';
import { query, queryParameters } from './support/input-queries.ts';

let service: TestService;
before(async () => {
  service = await startService({ poolSize: 2, renderTimeoutMs: 20_000 });
});
after(() => service.close());

/** A 200 or a 4xx whose JSON body names the error; the status is returned. */
async function answer(path: string, init?: RequestInit): Promise<number> {
  const response = await fetch(service.url + path, init);
  const body = Buffer.from(await response.arrayBuffer());
  const shown = body.toString().slice(0, 300);
  assert.ok(
    response.status === 200 || (response.status >= 400 && response.status < 500),
    `${response.status} for ${path}: ${shown}`,
  );
  if (response.status !== 200) {
    const error = JSON.parse(body.toString()) as { error: string; status: number };
    assert.equal(error.status, response.status, shown);
    assert.equal(typeof error.error, 'string');
  }
  return response.status;
}

test('over HTTP: GET /render/spec and /map.svg, POST /render/spec with JSON and CSV answer 200 or 4xx', async () => {
  const statuses: number[] = [];
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      statuses.push(await answer(`/render/spec?${q}`));
    }),
    { numRuns: 300 },
  );
  await fc.assert(
    fc.asyncProperty(nearValidBody, async (body) => {
      statuses.push(
        await answer('/render/spec', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    }),
    { numRuns: 200 },
  );
  await fc.assert(
    fc.asyncProperty(csvText, queryParameters, async (text, parameters) => {
      const q = new URLSearchParams(
        parameters.filter(([name]) => !['data', 'regions'].includes(name.toLowerCase())),
      ).toString();
      statuses.push(
        await answer(`/render/spec?${q}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: text }),
      );
    }),
    { numRuns: 60 },
  );
  assert.ok(
    statuses.filter((s) => s === 200).length > 80,
    `enough valid requests: ${statuses.filter((s) => s === 200).length}`,
  );
  // real renders (about one in five is valid): smaller maps, so that a few dozen stay quick
  const mapQuery = queryParameters.map((parameters) =>
    new URLSearchParams([
      ...parameters.filter(([name]) => !['width', 'height', 'level', 'format'].includes(name.toLowerCase())),
      ['width', '400'],
    ]).toString(),
  );
  const maps: number[] = [];
  await fc.assert(
    fc.asyncProperty(mapQuery, async (q) => {
      maps.push(await answer(`/map.svg?${q}`));
    }),
    { numRuns: 120 },
  );
  await fc.assert(
    fc.asyncProperty(mapQuery, async (q) => {
      maps.push(await answer(`/map.png?${q}`));
    }),
    { numRuns: 40 },
  );
  assert.ok(maps.filter((s) => s === 200).length > 15, `maps drawn: ${maps.filter((s) => s === 200).length}`);
});
