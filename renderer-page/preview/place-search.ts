// The place search for markers: a name or code typed (`Bucharest`, `OTP`, `Rotterdam`) lists what GET /places
// finds, and the place picked is added to the request's markers at its coordinates, with its name as the label,
// an airport's icon for an airport and an anchor for a port. Coordinates rather than the name: a name in a request
// means its best match (Paris, France), and the user may have picked another (Paris, Texas). The same combobox
// pattern as the scope picker (scope-picker.ts): focus stays in the input, arrows move, Enter picks, Escape closes.
import { findPlaces, type FoundPlace } from './api.ts';
import { ComboList } from './combobox.ts';

/** How many places the list shows: enough to tell Paris, France from Paris, Texas. */
const SHOWN = 8;
/** A search waits this long after a key, so that typing `Bucharest` asks once, not nine times. */
const DEBOUNCE_MS = 150;

const ICONS: Partial<Record<FoundPlace['kind'], string>> = { airport: 'airport', port: 'anchor' };

/** A place as the GET grammar writes a marker (`lat,lon:icon:label`): the label without the grammar's separators. */
export function markerOf(place: FoundPlace): string {
  const label = place.name.replace(/[:;]/g, ' ').replace(/\s+/g, ' ').trim();
  return `${place.lat},${place.lon}:${ICONS[place.kind] ?? 'pin'}:${label}`;
}

/** The same marker as a JSON body's `markers` takes it. */
export function markerObjectOf(place: FoundPlace): Record<string, unknown> {
  return { lat: place.lat, lon: place.lon, icon: ICONS[place.kind] ?? 'pin', label: place.name };
}

function option(place: FoundPlace, id: string): HTMLElement {
  const made = document.createElement('div');
  made.className = 'combo-option';
  made.id = id;
  made.setAttribute('role', 'option');
  made.setAttribute('aria-selected', 'false');
  const name = document.createElement('span');
  name.className = 'combo-label';
  name.textContent = place.name;
  const where = document.createElement('span');
  where.className = 'hint';
  where.textContent = [place.kind, place.region, place.country].filter(Boolean).join(', ');
  made.append(name, where);
  return made;
}

/** Wires the input and its listbox; `onPick` hears the place chosen. */
export function setUpPlaceSearch(input: HTMLInputElement, list: HTMLElement, onPick: (place: FoundPlace) => void) {
  let places: FoundPlace[] = [];
  const combo = new ComboList(input, list);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  function show(found: FoundPlace[], empty: string): void {
    places = found;
    const options = found.map((place, i) => option(place, `${list.id}-${i}`));
    const note = document.createElement('div');
    note.className = 'combo-empty';
    note.textContent = empty;
    list.replaceChildren(...(options.length ? options : [note]));
    combo.open(options);
    if (options.length) combo.activate(0);
  }

  async function search(): Promise<void> {
    const q = input.value.trim();
    if (!q) return combo.close();
    const ticket = ++asked;
    const outcome = await findPlaces(q, SHOWN);
    // a later key asked again: this answer is for what the input no longer says
    if (ticket !== asked) return;
    if (!outcome.ok) show([], `The places could not be searched: ${outcome.problem.message}`);
    else show(outcome.value, 'No place of that name');
  }

  function pick(i: number): void {
    const place = places[i];
    if (!place) return;
    combo.close();
    input.value = '';
    onPick(place);
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), DEBOUNCE_MS);
  });
  input.addEventListener('blur', () => combo.close());
  input.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey) return; // Ctrl+Enter renders
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !list.hidden) {
      event.preventDefault();
      combo.activate(combo.active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!list.hidden && combo.active >= 0) pick(combo.active);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      combo.close();
    }
  });
  // a press on an option would blur the input (closing the list) before the click lands
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const chosen = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
    if (chosen) pick(combo.options.indexOf(chosen));
  });
}
