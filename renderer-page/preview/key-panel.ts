// The key field (access-key.ts holds the key): hidden while the service draws for anyone (ACCESS=open), it opens
// when the service asks for a key, by a 401 (ACCESS=keys) or by `WWW-Authenticate` on a map drawn with its logo
// (ACCESS=watermark), and says why a key was refused in the service's own words. Learning it from the answers
// means the service tells nothing new to anyone: its mode shows only to a page that asks for maps.
import { canSign, claimsOf, forgetKey, heldKey, holdKey } from './access-key.ts';
import type { KeyAnswer } from './api.ts';
import { byId, show } from './dom.ts';

type PanelState = 'needed' | 'optional' | 'refused' | 'held';

/** Why the page asks, while no key is taken. */
const WHY: Partial<Record<PanelState, string>> = {
  needed: 'This service draws maps only for its keys. Enter yours to draw here and to sign the links this page offers.',
  optional:
    'Without a key this service draws its logo on every map. Enter a key to draw without it and to sign the links.',
};

const form = () => byId('key-form', HTMLFormElement);
const input = () => byId('key-input', HTMLInputElement);

function whose(text: string): string {
  const claims = claimsOf(text);
  const signing = canSign() ? 'Links below are signed with it.' : 'This page cannot sign links here: it needs HTTPS.';
  if (!claims) return `Using the key entered. ${signing}`;
  // '27 Dec 2026': an ISO date breaks at its hyphens in a narrow column
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    claims.expires * 1000,
  );
  return `Using the key of ${claims.owner}, valid until ${until}. ${signing}`;
}

/** `refusal`: the service's words on why it did not take the key held. */
function setState(state: PanelState, refusal = ''): void {
  const held = heldKey();
  form().dataset.keyState = state;
  show(form(), true);
  const why = byId('key-why', HTMLParagraphElement);
  why.textContent = WHY[state] ?? '';
  show(why, why.textContent !== '');
  const status = byId('key-status', HTMLParagraphElement);
  status.textContent = state === 'held' && held ? whose(held.text) : refusal;
  status.classList.toggle('refused', refusal !== '');
  show(byId('key-forget', HTMLButtonElement), held !== null);
  byId('key-remember', HTMLInputElement).checked = held?.remembered ?? false;
  if (refusal) input().setAttribute('aria-invalid', 'true');
  else input().removeAttribute('aria-invalid');
}

/** Shows what the service's answer says about keys. */
export function showKeyAnswer(answer: KeyAnswer): void {
  switch (answer.kind) {
    case 'needed':
      return setState('needed');
    case 'refused':
      return setState('refused', `The service refused the key: ${answer.message}`);
    case 'optional':
      return setState('optional', answer.refusal ? `The service did not take the key: ${answer.refusal}` : '');
    case 'taken':
      // drawn without a key and without a word about keys: ACCESS=open, which needs no field
      return heldKey() ? setState('held') : show(form(), false);
    case 'silent':
      return;
  }
}

/** Wires the form: `onChange` runs (to render again) when a key is entered or forgotten. */
export function setUpKeyPanel(onChange: () => void): void {
  const held = heldKey();
  if (held) {
    input().value = held.text;
    setState('held');
  }
  form().addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input().value.trim();
    if (!text) return;
    holdKey(text, byId('key-remember', HTMLInputElement).checked);
    onChange();
  });
  // the choice applies at once to the key already held
  byId('key-remember', HTMLInputElement).addEventListener('change', (event) => {
    const key = heldKey();
    if (key) holdKey(key.text, (event.target as HTMLInputElement).checked);
  });
  byId('key-forget', HTMLButtonElement).addEventListener('click', () => {
    forgetKey();
    input().value = '';
    onChange();
  });
}
