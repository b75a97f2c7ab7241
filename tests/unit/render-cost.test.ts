// The cost ceilings (server/cost/): what a request's estimate counts, and the 422 that names what to reduce.
// How the estimates compare with real renders is `npm run bench`'s and tests/render-cost-http.test.ts's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { RenderCosts, catalogueFacts } from '../../server/cost/ceilings.ts';
import { COSTS } from '../../server/cost/estimate.ts';
import { ApiError } from '../../server/errors.ts';
import { TooManyPixels } from '../../server/render/render-errors.ts';
import { loadRendererAssets } from '../../server/render/renderer-assets.ts';
import type { Format } from '../../renderer-page/spec.ts';

const catalogue = loadCatalogue();
const assets = loadRendererAssets();
const spec = (query: string, format: Format = 'png') =>
  normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, format).spec;
const costs = (maxRenderCost = 8000, maxPixels = 8192 * 8192) =>
  new RenderCosts({ maxPixels, maxRenderCost }, catalogueFacts(catalogue, assets));

test('the estimate adds up what the map draws, costliest first', () => {
  const routes = Array.from({ length: 40 }, () => 'NO>NZ:sea').join(';');
  const { ms, parts } = costs().estimate(spec(`scope=world&width=2000&height=1000&routes=${routes}`));
  assert.equal(parts[0]!.what, '40 sea routes');
  assert.equal(parts[0]!.ms, 40 * COSTS.seaRoute);
  assert.ok(parts.some((part) => part.what === 'a 2000 × 1000 px PNG' && part.ms === 2 * COSTS.perMegapixel.png));
  assert.equal(Math.round(ms), Math.round(parts.reduce((sum, part) => sum + part.ms, 0)));
});

test('the outlines cost with their detail, pixels with the format, labels more in a picture than in an SVG', () => {
  const estimate = (query: string, format: Format = 'png') => costs().estimate(spec(query, format)).ms;
  assert.ok(estimate('scope=world&level=high') > estimate('scope=world&level=low'));
  assert.ok(estimate('scope=world&width=4000&height=2000', 'webp') > estimate('scope=world&width=4000&height=2000'));
  assert.ok(
    estimate('scope=US&labels=ISO') - estimate('scope=US') >
      estimate('scope=US&labels=ISO', 'svg') - estimate('scope=US', 'svg'),
  );
});

test('over MAX_PIXELS is TooManyPixels before rendering, naming scale when the scale is what makes it', () => {
  assert.throws(
    () => costs().check(spec('scope=world&width=4096&height=4096&scale=4')),
    (error: TooManyPixels) =>
      error instanceof TooManyPixels && /268,435,456 device pixels, over the 67,108,864/.test(error.message),
  );
  costs().check(spec('scope=world&width=8000&height=8000'));
  assert.throws(() => costs(8000, 1000 * 1000).check(spec('scope=world&width=1001&height=1000')), TooManyPixels);
  // an SVG has no device pixels
  costs(100_000, 100).check(spec('scope=world&width=8000&height=8000', 'svg'));
});

test('over MAX_RENDER_COST is 422 too_costly, naming the costliest parts and the field to reduce', () => {
  const routes = Array.from({ length: 500 }, () => 'NO>NZ:sea').join(';');
  assert.throws(
    () => costs(2000).check(spec(`scope=world&routes=${routes}`)),
    (error: ApiError) =>
      error instanceof ApiError &&
      error.code === 'too_costly' &&
      error.field === 'routes' &&
      /about 4,\d{3} ms to draw, over the 2,000 .*500 sea routes \(4,000 ms\)/.test(error.message),
  );
  costs(8000).check(spec(`scope=world&routes=${routes}`));
});

test('a height left to the scope is learnt from the maps drawn, for the next estimates', () => {
  const ceilings = costs();
  const tall = spec('scope=VN&width=2000');
  const before = ceilings.estimate(tall).parts.find((part) => part.field === 'width')!;
  assert.match(before.what, /a 2000 × 2000 px PNG/, 'as tall as wide, until one is drawn');
  ceilings.learn(tall, 4000);
  const after = ceilings.estimate(spec('scope=VN&width=1000')).parts.find((part) => part.field === 'width')!;
  assert.match(after.what, /a 1000 × 2000 px PNG/);
});
