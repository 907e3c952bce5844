/**
 * Text typed, a box ticked or an option chosen on a page the server drew, before the app took it over, stays in the
 * page but not in the app: React adopts the field as it finds it and takes what it holds as unchanged, so the catalog
 * would never search for the words in its box.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const UNCHANGEABLE = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

function changeOf(field: Field): (() => void) | null {
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].map((option) => option.selected);
    if (chosen.every((selected, i) => selected === field.options[i]?.defaultSelected)) return null;
    for (const option of field.options) option.selected = option.defaultSelected;
    return () => {
      chosen.forEach((selected, i) => {
        const option = field.options[i];
        if (option) option.selected = selected;
      });
      field.dispatchEvent(new Event('change', { bubbles: true }));
    };
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return null;
    field.checked = field.defaultChecked;
    return () => field.click();
  }
  if (field instanceof HTMLInputElement && UNCHANGEABLE.has(field.type)) return null;
  const typed = field.value;
  if (typed === field.defaultValue) return null;
  field.value = field.defaultValue;
  return () => {
    // The prototype's setter: React watches the field's own `value` to tell a change from its own write.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

export function replayEarlyInput(root: HTMLElement): void {
  const focused = document.activeElement;
  const typing = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? focused : null;
  const caret = typing && { start: typing.selectionStart, end: typing.selectionEnd };
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    const replay = changeOf(field);
    if (!replay) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    replay();
  }
  if (focused instanceof HTMLElement && focused !== document.activeElement) focused.focus({ preventScroll: true });
  // Inputs without a caret (number, email) have null for both and take no selection.
  if (typing && caret?.start != null && caret.end != null) typing.setSelectionRange(caret.start, caret.end);
}
