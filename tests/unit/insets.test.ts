// Insets, drawn in-process: the United States in albersUsa and France in its conic conformal projection draw
// their far-away regions in boxes of their own inside the frame, clear of the rest, and coloured by their data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
import { themes } from '../../renderer-page/themes/index.ts';
import { boundsOf, drawRequest, type DrawnMap, type Rect } from '../support/draw-request.ts';
import { all, largestRingCentre, pathPieces, region } from '../support/svg.ts';

const outline = (doc: Document, id: string) => region(doc, id)?.getAttribute('d') ?? '';
const boundsOfRegion = (doc: Document, id: string): Rect => boundsOf(pathPieces(outline(doc, id)).flat());

/** Ids of the other regions that have a point inside `id`'s bounds: none for a region alone in its inset. */
function neighboursIn(doc: Document, id: string): string[] {
  const box = boundsOfRegion(doc, id);
  return all(doc, 'path').flatMap((p) => {
    const other = p.getAttribute('data-id');
    if (!other || other === id) return [];
    const inside = pathPieces(p.getAttribute('d') ?? '')
      .flat()
      .some(([x, y]) => x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1);
    return inside ? [other] : [];
  });
}

function assertInFrame({ doc, width, height }: DrawnMap, id: string) {
  const box = boundsOfRegion(doc, id);
  assert.ok(
    box.x0 >= 0 && box.y0 >= 0 && box.x1 <= width && box.y1 <= height,
    `${id} ${JSON.stringify(box)} inside ${width}×${height}`,
  );
}

test('US in albersUsa: Alaska, Hawaii and Puerto Rico in insets of their own, inside the frame', async () => {
  const map = await drawRequest('scope=US&theme=light&width=960&data=CA:1,AK:4,HI:5,PR:6');
  const { doc, width, height } = map;
  for (const id of ['US-AK', 'US-HI', 'US-PR']) {
    assertInFrame(map, id);
    assert.deepEqual(neighboursIn(doc, id), [], `${id} is alone in its inset`);
    assert.notEqual(region(doc, id)?.getAttribute('fill'), themes.light.noData, `${id} takes its class colour`);
  }
  const [akX, akY] = largestRingCentre(outline(doc, 'US-AK'));
  const [hiX, hiY] = largestRingCentre(outline(doc, 'US-HI'));
  const [prX, prY] = largestRingCentre(outline(doc, 'US-PR'));
  assert.ok(akX < width * 0.3 && akY > height * 0.6, `Alaska in the lower left, at ${akX},${akY}`);
  assert.ok(hiX > akX && hiX < width * 0.45 && hiY > height * 0.75, `Hawaii beside it, at ${hiX},${hiY}`);
  assert.ok(prX > width * 0.85 && prY > height * 0.85, `Puerto Rico in the lower right, at ${prX},${prY}`);
  const washington = largestRingCentre(outline(doc, 'US-WA'));
  assert.ok(akY > washington[1], 'Alaska is drawn south of Washington, not at its true place');
});

test('US in Mercator has no insets: Alaska is the northernmost state', async () => {
  const { doc } = await drawRequest('scope=US&theme=light&width=960&projection=mercator&data=CA:1,AK:4');
  const top = (id: string) => boundsOfRegion(doc, id).y0;
  assert.ok(top('US-AK') < top('US-WA'), 'above Washington');
  assert.ok(
    largestRingCentre(outline(doc, 'US-AK'))[0] < largestRingCentre(outline(doc, 'US-WA'))[0],
    'and west of it',
  );
});

test('FR: the overseas départements in insets down the sides, the mainland filling the middle', async () => {
  const map = await drawRequest('scope=FR&theme=light&width=800&data=75:1,971:2,972:3,973:4,974:5,976:6');
  const { doc, width, height } = map;
  const overseas = ['FR-971', 'FR-972', 'FR-973', 'FR-974', 'FR-976'];
  for (const id of overseas) {
    assertInFrame(map, id);
    assert.deepEqual(neighboursIn(doc, id), [], `${id} is alone in its inset`);
    assert.notEqual(region(doc, id)?.getAttribute('fill'), themes.light.noData, `${id} takes its class colour`);
  }
  const mainland = boundsOf(
    ['FR-29', 'FR-67', 'FR-06', 'FR-64', 'FR-59'].flatMap((id) => pathPieces(outline(doc, id)).flat()),
  );
  for (const id of overseas) {
    const [x] = largestRingCentre(outline(doc, id));
    assert.ok(x < mainland.x0 || x > mainland.x1, `${id} at x ${x}, beside the mainland ${mainland.x0}–${mainland.x1}`);
  }
  assert.ok(
    mainland.x1 - mainland.x0 > width * 0.4 && mainland.y1 - mainland.y0 > height * 0.6,
    'the mainland is no speck',
  );
  const [gx, gy] = largestRingCentre(outline(doc, 'FR-33'));
  assert.ok(gx > width * 0.2 && gy > height * 0.4, `Gironde at ${gx},${gy}`);
});

test('a bbox draws the map without insets: Réunion is far out of a box around the mainland', async () => {
  const { doc, warnings } = await drawRequest('scope=FR&theme=light&width=800&bbox=-5,42,9,51.5&data=75:1,974:5');
  assert.deepEqual(warnings.unknownRoutes, []);
  assert.equal(region(doc, 'FR-974'), undefined, 'not drawn in the frame');
  assert.ok(region(doc, 'FR-75C'), 'Paris is');
});
