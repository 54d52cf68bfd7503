import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import { findHeading, OPERATING, openRoute, transactionOf, UI_TEST_TIMEOUT } from './accounts.fixtures';

const ROWS = [transactionOf(1, -1234.56), transactionOf(2, 0), transactionOf(3, 250, '2025-03-02')];

function openProfile(permList: Permission[]) {
  return openRoute('/client-management/1/10', ['VIEW_CLIENTS', 'VIEW_ACCOUNTS', ...permList], {
    'GET /api/accounts/single/1/10': { body: { ...OPERATING, accountBalance: null } },
    'GET /api/clients/1': { status: 404, body: { msg: 'Client not found.' } },
    'POST /api/transactions/account/10': ({ body }) => {
      const filters = (body as { filters: unknown[] }).filters;
      const results = filters.length > 0 ? ROWS.slice(0, 1) : ROWS;
      return { body: { results, pageCount: 1, resultCount: results.length, totalCount: ROWS.length } };
    },
  });
}

describe('account Transactions table', { timeout: UI_TEST_TIMEOUT }, () => {
  it('asks for 50 rows and sends the Transactions filter as the server’s filter ids and shapes', async () => {
    const { api } = openProfile(['VIEW_TRANSACTIONS']);
    await findHeading('Operating');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    // Amounts in USD, zero as $0.
    expect(await within(table).findByText('-$1,234.56')).toBeTruthy();
    expect(within(table).getByText('$0')).toBeTruthy();
    expect(within(table).getByText('03/02/2025')).toBeTruthy();
    const first = api.calls.find((c) => c.path === '/api/transactions/account/10');
    expect(first?.body).toMatchObject({
      pageSize: 50,
      pageIndex: 0,
      filters: [],
      searchTerm: '',
      sortOrder: [],
    });
    expect(await screen.findByText('3 of 3 rows')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    const dates = within(within(dialog).getByRole('group', { name: 'Date Range' }));
    fireEvent.change(dates.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(dates.getByLabelText('To'), { target: { value: '2025-03-31' } });
    await user.type(within(dialog).getByLabelText('Filter Description'), 'Item');
    await user.click(within(dialog).getByRole('combobox', { name: 'Filter Transactions' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Any',
      'Debit',
      'Credit',
    ]);
    await user.click(screen.getByRole('option', { name: 'Debit' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Filter Keywords' }));
    await user.click(await screen.findByRole('option', { name: 'Tax' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));

    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/api/transactions/account/10').at(-1);
      expect((last?.body as { filters: unknown[] }).filters).toEqual([
        { id: 'transactionDate', value: { from: '2025-03-01', to: '2025-03-31' } },
        { id: 'transactionDescription', value: 'Item' },
        { id: 'creditDebit', value: 'Debit' },
        { id: 'keyword', value: [4] },
      ]);
    });
    expect(await screen.findByText('1 of 3 rows')).toBeTruthy();
  });

  it('offers page sizes 50 to 500 and hides edit, delete and export without their permissions', async () => {
    openProfile(['VIEW_TRANSACTIONS']);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('-$1,234.56');
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '50',
      '100',
      '200',
      '300',
      '500',
    ]);
  });

  it('edits with EDIT_TRANSACTIONS, deletes in bulk after confirmation with DELETE_TRANSACTIONS, exports with DOWNLOAD_FILES', async () => {
    const { api } = openProfile([
      'VIEW_TRANSACTIONS',
      'EDIT_TRANSACTIONS',
      'DELETE_TRANSACTIONS',
      'DOWNLOAD_FILES',
    ]);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('-$1,234.56');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByRole('button', { name: 'Actions for 03/01/2025 Item 1' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Edit', 'Delete']);
    await user.keyboard('{Escape}');

    await user.click(within(table).getByRole('checkbox', { name: 'Select 03/01/2025 Item 1' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select 03/01/2025 Item 2' }));
    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Transactions' });
    expect(api.callsTo('DELETE', '/api/transactions')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/transactions')).toBe(1));
    expect(api.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ transaction: { ids: [1, 2] } });
  });

  it('Edit offers 20 years back and forward and refuses a date typed 21 years back', async () => {
    const { api } = openProfile(['VIEW_TRANSACTIONS', 'EDIT_TRANSACTIONS']);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('-$1,234.56');
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByRole('button', { name: 'Actions for 03/01/2025 Item 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Transaction' });
    const limits = findPickerLimits();
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    expect([date.min, date.max]).toEqual([limits.min, limits.max]);
    fireEvent.change(date, { target: { value: `${new Date().getFullYear() - 21}-03-01` } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
