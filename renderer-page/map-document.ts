// The DOM the renderer is written against: exactly the members it uses. A Chromium page gives it the page's
// own `document` (a browser's Document and Element are assignable to these interfaces); an SVG thread gives it
// the small DOM of server/render/threads/svg-document.ts, whose classes implement them. A member
// added here must be added there too, and tsc says so.

/** A node the document made or imported: what an element's appendChild takes. The renderer only appends it;
 *  its name is what a browser's Node and a thread's element have in common. */
interface MapNode {
  readonly nodeName: string;
}

/** An SVG element the renderer makes and fills. Nothing that needs layout or a query: `node.getBBox()` or
 *  `node.querySelector('path')` fails to compile, because an SVG thread's elements cannot answer them. */
export interface MapElement extends MapNode {
  setAttribute(name: string, value: string): void;
  appendChild(child: MapNode): void;
  /** written, never read: user strings go in as text, never as markup */
  set textContent(text: string);
}

/** A node of parsed markup (milsymbol's symbols): a DOMParser's in a page, @xmldom/xmldom's in an SVG thread.
 *  The renderer only tells elements (nodeType 1) from the rest, and imports the elements. */
interface ParsedNode {
  readonly nodeType: number;
}

/** The root of parsed markup, read for its name, its viewBox and its children. */
export interface ParsedElement extends ParsedNode {
  readonly nodeName: string;
  getAttribute(name: string): string | null;
  readonly childNodes: ArrayLike<ParsedNode>;
}

/** The document that makes the map's elements: `doc.querySelector('#map')` or `doc.createElement('div')`
 *  fails to compile, because an SVG thread's document has neither. */
export interface MapDocument {
  createElementNS(namespace: string, name: string): MapElement;
  /** a copy of parsed markup as this document's own node: a node, not an element, as a browser types it */
  importNode(node: ParsedNode, deep: boolean): MapNode;
}

/** The element the drawn map goes into (#map). Text is allowed because a browser's replaceChildren takes it. */
export interface MapContainer {
  replaceChildren(...nodes: Array<MapNode | string>): void;
}

/** The page's `document` as the bundle's entry (index.ts) uses it: the map's document, and its #map. */
export interface MapPage extends MapDocument {
  getElementById(id: string): MapContainer | null;
}
