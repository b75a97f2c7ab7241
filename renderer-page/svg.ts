// Element creation with attributes in the order given, so the same spec serialises to the same bytes.
import type { MapDocument, MapElement } from './map-document.ts';

export const SVG_NS = 'http://www.w3.org/2000/svg';

export type Attrs = Record<string, string | number | null | undefined>;

export function el(doc: MapDocument, tag: string, attrs: Attrs = {}, text?: string): MapElement {
  const node = doc.createElementNS(SVG_NS, tag);
  // for...in rather than Object.entries: no array of pairs for each element (a sixth of an SVG's garbage)
  for (const name in attrs) {
    const value = attrs[name];
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  // textContent, never innerHTML: user strings stay text
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A `<g data-layer>` wrapping the given children, or null when there are none. */
export function layerGroup(doc: MapDocument, name: string, children: MapElement[]): MapElement | null {
  if (children.length === 0) return null;
  const g = el(doc, 'g', { 'data-layer': name });
  for (const child of children) g.appendChild(child);
  return g;
}

/** Coordinates rounded to 0.1 px: invisible at any zoom a PNG is made at, and stable bytes. */
export function px(value: number): number {
  return Math.round(value * 10) / 10;
}
