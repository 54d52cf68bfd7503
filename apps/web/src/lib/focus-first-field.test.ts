import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstField } from './focus-first-field';

function dialogOf(html: string): HTMLElement {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.tabIndex = -1;
  dialog.innerHTML = html;
  document.body.append(dialog);
  dialog.focus();
  return dialog;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusFirstField (issue 20 point 6)', () => {
  it('moves the focus from the dialog to its first usable field', () => {
    const dialog = dialogOf(`
      <input type="hidden" name="id">
      <input aria-hidden="true" tabindex="-1" class="MuiSelect-nativeInput">
      <input id="disabled" disabled>
      <input id="title">
      <textarea id="description"></textarea>`);
    focusFirstField(dialog);
    expect(document.activeElement?.id).toBe('title');
  });

  it('takes a select’s combobox when it comes first', () => {
    const dialog = dialogOf('<div role="combobox" tabindex="0" id="status"></div><input id="name">');
    focusFirstField(dialog);
    expect(document.activeElement?.id).toBe('status');
  });

  it('leaves the focus where a field with autoFocus, or the user, put it', () => {
    const dialog = dialogOf('<input id="first"><input id="second">');
    (dialog.querySelector('#second') as HTMLElement).focus();
    focusFirstField(dialog);
    expect(document.activeElement?.id).toBe('second');
  });

  it('keeps it on a dialog without fields', () => {
    const dialog = dialogOf('<p>Are you sure?</p><button>Cancel</button>');
    focusFirstField(dialog);
    expect(document.activeElement).toBe(dialog);
  });
});
