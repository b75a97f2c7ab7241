// The list of a combobox (the ARIA 1.2 pattern: focus stays in the input, the active option is its
// aria-activedescendant), as the scope picker (scope-picker.ts) and the place search (place-search.ts) keep it:
// which options it shows, which is active, and opening and closing it.
export class ComboList {
  /** the options shown, in order */
  options: HTMLElement[] = [];
  /** the active option's index, or -1 */
  active = -1;

  constructor(
    private readonly input: HTMLInputElement,
    private readonly list: HTMLElement,
  ) {}

  /** Shows the list with `options` (already in it), none active. */
  open(options: HTMLElement[]): void {
    this.options = options;
    this.active = -1;
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
  }

  /** Makes option `next` active, counting round the list (-1 is the last); none when the list is empty. */
  activate(next: number): void {
    const { options, input } = this;
    options[this.active]?.setAttribute('aria-selected', 'false');
    this.active = options.length ? (next + options.length) % options.length : -1;
    const option = options[this.active];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  close(): void {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.options = [];
    this.active = -1;
  }
}
