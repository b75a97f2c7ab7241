// Fill patterns, drawn in-process: one definition per pattern, background and ink, in the regions layer; the
// region's colour (class, no data or override) as the background; ink that stands out from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { themes } from '../../renderer-page/themes/index.ts';
import { drawRequest, inLayer, layer } from '../support/draw-request.ts';
import { all, region } from '../support/svg.ts';
import { contrast } from '../support/color.ts';

const children = (e: Element) => all(e.ownerDocument as Document, '*').filter((c) => c.parentNode === e);

/** The pattern a region's fill points at, if any. */
function patternOf(doc: Document, id: string): Element | undefined {
  const shape = region(doc, id) ?? all(doc, 'circle').find((c) => c.getAttribute('data-id') === id);
  const ref = /^url\(#(pattern-\d+)\)$/.exec(shape?.getAttribute('fill') ?? '')?.[1];
  return ref ? inLayer(doc, 'regions', 'pattern').find((p) => p.getAttribute('id') === ref) : undefined;
}

/** The pattern's background and the colour of its marks. */
function colours(pattern: Element): { background: string; ink: string } {
  const [background, ...marks] = children(pattern);
  const ink = marks.map((m) => (m.nodeName === 'circle' ? m.getAttribute('fill') : m.getAttribute('stroke')));
  assert.equal(new Set(ink).size, 1, 'every mark in one ink');
  return { background: background.getAttribute('fill') ?? '', ink: ink[0] ?? '' };
}

test('one definition per pattern and background, in the regions layer, tiling 8×8 user units', async () => {
  const { doc } = await drawRequest(
    'scope=world&theme=light&data=FR:40,US:200,BR:100&patterns=FR:stripes,BR:stripes,DE:dots,IT:dots',
  );
  const patterns = inLayer(doc, 'regions', 'pattern');
  assert.equal(patterns.length, 3, 'stripes over two classes, dots over no data once');
  for (const p of patterns) {
    assert.deepEqual(
      ['patternUnits', 'width', 'height'].map((a) => p.getAttribute(a)),
      ['userSpaceOnUse', '8', '8'],
    );
    assert.equal(p.parentNode?.nodeName, 'defs');
    assert.equal(p.parentNode?.parentNode, layer(doc, 'regions'));
  }
  const light = themes.light;
  assert.equal(patternOf(doc, 'DE'), patternOf(doc, 'IT'), 'the same pattern over the same colour is defined once');
  assert.equal(colours(patternOf(doc, 'DE')!).background, light.noData);
  assert.notEqual(patternOf(doc, 'FR'), patternOf(doc, 'BR'));
  assert.equal(patternOf(doc, 'FR')?.getAttribute('data-pattern'), 'stripes');
  assert.ok(light.sequential.includes(colours(patternOf(doc, 'FR')!).background), 'over the class colour');
  assert.equal(
    children(patternOf(doc, 'DE')!).filter((c) => c.nodeName === 'circle').length,
    2,
    'dots are two circles a tile',
  );

  assert.equal(
    inLayer((await drawRequest('scope=world&data=FR:40')).doc, 'regions', 'pattern').length,
    0,
    'no pattern, no definitions',
  );
});

test('the ink stands out from every background, on light and dark themes', async () => {
  const data =
    'data=US:1,CA:2,BR:3,RU:4,CN:5&patterns=US:stripes,CA:dots,BR:crosshatch,RU:stripes-diagonal,CN:stripes,DE:dots';
  for (const theme of ['light', 'dark', 'light-mono', 'satellite'] as const) {
    const { doc } = await drawRequest(`scope=world&theme=${theme}&${data}`);
    const patterns = inLayer(doc, 'regions', 'pattern');
    assert.equal(patterns.length, 6, theme);
    for (const pattern of patterns) {
      const { background, ink } = colours(pattern);
      // inkFor splits at CIE lightness 60, so a mid-tone gets the weaker ink: dark's green #3ba272 is 2.97
      assert.ok(
        contrast(background, ink) >= 2.5,
        `${theme}: ink ${ink} on ${background} has contrast ${contrast(background, ink).toFixed(2)}`,
      );
    }
  }
});

test('a colour override is the ink over the class colour; solid-outline keeps the fill and outlines it', async () => {
  const light = themes.light;
  const { doc } = await drawRequest({
    scope: 'world',
    theme: 'light',
    regions: [
      { id: 'FR', value: 40, color: '#ff0000', pattern: 'crosshatch' },
      { id: 'US', value: 200, pattern: 'solid-outline' },
      { id: 'BR', value: 100 },
    ],
  });
  const fr = colours(patternOf(doc, 'FR')!);
  assert.equal(fr.ink, '#ff0000');
  assert.ok(light.sequential.includes(fr.background));
  const us = region(doc, 'US');
  assert.equal(us?.getAttribute('fill'), light.sequential[4], 'the class colour, no pattern');
  assert.equal(us?.getAttribute('stroke-width'), '1.5');
  assert.ok(
    contrast(us?.getAttribute('fill') ?? '', us?.getAttribute('stroke') ?? '') >= 3,
    'an outline that shows on the fill',
  );
  assert.equal(inLayer(doc, 'regions', 'pattern').length, 1, 'solid-outline needs no definition');
});

test('a region drawn as a dot takes its pattern too', async () => {
  const { doc } = await drawRequest('scope=world&level=low&theme=light&data=SG:1,US:2&patterns=SG:stripes-diagonal');
  const pattern = patternOf(doc, 'SG');
  assert.equal(pattern?.getAttribute('data-pattern'), 'stripes-diagonal');
  assert.equal(colours(pattern!).background, themes.light.sequential[0]);
});
