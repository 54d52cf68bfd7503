// The inputs a dialog may open on: text, choices and selects that can be used (not hidden, disabled or
// read-only). A MUI select is its combobox; its own hidden input is skipped.
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled]):not([readonly]):not([aria-hidden="true"]):not([tabindex="-1"])',
  'textarea:not([disabled]):not([readonly])',
  '[role="combobox"]:not([aria-disabled="true"]):not(input)',
].join(', ');

/**
 * Issue 20 point 6: a dialog opens with the focus on its first field, so what the user types lands in
 * it. MUI first focuses the dialog itself; once it has entered, the focus moves on unless it already is
 * on a control (a field with autoFocus, or wherever the user put it). A dialog without fields keeps it.
 */
export function focusFirstField(dialog: HTMLElement): void {
  const active = dialog.ownerDocument.activeElement;
  const isOnControl =
    active instanceof HTMLElement &&
    dialog.contains(active) &&
    active.matches(`${FIELD_SELECTOR}, button, a[href], [role="radio"], [role="checkbox"]`);
  if (isOnControl) return;
  const field = [...dialog.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].find(
    (el) => !el.closest('[aria-hidden="true"]'),
  );
  field?.focus();
}
