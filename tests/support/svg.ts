// Reading a rendered SVG the way a user's tools would: as XML.
import assert from 'node:assert/strict';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { polygonContains } from 'd3';

/** GETs or POSTs `path`, expects a 200, and reads the map. */
export async function fetchSvg(
  url: string,
  path: string,
  init?: RequestInit,
): Promise<{ doc: Document; response: Response }> {
  const response = await fetch(url + path, init);
  const text = await response.text();
  assert.equal(response.status, 200, text.slice(0, 300));
  return { doc: parseSvg(text), response };
}

export function parseSvg(text: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(text, 'image/svg+xml');
  if (errors.length) throw new Error(`not valid XML: ${errors.join('; ')}`);
  return doc;
}

/** The root `<svg>` element. */
export function root(doc: Document): Element {
  if (!doc.documentElement) throw new Error('the document has no root element');
  return doc.documentElement;
}

export function all(doc: Document, tag: string): Element[] {
  return Array.from(doc.getElementsByTagName(tag) as unknown as ArrayLike<Element>);
}

export function region(doc: Document, id: string): Element | undefined {
  return all(doc, 'path').find((p) => p.getAttribute('data-id') === id);
}

/** data-layer names of the root's groups, in document order */
export function layers(doc: Document): string[] {
  return all(doc, 'g')
    .filter((g) => g.parentNode === doc.documentElement)
    .map((g) => g.getAttribute('data-layer') ?? '');
}

/** The ids of the regions drawn (the context around a scope has none). */
export function regionIds(doc: Document): string[] {
  return all(doc, 'path')
    .map((p) => p.getAttribute('data-id'))
    .filter((id): id is string => Boolean(id));
}

/** A region's fill: a colour, or a pattern's `url(#…)`. */
export function fill(doc: Document, id: string): string | null | undefined {
  return region(doc, id)?.getAttribute('fill');
}

/** A region's tooltip. */
export function tooltip(doc: Document, id: string): string | null | undefined {
  return region(doc, id)?.getElementsByTagName('title')[0]?.textContent;
}

/** The legend's entries, in order: each swatch's label. */
export function legendEntries(doc: Document): Array<string | null> {
  return all(doc, 'rect')
    .map((r) => r.getAttribute('data-legend'))
    .filter(Boolean);
}

export type Point = [number, number];

/** The pieces (one per move) of path data as absolute points, to 0.1 px: the renderer writes the scope's
 *  outlines with relative m/l/z commands and what a request brings (routes, shapes) with d3's absolute M/L/Z. */
export function pathPieces(d: string): Point[][] {
  const pieces: Point[][] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = 'M';
  const tokens = d.match(/[MmLlZz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  for (let i = 0; i < tokens.length;) {
    if (/[MmLlZz]/.test(tokens[i])) {
      command = tokens[i++];
      if (command === 'Z' || command === 'z') [x, y] = [startX, startY];
      continue;
    }
    const [a, b] = [Number(tokens[i]), Number(tokens[i + 1])];
    i += 2;
    const relative = command === 'm' || command === 'l';
    x = relative ? Math.round((x + a) * 10) / 10 : a;
    y = relative ? Math.round((y + b) * 10) / 10 : b;
    if (command === 'M' || command === 'm') {
      pieces.push([[x, y]]);
      [startX, startY] = [x, y];
      // pairs after a move's first are line-tos of the same kind
      command = command === 'm' ? 'l' : 'L';
    } else {
      pieces.at(-1)!.push([x, y]);
    }
  }
  return pieces;
}

/** Area-weighted centre of the largest ring of path data. */
export function largestRingCentre(d: string): [number, number] {
  let best: { area: number; x: number; y: number } = { area: 0, x: 0, y: 0 };
  for (const pts of pathPieces(d)) {
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < pts.length; i++) {
      const [x0, y0] = pts[i];
      const [x1, y1] = pts[(i + 1) % pts.length];
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (Math.abs(area) > Math.abs(best.area)) best = { area, x: cx / (3 * area), y: cy / (3 * area) };
  }
  return [best.x, best.y];
}

/** Whether a point is inside a region's outline: inside an odd number of its rings (holes count out). */
export function insideRegion(doc: Document, id: string, point: Point): boolean {
  const d = region(doc, id)?.getAttribute('d');
  assert.ok(d, `region ${id} is drawn`);
  return pathPieces(d).filter((ring) => ring.length > 2 && polygonContains(ring, point)).length % 2 === 1;
}

/** The points of a text's box that must lie inside its region: its corners and the middles of its long sides. */
export const boxPoints = ({ x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number }): Point[] => [
  [x0, y0],
  [x1, y0],
  [x0, y1],
  [x1, y1],
  [(x0 + x1) / 2, y0],
  [(x0 + x1) / 2, y1],
];
