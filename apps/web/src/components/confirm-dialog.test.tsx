import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks the question and answers confirm or cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Reset MFA"
        message="This action cannot be undone."
        confirmLabel="CONFIRM AND LOG OUT"
        cancelLabel="CANCEL"
        isDestructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Reset MFA' });
    expect(dialog.textContent).toContain('This action cannot be undone.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'CONFIRM AND LOG OUT' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be cancelled while the confirmed action runs', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Delete" isPending onConfirm={vi.fn()} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await userEvent.setup().keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
