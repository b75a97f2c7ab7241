// The legend through HTTP and a real Chromium: its layouts, the corner it takes so as to cover no data, and the
// size key of proportional circles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { all, fill, largestRingCentre, layers, legendEntries, pathPieces, region } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

const { light } = themes;

const service = serviceForTests();
const { svg } = mapRequests(service);

test('legend layouts: horizontal in rows, continuous as one gradient, or none', async () => {
  const data = 'scope=world&theme=light&data=US:200,CN:150,IN:80,BR:60,RU:120,DE:95';
  const horizontal = (await svg(`/map.svg?${data}&legendLayout=horizontal`)).doc;
  const swatches = all(horizontal, 'rect').filter((r) => r.getAttribute('data-legend'));
  assert.equal(new Set(swatches.map((r) => r.getAttribute('y'))).size, 1, 'one row');
  assert.ok(Number(swatches[1].getAttribute('x')) > Number(swatches[0].getAttribute('x')));

  const continuous = (await svg(`/map.svg?${data}&legendLayout=continuous&legendTitle=GDP`)).doc;
  assert.ok(legendEntries(continuous).includes('gradient'));
  assert.deepEqual(
    all(continuous, 'stop').map((s) => s.getAttribute('stop-color')),
    light.sequential,
  );
  assert.equal(fill(continuous, 'US'), light.sequential[4], 'the largest value takes the end of the ramp');
  assert.equal(fill(continuous, 'BR'), light.sequential[0]);
  assert.ok(!light.sequential.includes(fill(continuous, 'RU') ?? ''), 'values between are interpolated');
  const labels = all(continuous, 'text').map((t) => t.textContent);
  assert.ok(labels.includes('60') && labels.includes('200'));

  const none = (await svg(`/map.svg?${data}&legend=false`)).doc;
  assert.ok(!all(none, 'g').some((g) => g.getAttribute('data-layer') === 'legend'));
});

test('the legend moves to a corner where it covers no data', async () => {
  // albersUsa puts Alaska in the lower left, where the legend would go first
  const { doc } = await svg('/map.svg?scope=world&projection=albersUsa&data=US:5,CA:3,MX:1&width=700&theme=light');
  const group = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'legend');
  const [x, y] = (/translate\(([\d.]+),([\d.]+)\)/.exec(group?.getAttribute('transform') ?? '') ?? [])
    .slice(1)
    .map(Number);
  const panel = all(doc, 'rect').find((r) => r.parentNode === group);
  const [w, h] = ['width', 'height'].map((a) => Number(panel?.getAttribute(a)));
  const points = pathPieces(region(doc, 'US')?.getAttribute('d') ?? '').flat();
  const inside = points.filter(([px, py]) => px >= x && px <= x + w && py >= y && py <= y + h);
  assert.equal(inside.length, 0, `legend at ${x},${y} ${w}×${h} covers ${inside.length} points of the US`);
  assert.ok(largestRingCentre(region(doc, 'US')?.getAttribute('d') ?? '')[0] > 0);
});

test('proportional circles come with a size key of round values, after the legend', async () => {
  const { doc } = await svg(
    '/map.svg?scope=world&theme=light&data=US:1,FR:2&proportional=US:330,CN:1400,IN:1380&proportionalMax=40',
  );
  assert.deepEqual(layers(doc).slice(-3), ['legend', 'size-key', 'attribution']);
  const key = all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'size-key');
  const circles = all(doc, 'circle').filter((c) => c.parentNode === key);
  assert.deepEqual(
    circles.map((c) => [c.getAttribute('data-value'), c.getAttribute('r')]),
    [
      ['1000', String(Math.round(Math.sqrt(1000 / 1400) * 400) / 10)],
      ['500', String(Math.round(Math.sqrt(500 / 1400) * 400) / 10)],
      ['100', String(Math.round(Math.sqrt(100 / 1400) * 400) / 10)],
    ],
  );
  assert.deepEqual(
    all(doc, 'text')
      .filter((t) => t.parentNode === key)
      .map((t) => t.textContent),
    ['1,000', '500', '100'],
  );
  const none = (await svg('/map.svg?scope=world&proportional=US:330,CN:1400&legend=false')).doc;
  assert.ok(!layers(none).includes('size-key'), 'legend=false turns the key off too');
});
