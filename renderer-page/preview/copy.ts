// Copy buttons: the clipboard API where the page may use it (localhost, HTTPS), else the text is selected
// for Ctrl/Cmd+C.

type Field = HTMLInputElement | HTMLTextAreaElement;

async function copy(field: Field): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Wires every `button[data-copy]` under `root` to the field its attribute names. */
export function wireCopyButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const label = button.textContent ?? 'Copy';
    button.addEventListener('click', async () => {
      const field = document.getElementById(button.dataset.copy ?? '');
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !field.value) return;
      button.textContent = (await copy(field)) ? 'Copied' : 'Selected: press Ctrl+C';
      setTimeout(() => {
        button.textContent = label;
      }, 1500);
    });
  }
}
