// Where the furniture of a map drawn in-process sits, as boxes, for tests that it keeps clear of the rest.
import assert from 'node:assert/strict';
import { polygonContains } from 'd3';
import type { Document } from '@xmldom/xmldom';
import { boundsOf, inLayer, layer, num, type Rect } from './draw-request.ts';
import { all, pathPieces, type Point } from './svg.ts';

/** A panel on the map (the legend, the size key): its group's translation and its first rect's size. */
export function panelBox(doc: Document, name: string): Rect {
  const group = layer(doc, name);
  const [x, y] = (/^translate\(([\d.]+),([\d.]+)\)$/.exec(group?.getAttribute('transform') ?? '') ?? [])
    .slice(1)
    .map(Number);
  const panel = all(doc, 'rect').find((r) => r.parentNode === group);
  assert.ok(group && panel, `a ${name} is drawn`);
  return { x0: x, y0: y, x1: x + num(panel, 'width'), y1: y + num(panel, 'height') };
}

/** What a piece of furniture draws, as a box: its rects, path points and circles. */
export function furnitureBox(doc: Document, name: string): Rect {
  const points: Point[] = [
    ...inLayer(doc, name, 'rect').flatMap((r): Point[] => [
      [num(r, 'x'), num(r, 'y')],
      [num(r, 'x') + num(r, 'width'), num(r, 'y') + num(r, 'height')],
    ]),
    ...inLayer(doc, name, 'path').flatMap((p) => pathPieces(p.getAttribute('d') ?? '').flat()),
    ...inLayer(doc, name, 'circle').flatMap((c): Point[] => [
      [num(c, 'cx') - num(c, 'r'), num(c, 'cy') - num(c, 'r')],
      [num(c, 'cx') + num(c, 'r'), num(c, 'cy') + num(c, 'r')],
    ]),
  ];
  assert.ok(points.length, `${name} is drawn`);
  return boundsOf(points);
}

/** The insets' framed panels: the background layer's outlined rectangles (the canvas has no outline). */
export function insetPanels(doc: Document): Rect[] {
  return inLayer(doc, 'background', 'rect')
    .filter((r) => r.getAttribute('stroke'))
    .map((r) => ({
      x0: num(r, 'x'),
      y0: num(r, 'y'),
      x1: num(r, 'x') + num(r, 'width'),
      y1: num(r, 'y') + num(r, 'height'),
    }));
}

/** A box as its corner and size. */
export const sized = ({ x0, y0, x1, y1 }: Rect) => ({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });

/** The insets' panels that lie over neighbouring land (`land`, the context's fill), which the panel would hide: a
 *  ring of the land that crosses into the panel, or one around the panel's middle. A ring wholly inside its panel
 *  is land the inset itself draws around its islands (Madagascar beside the Scattered Islands), clipped to it. */
export function panelsOverLand(doc: Document, land: string): Rect[] {
  const rings = inLayer(doc, 'background', 'path')
    .filter((p) => p.getAttribute('fill') === land)
    .flatMap((p) => pathPieces(p.getAttribute('d') ?? ''))
    .filter((ring) => ring.length > 2);
  const within = ({ x0, y0, x1, y1 }: Rect, [x, y]: Point, slack: number) =>
    x > x0 - slack && x < x1 + slack && y > y0 - slack && y < y1 + slack;
  return insetPanels(doc).filter((panel) => {
    const under = rings.filter((ring) => !ring.every((point) => within(panel, point, 0.5)));
    const middle: Point = [(panel.x0 + panel.x1) / 2, (panel.y0 + panel.y1) / 2];
    return (
      under.some((ring) => ring.some((point) => within(panel, point, -1))) ||
      under.some((ring) => polygonContains(ring, middle))
    );
  });
}
