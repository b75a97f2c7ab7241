// The scope picker: some 217 scopes are too many for a select, so an input filters them as the user types
// (scope-search.ts), in a listbox it owns (the ARIA 1.2 combobox pattern: focus stays in the input, the
// active option is its aria-activedescendant). Arrows move, Enter picks, Escape closes. Under it: where the
// chosen scope's boundaries come from and under what licence, and for a group the date of its member list.
import { countryAliases, listScopes, type ScopeSummary } from './api.ts';
import { ComboList } from './combobox.ts';
import {
  indexScopes,
  KIND_LABELS,
  scopeDetail,
  scopeLabel,
  searchScopes,
  type MatchGroup,
  type ScopeIndex,
} from './scope-search.ts';

export interface ScopePicker {
  /** shows `value`, the scope the editor holds ('' for none), in any case, known to the list or not */
  show(value: string): void;
}

interface Parts {
  input: HTMLInputElement;
  list: HTMLElement;
  info: HTMLElement;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text = '',
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

function renderGroup(group: MatchGroup, current: ScopeSummary | undefined, idPrefix: string): HTMLElement {
  const box = element('div', 'combo-group');
  const heading = element('div', 'combo-heading', KIND_LABELS[group.kind]);
  heading.id = `${idPrefix}-kind-${group.kind}`;
  box.setAttribute('role', 'group');
  box.setAttribute('aria-labelledby', heading.id);
  box.append(heading);
  for (const match of group.matches) {
    const option = element('div', 'combo-option');
    option.id = `${idPrefix}-scope-${match.scope.id}`;
    option.setAttribute('role', 'option');
    option.setAttribute('aria-selected', 'false');
    option.dataset.value = match.scope.id;
    if (match.scope === current) option.dataset.current = 'true';
    option.append(element('span', 'combo-label', scopeLabel(match.scope)), element('span', 'hint', scopeDetail(match)));
    box.append(option);
  }
  return box;
}

/** Where the scope's outlines come from (and a division's, where they differ), and a group's membership date. */
function infoLines(scope: ScopeSummary): string[] {
  const { source, licence } = scope.boundaries;
  return [
    `Boundaries: ${source}. Licence: ${licence}.`,
    ...scope.divisions
      .filter((d) => d.boundaries.source !== source)
      .map((d) => `Its ${d.regionKind}: ${d.boundaries.source}. Licence: ${d.boundaries.licence}.`),
    ...(scope.members ? [`Members as of ${scope.members.asOf}: ${scope.members.source}.`] : []),
  ];
}

export function createScopePicker({ input, list, info }: Parts, onChoose: (value: string | null) => void): ScopePicker {
  let scopes: ScopeSummary[] = [];
  let index: ScopeIndex = [];
  /** the scope the editor holds, as written there */
  let value = '';
  const combo = new ComboList(input, list);

  // the service takes scope ids in any case
  const known = (v: string) => scopes.find((s) => s.id.toLowerCase() === v.toLowerCase());
  const labelOf = (v: string): string => {
    const scope = known(v);
    if (scope) return scopeLabel(scope);
    // before the list has loaded nothing can be called unknown
    return v && scopes.length ? `${v} (?)` : v;
  };

  function display(): void {
    input.value = labelOf(value);
    const scope = known(value);
    info.replaceChildren(...(scope ? infoLines(scope) : []).map((line) => element('p', '', line)));
  }

  function open(): void {
    // the label of the scope shown lists every scope, that one active; anything else is a search, and a
    // cleared input lists every scope with none active, so Enter can clear the scope
    const browsing = input.value === labelOf(value);
    const query = browsing ? '' : input.value;
    const current = known(value);
    const groups = searchScopes(index, query);
    list.replaceChildren(...groups.map((group) => renderGroup(group, current, list.id)));
    if (!groups.length)
      list.append(
        element(
          'div',
          'combo-empty',
          scopes.length
            ? 'No scope matches; Enter sends it as typed'
            : 'The scope list has not loaded; Enter sends it as typed',
        ),
      );
    combo.open([...list.querySelectorAll<HTMLElement>('[role="option"]')]);
    if (browsing)
      combo.activate(
        Math.max(
          0,
          combo.options.findIndex((o) => o.dataset.current),
        ),
      );
    else if (query.trim()) combo.activate(0);
  }

  function choose(next: string | null): void {
    combo.close();
    const changed = (next ?? '') !== value;
    value = next ?? '';
    display();
    if (changed) onChoose(next);
  }

  input.addEventListener('input', open);
  // the whole label selected, so typing replaces it (a click's mouseup would undo a selection made on focus)
  input.addEventListener('focus', () => input.select());
  input.addEventListener('click', () => {
    if (!list.hidden) return;
    open();
    input.select();
  });
  input.addEventListener('blur', () => {
    combo.close();
    display();
  });
  input.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey) return; // Ctrl+Enter renders
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.hidden) open();
      else combo.activate(combo.active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && !list.hidden) {
      event.preventDefault();
      // a cleared input clears the scope, as the select's "(none)" did; what the list lacks goes as typed
      const option = combo.options[combo.active];
      if (option) choose(option.dataset.value!);
      else choose(input.value.trim() || null);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      combo.close();
      display();
    }
  });
  // a press on an option would blur the input (closing the list) before the click lands
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const option = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
    if (option?.dataset.value) choose(option.dataset.value);
  });

  input.placeholder = 'Loading scopes…';
  void Promise.all([listScopes(), countryAliases()]).then(([listed, aliases]) => {
    if (!listed.ok) {
      input.placeholder = 'a scope id';
      info.replaceChildren(
        element(
          'p',
          '',
          `The scope list could not be loaded (${listed.problem.message}); type a scope id and press Enter.`,
        ),
      );
      return;
    }
    scopes = listed.value;
    index = indexScopes(scopes, aliases.ok ? aliases.value : new Map());
    input.placeholder = `Search ${scopes.length} scopes: a name, an id or a kind of region`;
    if (list.hidden) display();
    else open();
  });

  return {
    show(next) {
      value = next;
      // not while the user is searching in the picker
      if (list.hidden) display();
    },
  };
}
