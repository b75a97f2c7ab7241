// Quick controls (scope, theme, projection, width, language, number format, label content, source, alt, format,
// quality, transparent): each edits one parameter of the request in the active editor, and shows the value the
// editor holds. The scope has a searchable picker of its own (scope-picker.ts).
import { themes } from '../themes/index.ts';
import { byId, show } from './dom.ts';
import { createScopePicker, type ScopePicker } from './scope-picker.ts';

export type ControlKey =
  | 'scope'
  | 'theme'
  | 'projection'
  | 'width'
  | 'locale'
  | 'numberFormat'
  | 'labelContent'
  | 'source'
  | 'alt'
  | 'format'
  | 'quality'
  | 'transparent';
export const CONTROL_KEYS: ControlKey[] = [
  'scope',
  'theme',
  'projection',
  'width',
  'locale',
  'numberFormat',
  'labelContent',
  'source',
  'alt',
  'format',
  'quality',
  'transparent',
];

type SelectKey = 'theme' | 'projection' | 'labelContent' | 'format';
const CHOICES: Record<SelectKey, string[]> = {
  theme: Object.keys(themes),
  projection: ['naturalEarth1', 'equalEarth', 'mercator', 'conicConformal', 'albersUsa'],
  labelContent: ['id', 'name', 'value', 'name-value'],
  format: ['svg', 'png', 'pdf', 'jpeg', 'webp'],
};
const isSelect = (key: ControlKey): key is SelectKey => Object.hasOwn(CHOICES, key);
/** the formats `quality` means something for */
const LOSSY = ['jpeg', 'webp'];

type Control = HTMLSelectElement | HTMLInputElement;

let scopePicker: ScopePicker | undefined;

function controlFor(key: ControlKey): Control {
  return isSelect(key) ? byId(`ctl-${key}`, HTMLSelectElement) : byId(`ctl-${key}`, HTMLInputElement);
}

/** A control's value as a JSON body writes it: numbers and booleans as such. */
export function jsonValueOf(key: ControlKey, value: string): unknown {
  if ((key === 'width' || key === 'quality') && /^\d+$/.test(value)) return Number(value);
  return key === 'transparent' ? value === 'true' : value;
}

/** Fills the selects' options and starts the scope picker, once. */
export function setUpControls(onChange: (key: ControlKey, value: string | null) => void): void {
  for (const key of Object.keys(CHOICES) as SelectKey[]) {
    const control = byId(`ctl-${key}`, HTMLSelectElement);
    control.append(new Option('(default)', ''));
    for (const choice of CHOICES[key]) control.append(new Option(choice, choice));
  }
  for (const key of CONTROL_KEYS.filter((k) => k !== 'scope' && k !== 'transparent')) {
    const control = controlFor(key);
    control.addEventListener('change', () => onChange(key, control.value.trim() === '' ? null : control.value.trim()));
  }
  // unchecked is the default, so the parameter goes rather than being written false
  const transparent = byId('ctl-transparent', HTMLInputElement);
  transparent.addEventListener('change', () => onChange('transparent', transparent.checked ? 'true' : null));
  scopePicker = createScopePicker(
    {
      input: byId('ctl-scope', HTMLInputElement),
      list: byId('ctl-scope-list', HTMLDivElement),
      info: byId('ctl-scope-info', HTMLDivElement),
    },
    (value) => onChange('scope', value),
  );
}

/** Shows `values` (what the editor holds) in the controls; a value no option has is shown as such. */
export function showControlValues(values: Partial<Record<ControlKey, string | null>>): void {
  for (const key of CONTROL_KEYS) {
    let value = values[key] ?? '';
    if (key === 'scope') {
      scopePicker?.show(value);
      continue;
    }
    const control = controlFor(key);
    if (key === 'transparent' && control instanceof HTMLInputElement) {
      control.checked = /^(true|1|yes)$/i.test(value);
      continue;
    }
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
  // quality is for JPEG and WebP only
  show(byId('ctl-quality-field', HTMLDivElement), LOSSY.includes((values.format ?? '').toLowerCase()));
}

/** Marks the control of the field an error names, if there is one. */
export function markInvalid(field: string | undefined): void {
  for (const key of CONTROL_KEYS) {
    const control = controlFor(key);
    if (key === field) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
}
