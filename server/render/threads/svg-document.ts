// The DOM the renderer bundle is written against (renderer-page/map-document.ts: createElementNS,
// setAttribute, appendChild, textContent, importNode, the #map container), as plain objects that write their
// markup the way a browser's XMLSerializer does. A general DOM in Node (@xmldom/xmldom, linkedom) spent 80% of
// an SVG render building and walking its node tree.
import type { Node as XmlNode, Element as XmlElement } from '@xmldom/xmldom';
import type { MapContainer, MapElement, MapPage } from '../../../renderer-page/map-document.ts';
import { MarkupWriter } from './markup-bytes.ts';

export class SvgElement implements MapElement, MapContainer {
  /** names and values in turn: an element has a few, which a search finds sooner than a Map is made */
  private readonly attributes: string[] = [];
  /** elements, and text as plain strings */
  private children: Array<SvgElement | string> = [];

  constructor(readonly nodeName: string) {}

  setAttribute(name: string, value: string): void {
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i += 2) {
      if (attributes[i] === name) {
        attributes[i + 1] = String(value);
        return;
      }
    }
    attributes.push(name, String(value));
  }

  /** In a thread every node is one this document made or imported. */
  appendChild(child: SvgElement): void {
    this.children.push(child);
  }

  /** for importNode: text among elements, as parsed */
  appendText(text: string): void {
    this.children.push(text);
  }

  replaceChildren(...children: Array<SvgElement | string>): void {
    this.children = children;
  }

  get firstChild(): SvgElement | string | null {
    return this.children[0] ?? null;
  }

  set textContent(text: string) {
    this.children = text === '' ? [] : [text];
  }

  write(out: MarkupWriter): void {
    out.write('<');
    out.write(this.nodeName);
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i += 2) {
      out.write(' ');
      out.write(attributes[i]);
      out.write('="');
      out.writeAttributeValue(attributes[i + 1]);
      out.write('"');
    }
    if (this.children.length === 0) {
      out.write('/>');
      return;
    }
    out.write('>');
    for (const child of this.children) {
      if (typeof child === 'string') out.writeText(child);
      else child.write(out);
    }
    out.write('</');
    out.write(this.nodeName);
    out.write('>');
  }

  /** The element's markup in UTF-8. */
  markup(): Uint8Array {
    const out = new MarkupWriter();
    this.write(out);
    return out.bytes();
  }
}

/** A document making SvgElements, with the page's #map element the renderer draws into. */
export class SvgDocument implements MapPage {
  readonly map = new SvgElement('div');

  getElementById(id: string): SvgElement | null {
    return id === 'map' ? this.map : null;
  }

  createElementNS(_namespace: string, name: string): SvgElement {
    return new SvgElement(name);
  }

  /** Copies a parsed @xmldom/xmldom tree (milsymbol's symbols): the page's DOMParser in a thread is
   *  @xmldom/xmldom's (svg-worker.ts), so the renderer's parsed nodes are its nodes. */
  importNode(node: XmlNode, deep: boolean): SvgElement {
    const source = node as XmlElement;
    const copy = new SvgElement(source.nodeName);
    for (const { name, value } of Array.from(source.attributes)) copy.setAttribute(name, value);
    if (!deep) return copy;
    for (const child of Array.from(source.childNodes)) {
      if (child.nodeType === child.ELEMENT_NODE) copy.appendChild(this.importNode(child, true));
      else if (child.nodeType === child.TEXT_NODE && child.nodeValue) copy.appendText(child.nodeValue);
    }
    return copy;
  }
}
