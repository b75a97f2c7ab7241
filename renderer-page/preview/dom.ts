// The page's elements by id, typed, failing loudly when preview.html and the script disagree.

export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`preview.html has no #${id} ${type.name}`);
  return element;
}

/** `element` shown or hidden (the `hidden` attribute). */
export function show(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}
