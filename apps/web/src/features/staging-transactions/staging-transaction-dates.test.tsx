import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { findRow, findTable, openDialog, rowOf } from './staging-transactions.fixtures';

// Issue 42 point 7 (platform.md 5 and 9): the Edit and Bulk Edit date pickers offer 20 years back and
// forward and refuse a date typed beyond them, sending nothing.

const ROWS = [rowOf({ stagingTransactionId: 1 }), rowOf({ stagingTransactionId: 2, batchAccountId: 32 })];
const longAgo = () => `${new Date().getFullYear() - 21}-07-03`;

async function refuseLongAgo(dialog: HTMLElement, user: ReturnType<typeof openDialog>['user']) {
  const limits = findPickerLimits();
  const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
  expect([date.min, date.max]).toEqual([limits.min, limits.max]);
  fireEvent.change(date, { target: { value: longAgo() } });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText(describeOutOfRange(limits))).toBeTruthy();
  expect(date.getAttribute('aria-invalid')).toBe('true');
}

describe('staging transaction dates (issue 42 point 7)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('Edit refuses a date typed 21 years back', async () => {
    const { api, user } = openDialog(ROWS);
    await user.click(within(await findRow('Item 1')).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await refuseLongAgo(await screen.findByRole('dialog', { name: 'Edit Transaction' }), user);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Bulk Edit refuses a date typed 21 years back', async () => {
    const { api, user } = openDialog(ROWS);
    const table = await findTable();
    await within(table).findByText('Item 1');
    await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    await refuseLongAgo(await screen.findByRole('dialog', { name: 'Bulk Edit Transactions' }), user);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
