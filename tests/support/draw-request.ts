// A request drawn in-process, as the service would normalise and draw it in an SVG thread (no HTTP, no
// Chromium), and read as XML: for the renderer's tests, which assert what a reader of the map would see.
import type { Document, Element } from '@xmldom/xmldom';
import type { MapSpec, RenderWarnings } from '../../renderer-page/spec.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { drawMap } from './draw.ts';
import { all, parseSvg, root } from './svg.ts';

const catalogue = loadCatalogue();

export interface DrawnMap {
  doc: Document;
  spec: MapSpec;
  warnings: RenderWarnings;
  width: number;
  height: number;
}

/** A GET query string (`scope=world&data=US:1`) or a POST body. */
export async function drawRequest(request: string | object): Promise<DrawnMap> {
  const input = typeof request === 'string' ? parseQuery(request, FIELD_NAMES) : request;
  const { spec } = normaliseRequest(input, catalogue, 'svg');
  const { body, warnings } = await drawMap(spec);
  const doc = parseSvg(body.toString('utf8'));
  const [width, height] = ['width', 'height'].map((a) => Number(root(doc).getAttribute(a)));
  return { doc, spec, warnings, width, height };
}

/** The root's group of that data-layer, if drawn. */
export const layer = (doc: Document, name: string): Element | undefined =>
  all(doc, 'g').find((g) => g.parentNode === doc.documentElement && g.getAttribute('data-layer') === name);

/** Elements of a tag anywhere inside the layer. */
export function inLayer(doc: Document, name: string, tag: string): Element[] {
  const group = layer(doc, name);
  if (!group) return [];
  return all(doc, tag).filter((e) => {
    for (let node = e.parentNode; node; node = node.parentNode) if (node === group) return true;
    return false;
  });
}

export const num = (e: Element | undefined, attribute: string) => Number(e?.getAttribute(attribute));

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const intersects = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Bounds of a list of points. */
export function boundsOf(points: Array<[number, number]>): Rect {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
