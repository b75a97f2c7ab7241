// A drawing shown in place of the one before by changing only what differs. Replaced whole, every element of a
// new map is styled, laid out, painted and rasterised anew; morphed, only what changed is. A pool page drawing
// the same scope at the same size map after map, as a dashboard asks for it, keeps its outlines' layout and paint:
// world PNGs at 8 clients took the renderer 5.9 ms of CPU each rather than 8.9, and 11 to 22% more were made a
// second, side by side. Elements are matched by their place, which is the same in two maps of the same frame
// until one has an element the other has not (a pattern's <defs>, first among the regions): then the elements
// after it draw their neighbours, which costs what a new drawing costs, and the picture is the same.

/** Makes `shown` what `drawn` is, moving `drawn`'s nodes over where `shown` has none of their kind in their place. */
export function morph(shown: Element, drawn: Element): void {
  for (const attribute of Array.from(shown.attributes)) {
    if (!drawn.hasAttributeNS(attribute.namespaceURI, attribute.localName)) {
      shown.removeAttributeNS(attribute.namespaceURI, attribute.localName);
    }
  }
  for (const attribute of Array.from(drawn.attributes)) {
    if (shown.getAttributeNS(attribute.namespaceURI, attribute.localName) !== attribute.value) {
      shown.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
    }
  }
  const wanted = Array.from(drawn.childNodes);
  wanted.forEach((next, i) => {
    const old = shown.childNodes[i];
    if (!old) shown.appendChild(next);
    else if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName) shown.replaceChild(next, old);
    else if (next.nodeType === Node.ELEMENT_NODE) morph(old as Element, next as Element);
    else if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
  });
  while (shown.childNodes.length > wanted.length) shown.lastChild!.remove();
}
