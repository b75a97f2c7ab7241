// Quick controls (scope, theme, projection, width): each edits one parameter of the request in the active
// editor, and shows the value the editor holds.
import { themes } from '../themes/index.ts';
import { byId } from './dom.ts';

export type ControlKey = 'scope' | 'theme' | 'projection' | 'width';
export const CONTROL_KEYS: ControlKey[] = ['scope', 'theme', 'projection', 'width'];

const CHOICES: Record<Exclude<ControlKey, 'width'>, string[]> = {
  scope: ['world', 'RO'],
  theme: Object.keys(themes),
  projection: ['naturalEarth1', 'equalEarth', 'mercator', 'conicConformal', 'albersUsa'],
};

type Control = HTMLSelectElement | HTMLInputElement;

export function controlFor(key: ControlKey): Control {
  return key === 'width' ? byId('ctl-width', HTMLInputElement) : byId(`ctl-${key}`, HTMLSelectElement);
}

/** Fills the selects' options once. */
export function setUpControls(onChange: (key: ControlKey, value: string | null) => void): void {
  for (const key of CONTROL_KEYS) {
    const control = controlFor(key);
    if (control instanceof HTMLSelectElement && key !== 'width') {
      control.append(new Option(key === 'scope' ? '(none)' : '(default)', ''));
      for (const choice of CHOICES[key]) control.append(new Option(choice, choice));
    }
    control.addEventListener('change', () => onChange(key, control.value.trim() === '' ? null : control.value.trim()));
  }
}

/** Shows `values` (what the editor holds) in the controls; a value no option has is shown as such. */
export function showControlValues(values: Partial<Record<ControlKey, string | null>>): void {
  for (const key of CONTROL_KEYS) {
    const control = controlFor(key);
    let value = values[key] ?? '';
    if (control instanceof HTMLSelectElement) {
      for (const extra of control.querySelectorAll('option[data-extra]')) extra.remove();
      // the service takes names in any case
      const known = [...control.options].find((o) => o.value.toLowerCase() === value.toLowerCase());
      if (known) value = known.value;
      else {
        const option = new Option(`${value} (?)`, value);
        option.dataset.extra = 'true';
        control.append(option);
      }
    }
    control.value = value;
  }
}

/** Marks the control of the field an error names, if there is one. */
export function markInvalid(field: string | undefined): void {
  for (const key of CONTROL_KEYS) {
    const control = controlFor(key);
    if (key === field) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
}
