import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_FILTERS,
  ACCOUNTS,
  renderWithQueryClient,
  shownNames,
  type Account,
} from './data-table.fixtures';
import { SEARCH_DEBOUNCE_MS } from './use-table-state';

afterEach(() => {
  vi.useRealTimers();
});

function renderAccounts(rows: Account[] | undefined, isLoading = false) {
  return renderWithQueryClient(
    <DataTable
      title="Accounts"
      columns={ACCOUNT_COLUMNS}
      filters={ACCOUNT_FILTERS}
      getRowId={(row) => row.id}
      mode={{ kind: 'client', rows, isLoading }}
    />,
  );
}

async function applyFilters(fill: (dialog: HTMLElement) => Promise<void>) {
  const user = userEvent.setup({ delay: null });
  // findByRole: the previous dialog may still be fading out and hide the page from the a11y tree.
  await user.click(await screen.findByRole('button', { name: /^Filters/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
  await fill(dialog);
  await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
  return { user, dialog };
}

function rangeInputs(dialog: HTMLElement, label: string) {
  const group = within(dialog).getByRole('group', { name: label });
  return { low: within(group).getByLabelText('Low'), high: within(group).getByLabelText('High') };
}

// MUI in jsdom is slow to render and query: these tests drive whole dialogs.
describe('DataTable in client mode', { timeout: 20_000 }, () => {
  it('shows the rows, the summary counts and the empty state texts', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    expect(shownNames(container)).toEqual(ACCOUNTS.map((a) => a.name));
    expect(screen.getByText('5 of 5 rows')).toBeTruthy();
    renderAccounts([]);
    expect(screen.getByText(MSG.noResultsTitle)).toBeTruthy();
    expect(screen.getByText(MSG.noResultsText)).toBeTruthy();
  });

  it('shows a spinner while the rows load', () => {
    renderAccounts(undefined, true);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText(MSG.noResultsTitle)).toBeNull();
  });

  it('searches only once the user has stopped typing for 800 ms', () => {
    // fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = renderAccounts(ACCOUNTS);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'ba' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(search, { target: { value: 'bay' } });
    // 800 ms after the first key but only 300 ms after the last one: nothing yet.
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(shownNames(container)).toHaveLength(5);
    act(() => vi.advanceTimersByTime(1));
    expect(shownNames(container)).toEqual(['Bayside Reserve']);
    expect(screen.getByText('1 of 5 rows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(shownNames(container)).toHaveLength(5);
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('swaps a reversed money range and reads a blank low as 0', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    const { user } = await applyFilters(async (dialog) => {
      const { low, high } = rangeInputs(dialog, 'Balance');
      await userEvent.type(low, '2,000');
      await userEvent.type(high, '200');
    });
    expect(shownNames(container)).toEqual(['Acme Operating', 'Acme Payroll']);
    expect(screen.getByText('2 of 5 rows')).toBeTruthy();
    expect(screen.getByText('Balance: $200.00 to $2,000.00')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    const { low, high } = rangeInputs(dialog, 'Balance');
    await user.clear(low);
    await user.clear(high);
    await user.type(high, '300');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    // Blank low = 0: the negative balance is out, zero is in.
    expect(shownNames(container)).toEqual(['Acme Payroll', 'Delta Escrow']);
    expect(screen.getByText('Balance: $0 to $300.00')).toBeTruthy();
  });

  it('reads a blank high as unbounded', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    await applyFilters(async (dialog) => {
      await userEvent.type(rangeInputs(dialog, 'Balance').low, '1000');
    });
    expect(shownNames(container)).toEqual(['Acme Operating', 'Bayside Reserve']);
    expect(screen.getByText('Balance: $1,000.00 or more')).toBeTruthy();
  });

  it('keeps the dialog open with what was typed when a range input is invalid', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    const { user, dialog } = await applyFilters(async (d) => {
      await userEvent.type(rangeInputs(d, 'Balance').low, '12.345');
    });
    expect(screen.getByRole('dialog', { name: 'Set Filters' })).toBe(dialog);
    expect(within(dialog).getByText(MSG.fieldMustBeMonetary)).toBeTruthy();
    expect((rangeInputs(dialog, 'Balance').low as HTMLInputElement).value).toBe('12.345');
    expect(shownNames(container)).toHaveLength(5);
    await user.clear(rangeInputs(dialog, 'Balance').low);
    await user.type(rangeInputs(dialog, 'Balance').low, '12.34');
    expect(within(dialog).queryByText(MSG.fieldMustBeMonetary)).toBeNull();
  });

  it('gives the number message for a plain numeric range', async () => {
    renderWithQueryClient(
      <DataTable
        columns={ACCOUNT_COLUMNS}
        filters={[{ id: 'balance', label: 'Count', kind: 'number' }]}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows: ACCOUNTS }}
      />,
    );
    const { dialog } = await applyFilters(async (d) => {
      await userEvent.type(rangeInputs(d, 'Count').high, '1e');
    });
    expect(within(dialog).getByText(MSG.fieldMustBeNumber)).toBeTruthy();
  });

  it('includes both ends of a date range', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    await applyFilters(async (dialog) => {
      const group = within(within(dialog).getByRole('group', { name: 'Opened' }));
      await userEvent.type(group.getByLabelText('From'), '2026-03-01');
      await userEvent.type(group.getByLabelText('To'), '2026-03-31');
    });
    expect(shownNames(container)).toEqual(['Acme Operating', 'Acme Payroll', 'Bayside Reserve']);
    expect(screen.getByText('Opened: 03/01/2026 to 03/31/2026')).toBeTruthy();
    expect(screen.getByText('3 of 5 rows')).toBeTruthy();
  });

  it('filters text by case-insensitive prefix, combines filters, and clears them all', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    const { user } = await applyFilters(async (dialog) => {
      await userEvent.type(within(dialog).getByLabelText('Name'), 'acme');
    });
    expect(shownNames(container)).toEqual(['Acme Operating', 'Acme Payroll']);
    await applyFilters(async (dialog) => {
      await userEvent.type(rangeInputs(dialog, 'Balance').high, '1000');
    });
    expect(shownNames(container)).toEqual(['Acme Payroll']);
    expect(screen.getByText('1 of 5 rows')).toBeTruthy();
    const summary = await screen.findByRole('list', { name: 'Active filters' });
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);

    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'CLEAR FILTERS' }),
    );
    expect(shownNames(container)).toHaveLength(5);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(screen.getByText('5 of 5 rows')).toBeTruthy();
  });

  it('sorts by a header, ascending then descending', async () => {
    const { container } = renderAccounts(ACCOUNTS);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(shownNames(container)).toEqual([
      'Cobalt Sweep',
      'Delta Escrow',
      'Acme Payroll',
      'Acme Operating',
      'Bayside Reserve',
    ]);
    await user.click(screen.getByRole('button', { name: /^Balance/ }));
    expect(shownNames(container)[0]).toBe('Bayside Reserve');
    expect(screen.getByRole('columnheader', { name: /Balance/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('pages with the first page size of the list', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      ...ACCOUNTS[0]!,
      id: i + 1,
      name: `Account ${i + 1}`,
    }));
    const { container } = renderAccounts(rows);
    expect(shownNames(container)).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(shownNames(container)).toEqual(['Account 21', 'Account 22', 'Account 23']);
  });

  it('hides a column behind the column toggle', async () => {
    renderWithQueryClient(
      <DataTable
        columns={[...ACCOUNT_COLUMNS, { id: 'id', header: 'Account Id', hiddenByDefault: true }]}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows: ACCOUNTS }}
      />,
    );
    expect(screen.queryByRole('columnheader', { name: 'Account Id' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Show or hide columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Account Id' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Status' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Status' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('columnheader', { name: 'Account Id' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull();
  });
});
