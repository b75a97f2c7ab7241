// The render use-case without Koa or a browser: 304, cache, render, warnings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noWarnings, type MapSpec } from '../../renderer-page/spec.ts';
import { memoryRenderCache } from '../../server/cache/render-cache.ts';
import { answerMap, type Tagged } from '../../server/map-answer.ts';
import { RenderFailed, RenderTimedOut } from '../../server/render/render-errors.ts';
import type { RenderOutput } from '../../server/render/chromium/render-page.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';

const catalogue = loadCatalogue();
const request = (query: Record<string, unknown>, etag: string): Tagged => ({
  ...normaliseRequest(query, catalogue, 'svg'),
  etag,
});

function service(render: (spec: MapSpec) => Promise<RenderOutput>) {
  const drawn: MapSpec[] = [];
  const deps = {
    cache: memoryRenderCache({ maxBytes: 1 << 20, ttlMs: 60_000, maxEntryBytes: 1 << 20 }),
    costs: { check() {}, learn() {} },
    renderer: {
      render: (spec: MapSpec) => {
        drawn.push(spec);
        return render(spec);
      },
    },
  };
  return { deps, drawn };
}

test('a miss renders and caches, a hit does not render, a current copy is a 304 without either', async () => {
  const { deps, drawn } = service(async () => ({
    body: Buffer.from('<svg/>'),
    warnings: noWarnings(),
    description: 'a map',
    height: 600,
  }));
  const tagged = request({ scope: 'world', regions: [{ id: 'DE', value: 1 }] }, '"a"');
  const first = await answerMap(deps, tagged, null, 'test');
  assert.deepEqual(first.map, {
    body: Buffer.from('<svg/>'),
    contentType: 'image/svg+xml',
    cache: 'MISS',
    description: 'a map',
  });
  assert.equal((await answerMap(deps, tagged, null, 'test')).map?.cache, 'HIT');
  const notModified = await answerMap(deps, tagged, 'W/"a", "b"', 'test');
  assert.equal(notModified.map, null);
  assert.equal(drawn.length, 1, 'rendered once');
});

test("the warnings join the request's unknown ids and routes with the routes and regions the render could not draw", async () => {
  const { deps } = service(async () => ({
    body: Buffer.from('<svg/>'),
    warnings: { ...noWarnings(), unknownRoutes: ['DE>XX'], notDrawn: ['PF'] },
    description: 'a map',
    height: 600,
  }));
  const tagged = request(
    // FR known: a request none of whose regions is known is a 422 no_known_ids (DECISIONS §10)
    {
      scope: 'world',
      regions: [
        { id: 'ZZ', value: 1 },
        { id: 'FR', value: 2 },
      ],
      routes: [{ from: 'QQ', to: 'DE' }],
    },
    '"w"',
  );
  assert.equal(
    (await answerMap(deps, tagged, null, 'test')).warnings,
    'unknown-ids:ZZ; unknown-routes:QQ>DE,DE>XX; not-drawn:PF',
  );
  assert.equal(
    (await answerMap(deps, tagged, null, 'test')).warnings,
    'unknown-ids:ZZ; unknown-routes:QQ>DE,DE>XX; not-drawn:PF',
    'kept with the cached map',
  );
});

test('a failing render is a domain error, and nothing is cached', async () => {
  let fail = true;
  const { deps, drawn } = service(async () => {
    if (fail) throw new Error('renderer bug');
    return { body: Buffer.from('<svg/>'), warnings: noWarnings(), description: 'a map', height: 600 };
  });
  const tagged = request({ scope: 'world' }, '"f"');
  await assert.rejects(answerMap(deps, tagged, null, 'test'), RenderFailed);
  fail = false;
  assert.equal((await answerMap(deps, tagged, null, 'test')).map?.cache, 'MISS');
  assert.equal(drawn.length, 2);
  const late = service(() => Promise.reject(new RenderTimedOut(10, 'svg')));
  await assert.rejects(answerMap(late.deps, tagged, null, 'test'), RenderTimedOut);
});
