// The cost estimate (server/cost/estimate.ts) against real renders, so that MAX_RENDER_COST means what it says:
// maps whose estimates span more than an order of magnitude, each drawn for the first time by the real service, take no
// more than a few times their estimate, and a map estimated ten times costlier takes longer. `npm run bench` reports
// the ratios.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from './support/service.ts';
import { COST_PROBES, estimatedMs, warmUp } from './support/cost-probes.ts';

let service: TestService;
before(async () => {
  service = await startService({ poolSize: 2 });
  await warmUp(service.url);
});
after(() => service.close());

test('maps drawn for the first time take at most 3 times their estimate, and the costlier estimates take longer', async () => {
  const measured: Array<{ path: string; estimated: number; took: number }> = [];
  for (const path of COST_PROBES) {
    const started = performance.now();
    const response = await fetch(service.url + path);
    await response.arrayBuffer();
    assert.equal(response.status, 200, path);
    measured.push({ path, estimated: estimatedMs(path), took: performance.now() - started });
  }
  const report = measured.map(
    (m) => `${m.path.slice(0, 60)}: ${Math.round(m.estimated)} ms estimated, ${Math.round(m.took)} taken`,
  );
  for (const { estimated, took } of measured) assert.ok(took <= 3 * estimated + 100, report.join('\n'));
  // an estimate ten times another's is a map that takes longer
  for (const a of measured)
    for (const b of measured) if (a.estimated > 10 * b.estimated) assert.ok(a.took > b.took, report.join('\n'));
  assert.ok(measured.at(-1)!.estimated > 10 * measured[0]!.estimated, report.join('\n'));
});
