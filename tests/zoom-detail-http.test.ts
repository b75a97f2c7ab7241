// Detail follows the output (DECISIONS §11), as a reader of a zoomed map sees it: a `bbox` on a country or a group
// takes finer outlines than the whole scope's, for the subject and for the land around it alike, without the
// request naming a level; a level asked for is obeyed. On a poster, far islands in panels are magnified no further
// than their outlines' detail reads at its size.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, pathPieces, root, type Point } from './support/svg.ts';
import { insetPanels } from './support/furniture-boxes.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

async function level(query: string): Promise<string> {
  const response = await fetch(`${service.url}/render/spec?${query}`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { spec: { level: string } }).spec.level;
}

/** The points of the paths `which` picks that lie within the picture. */
function pointsIn(doc: Document, which: (path: Element) => boolean): number {
  const [, , width, height] = root(doc).getAttribute('viewBox')!.split(/\s+/).map(Number);
  return all(doc, 'path')
    .filter(which)
    .flatMap((p) => pathPieces(p.getAttribute('d') ?? '').flat())
    .filter(([x, y]) => x >= 0 && y >= 0 && x <= width && y <= height).length;
}

/** Points of region `id`, and of the neighbouring land (the background's paths in the land's colour). */
async function detail(query: string, id: string): Promise<{ region: number; context: number }> {
  const { doc } = await fetchSvg(service.url, `/map.svg?theme=light&${query}`);
  return {
    region: pointsIn(doc, (p) => p.getAttribute('data-id') === id),
    context: pointsIn(
      doc,
      (p) =>
        !p.getAttribute('data-id') &&
        p.getAttribute('fill') === themes.light.land &&
        (p.parentNode as Element | null)?.getAttribute('data-layer') === 'background',
    ),
  };
}

const azov = 'scope=RU&width=1200&bbox=28,43,40,48';

test('a zoom on a country, a group or the world takes finer outlines; a level asked for is obeyed', async () => {
  assert.equal(await level('scope=RU&width=1200'), 'medium', "the whole country: the scope's default");
  assert.equal(await level(azov), 'high');
  assert.equal(await level('scope=DE&width=1200&bbox=6,50,9,52'), 'high');
  assert.equal(await level('scope=US&width=1200&bbox=-75,40,-73,41.5'), 'high');
  assert.equal(await level('scope=FR&width=1200&bbox=1.5,48.5,3.2,49.2'), 'high');
  assert.equal(await level('scope=DE&width=1200&bbox=1,45,16,56'), 'medium', 'a box about the whole country');
  assert.equal(await level('scope=europe&width=1200&bbox=5,44,12,48'), 'high', 'a zoom on a group');
  assert.equal(await level('scope=world&width=1200&bbox=5,44,12,48'), 'high');
  assert.equal(await level(`${azov}&level=low`), 'low', 'a level asked for is obeyed');
  assert.equal(await level(`${azov}&level=medium`), 'medium');
});

test('zoomed on the Sea of Azov, Russia and the land around it (Ukraine, Crimea) have finer coasts', async () => {
  const whole = await detail(`${azov}&level=medium`, 'RU-KDA');
  const zoomed = await detail(azov, 'RU-KDA');
  const low = await detail(`${azov}&level=low`, 'RU-KDA');
  assert.ok(zoomed.region > 2 * whole.region, `Krasnodar: ${zoomed.region} points, ${whole.region} at medium`);
  assert.ok(zoomed.context > 3 * whole.context, `the land around: ${zoomed.context} points, ${whole.context}`);
  // as detailed as the subject: Crimea's and Ukraine's coasts are no coarser than Krasnodar's
  assert.ok(zoomed.context > zoomed.region * 0.5, `land around ${zoomed.context}, Krasnodar ${zoomed.region}`);
  assert.ok(low.region <= whole.region && low.context <= whole.context, 'level=low stays coarse');
});

test('zoomed on New York, the states have finer coasts', async () => {
  const query = 'scope=US&width=1200&bbox=-75,40,-73,41.5';
  const whole = await detail(`${query}&level=medium`, 'US-NY');
  const zoomed = await detail(query, 'US-NY');
  assert.ok(zoomed.region > 1.5 * whole.region, `New York: ${zoomed.region} points, ${whole.region} at medium`);
});

test('zoomed on the Alps, the EU and Switzerland around it take 1:10m outlines, not 1:50m', async () => {
  const query = 'scope=EU&width=1200&bbox=5,44,12,48';
  const whole = await detail(`${query}&level=medium`, 'IT');
  const zoomed = await detail(query, 'IT');
  assert.ok(zoomed.region > 2 * whole.region, `Italy: ${zoomed.region} points, ${whole.region} at medium`);
  assert.ok(zoomed.context > 2 * whole.context, `Switzerland: ${zoomed.context} points, ${whole.context}`);
});

test('Japan at 4000 px: the far islands in their panels show no coarse corners, in panels sized to them', async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?theme=light&scope=JP&width=4000&data=JP-13:5,JP-47:3,JP-01:2');
  const panels = insetPanels(doc);
  assert.equal(panels.length, 3, 'the Ryukyus, the Bonins and Iwo Jima, Minami-Torishima');
  for (const panel of panels) {
    const inside = ([x, y]: Point) => x >= panel.x0 && x <= panel.x1 && y >= panel.y0 && y <= panel.y1;
    const pieces = all(doc, 'path')
      .filter((p) => p.getAttribute('data-id'))
      .flatMap((p) => pathPieces(p.getAttribute('d')!))
      .filter((piece) => piece.every(inside));
    assert.ok(pieces.length > 0, 'each panel shows its islands');
    // Natural Earth draws Minami-Torishima with five points: magnified to a 60 px triangle, it read as a polygon
    const longest = Math.max(
      ...pieces.flatMap((piece) => piece.slice(1).map(([x, y], i) => Math.hypot(x - piece[i][0], y - piece[i][1]))),
    );
    assert.ok(longest < 30, `an island's edge of ${Math.round(longest)} px`);
  }
  // and no panel stands several hundred pixels wide around a speck
  const smallest = panels.reduce((a, b) => ((a.x1 - a.x0) * (a.y1 - a.y0) < (b.x1 - b.x0) * (b.y1 - b.y0) ? a : b));
  assert.ok(
    smallest.x1 - smallest.x0 < 400,
    `Minami-Torishima's panel: ${Math.round(smallest.x1 - smallest.x0)} px wide`,
  );
});
