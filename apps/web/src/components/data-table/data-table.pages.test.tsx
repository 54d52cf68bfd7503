import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS,
  renderWithQueryClient,
  shownNames,
  type Account,
} from './data-table.fixtures';
import type { DataTableColumn, FilterDefinition } from './data-table.types';

// The paged Set Filters dialog with a radio choice, filters applied on opening and the 'Show hidden
// columns' switch (clients-accounts-investments-reports.md 2, platform.md 2.9 "Investments filter").

const PAGED_FILTERS: FilterDefinition<Account>[] = [
  {
    id: 'status',
    label: 'Show',
    kind: 'radio',
    page: 1,
    options: [
      { value: '', label: 'All accounts' },
      { value: 'Active', label: 'Only active accounts' },
    ],
  },
  { id: 'name', label: 'Name', kind: 'text', page: 2 },
  { id: 'balance', label: 'Balance', kind: 'money', page: 3 },
];

const COLUMNS_WITH_HIDDEN: DataTableColumn<Account>[] = [
  ...ACCOUNT_COLUMNS.slice(0, 2),
  { id: 'openedOn', header: 'Opened', hiddenByDefault: true },
  { id: 'status', header: 'Status', hiddenByDefault: true },
];

function renderPaged(initialFilters?: Record<string, string>) {
  return renderWithQueryClient(
    <DataTable
      title="Accounts"
      columns={COLUMNS_WITH_HIDDEN}
      filters={PAGED_FILTERS}
      getRowId={(row) => row.id}
      mode={{ kind: 'client', rows: ACCOUNTS }}
      initialFilters={initialFilters}
    />,
  );
}

describe('DataTable filter pages, radio filters and hidden columns', { timeout: 20_000 }, () => {
  it('walks the filter pages, applies a radio choice and shows a wrong input’s page on APPLY', async () => {
    const { container } = renderPaged();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    expect(within(dialog).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'PREVIOUS' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Only active accounts' }));
    await user.click(within(dialog).getByRole('button', { name: 'NEXT' }));
    expect(within(dialog).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'NEXT' }));
    await user.type(within(dialog).getByLabelText('Low'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'PREVIOUS' }));
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    // The wrong amount keeps the dialog open on its page.
    expect(within(dialog).getByText('Page 3 of 3')).toBeTruthy();
    expect(within(dialog).getByText('Field must be monetary value.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Low'));
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(shownNames(container)).toEqual(['Acme Operating', 'Acme Payroll', 'Cobalt Sweep']);
    expect(screen.getByText('Show: Only active accounts')).toBeTruthy();
  });

  it('opens with the initial filters applied, and the blank radio choice filters nothing', async () => {
    const { container } = renderPaged({ status: 'Inactive' });
    expect(shownNames(container)).toEqual(['Bayside Reserve', 'Delta Escrow']);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    await user.click(within(dialog).getByRole('radio', { name: 'All accounts' }));
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(shownNames(container)).toHaveLength(ACCOUNTS.length);
    expect(screen.getByText('No filters applied.')).toBeTruthy();
  });

  it('shows every column hidden by default at once, and hides them again', async () => {
    renderPaged();
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(within(table).queryByRole('columnheader', { name: 'Opened' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Show or hide columns' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: 'Show hidden columns' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    // The open menu hides the page from the accessibility tree.
    expect(within(table).getByRole('columnheader', { name: 'Opened', hidden: true })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Status', hidden: true })).toBeTruthy();
    await user.click(toggle);
    expect(within(table).queryByRole('columnheader', { name: 'Status', hidden: true })).toBeNull();
  });
});
