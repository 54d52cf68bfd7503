import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { findRow, findTable, inspectCalls, openDialog, rowOf } from './staging-transactions.fixtures';

const ROWS = [
  rowOf({ stagingTransactionId: 1, amount: -25.5, keyword: null, keywordId: null }),
  rowOf({ stagingTransactionId: 2, batchAccountId: 32 }),
];
const UPDATED = { msg: 'Transaction updated successfully.', transaction: ROWS[0] };

async function openEdit(user: ReturnType<typeof openDialog>['user']) {
  await user.click(within(await findRow('Item 1')).getByRole('button', { name: /^Actions for/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit Transaction' });
}

describe('edit a staging transaction (spec 5)', { timeout: UI_TEST_TIMEOUT }, () => {
  it("shows 'Field must be a number.' and 'Required!' and keeps what was typed", async () => {
    const { api, user } = openDialog(ROWS);
    const dialog = await openEdit(user);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect(document.activeElement).toBe(amount);
    expect((amount as HTMLInputElement).value).toBe('-25.50');
    await user.clear(amount);
    await user.type(amount, '12a');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '' } });
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByText('Field must be a number.')).toBeTruthy();
    // Description, keyword (none chosen) and date.
    expect(within(dialog).getAllByText('Required!')).toHaveLength(3);
    expect((amount as HTMLInputElement).value).toBe('12a');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's msg, else 'Failed to edit transaction', and keeps the form", async () => {
    let answer = { status: 400, body: { msg: 'Not a real date.' } };
    const { user } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/update/1': () => answer,
    });
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Keyword' }));
    await user.click(await screen.findByRole('option', { name: 'Payroll' }));
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Corrected');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a real date.')).toBeTruthy();
    answer = { status: 500, body: {} as { msg: string } };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to edit transaction')).toBeTruthy();
    expect((description as HTMLInputElement).value).toBe('Corrected');
  });

  it("saves, shows the server's msg and refreshes the list and the batch accounts", async () => {
    const { api, user, queryClient } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/update/1': { body: UPDATED },
    });
    queryClient.setQueryData(['data-ingestion', 'batch', 21, 'accounts'], []);
    queryClient.setQueryData(['data-ingestion', 'client', 1, 'batches'], []);
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Keyword' }));
    await user.click(await screen.findByRole('option', { name: 'Tax' }));
    const listCalls = inspectCalls(api).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Transaction updated successfully.')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      stagingTransactionId: 1,
      amount: '-25.50',
      description: 'Item 1',
      keyword: 4,
      date: '2026-07-03',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Transaction' })).toBeNull());
    await waitFor(() => expect(inspectCalls(api).length).toBeGreaterThan(listCalls));
    expect(queryClient.getQueryState(['data-ingestion', 'batch', 21, 'accounts'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['data-ingestion', 'client', 1, 'batches'])?.isInvalidated).toBe(true);
  });
});

describe('bulk edit the selected rows (spec 5)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('checks the year is four digits, sends it as a number and the date empty', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/update': { body: { msg: 'Transactions updated.', changedCount: 2 } },
    });
    const table = await findTable();
    await within(table).findByText('Item 1');
    await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit Transactions' });
    const year = within(dialog).getByRole('combobox', { name: 'Year' });
    await user.type(year, '25');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: 'Invalid date' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be four digit')).toBeTruthy();
    expect((year as HTMLInputElement).value).toBe('25');

    await user.clear(year);
    await user.type(year, '2025');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '-7.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transactions updated.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/transactions/staging/update')?.body).toEqual({
      stagingTransactionIds: [1, 2],
      amount: '-7.25',
      year: 2025,
      date: '',
    });
  });

  it("shows 'Failed to edit transaction.' when the server sends no msg", async () => {
    const { user } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/update': { status: 500, body: {} },
    });
    await user.click(within(await findRow('Item 2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit Transactions' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Fee{Enter}');
    expect(await screen.findByText('Failed to edit transaction.')).toBeTruthy();
  });
});
