// The render use-case without Koa or a browser: 304, cache, render, warnings, quotas spent by renders only.
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
    costs: { check: () => 7, learn() {} },
    renderer: {
      render: (spec: MapSpec) => {
        drawn.push(spec);
        return render(spec);
      },
    },
  };
  return { deps, drawn };
}

/** A client's quotas that count what is spent, and answer headers that say which way they were read. */
function counting() {
  const spent: number[] = [];
  const gate = {
    spend: (cost: number) => {
      spent.push(cost);
      return Promise.resolve({ RateLimit: 'spent' });
    },
    standing: () => ({ RateLimit: 'standing' }),
  };
  return { gate, spent };
}
const gate = counting().gate;

test('a miss renders and caches, a hit does not render, a current copy is a 304 without either', async () => {
  const { deps, drawn } = service(async () => ({
    body: Buffer.from('<svg/>'),
    warnings: noWarnings(),
    description: 'a map',
    height: 600,
  }));
  const tagged = request({ scope: 'world', regions: [{ id: 'DE', value: 1 }] }, '"a"');
  const quota = counting();
  const first = await answerMap(deps, tagged, null, 'test', quota.gate);
  assert.deepEqual(first.map, {
    body: Buffer.from('<svg/>'),
    contentType: 'image/svg+xml',
    cache: 'MISS',
    description: 'a map',
  });
  assert.deepEqual(first.limits, { RateLimit: 'spent' });
  const hit = await answerMap(deps, tagged, null, 'test', quota.gate);
  assert.equal(hit.map?.cache, 'HIT');
  assert.deepEqual(hit.limits, { RateLimit: 'standing' }, 'a hit reads where the client stands');
  const notModified = await answerMap(deps, tagged, 'W/"a", "b"', 'test', quota.gate);
  assert.equal(notModified.map, null);
  assert.deepEqual(notModified.limits, { RateLimit: 'standing' });
  assert.equal(drawn.length, 1, 'rendered once');
  assert.deepEqual(quota.spent, [7], 'the render alone spent, its estimated cost');
});

test('a render refused by its quota is not drawn, and nothing is cached', async () => {
  const { deps, drawn } = service(async () => ({
    body: Buffer.from('<svg/>'),
    warnings: noWarnings(),
    description: 'a map',
    height: 600,
  }));
  const refusing = { spend: () => Promise.reject(new Error('over quota')), standing: () => ({}) };
  const tagged = request({ scope: 'world' }, '"q"');
  await assert.rejects(answerMap(deps, tagged, null, 'test', refusing), /over quota/);
  assert.equal(drawn.length, 0);
  assert.equal(await deps.cache.get('"q"'), undefined);
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
    (await answerMap(deps, tagged, null, 'test', gate)).warnings,
    'unknown-ids:ZZ; unknown-routes:QQ>DE,DE>XX; not-drawn:PF',
  );
  assert.equal(
    (await answerMap(deps, tagged, null, 'test', gate)).warnings,
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
  await assert.rejects(answerMap(deps, tagged, null, 'test', gate), RenderFailed);
  fail = false;
  assert.equal((await answerMap(deps, tagged, null, 'test', gate)).map?.cache, 'MISS');
  assert.equal(drawn.length, 2);
  const late = service(() => Promise.reject(new RenderTimedOut(10, 'svg')));
  await assert.rejects(answerMap(late.deps, tagged, null, 'test', gate), RenderTimedOut);
});
