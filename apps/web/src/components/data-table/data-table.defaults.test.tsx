import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PagedList, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_FILTERS,
  ACCOUNTS,
  renderWithQueryClient,
  shownNames,
  type Account,
} from './data-table.fixtures';
import type { DataTableMode, FilterValues } from './data-table.types';

// platform.md 2.9 "Notes filter variant": a table given filterDefaults starts from them, and its Set
// Filters dialog offers RESTORE DEFAULTS, CANCEL and APPLY FILTERS; every other table keeps 2.8's dialog.

const ACTIVE_ONLY: FilterValues = { status: 'Active' };
const ACTIVE_NAMES = ['Acme Operating', 'Acme Payroll', 'Cobalt Sweep'];

function renderAccounts(filterDefaults?: FilterValues, mode?: DataTableMode<Account>) {
  return renderWithQueryClient(
    <DataTable
      title="Accounts"
      columns={ACCOUNT_COLUMNS}
      filters={ACCOUNT_FILTERS}
      filterDefaults={filterDefaults}
      getRowId={(row) => row.id}
      mode={mode ?? { kind: 'client', rows: ACCOUNTS }}
    />,
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  // findByRole: the previous dialog may still be fading out and hide the page from the a11y tree.
  await user.click(await screen.findByRole('button', { name: /^Filters/ }));
  return screen.findByRole('dialog', { name: 'Set Filters' });
}

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

function buttonNames(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((name) => /^[A-Z ]+$/.test(name));
}

describe('DataTable filter defaults', { timeout: 20_000 }, () => {
  it('keeps APPLY FILTERS, CLEAR FILTERS and CLOSE on a table without defaults', async () => {
    renderAccounts();
    const user = userEvent.setup({ delay: null });
    expect(screen.getByText('5 of 5 rows')).toBeTruthy();
    const dialog = await openDialog(user);
    expect(buttonNames(dialog)).toEqual(['CLEAR FILTERS', 'CLOSE', 'APPLY FILTERS']);
    expect(within(dialog).queryByRole('button', { name: 'RESTORE DEFAULTS' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'CANCEL' })).toBeNull();
  });

  it('starts from the defaults and offers RESTORE DEFAULTS, CANCEL and APPLY FILTERS', async () => {
    const { container } = renderAccounts(ACTIVE_ONLY);
    const user = userEvent.setup({ delay: null });
    expect(shownNames(container)).toEqual(ACTIVE_NAMES);
    expect(screen.getByText('3 of 5 rows')).toBeTruthy();
    // A filter at its default has nothing to remove.
    expect(screen.getByText('Status: Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Status: Active' })).toBeNull();

    const dialog = await openDialog(user);
    expect(buttonNames(dialog)).toEqual(['RESTORE DEFAULTS', 'CANCEL', 'APPLY FILTERS']);
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).textContent).toBe('Active');
    await chooseStatus(user, dialog, 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownNames(container)).toEqual(['Bayside Reserve', 'Delta Escrow']);
    expect(screen.getByText('2 of 5 rows')).toBeTruthy();
  });

  it('CANCEL closes and keeps the applied filters', async () => {
    const { container } = renderAccounts(ACTIVE_ONLY);
    const user = userEvent.setup({ delay: null });
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'acme');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(screen.getByText('2 of 5 rows')).toBeTruthy();

    dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Name'));
    await chooseStatus(user, dialog, 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownNames(container)).toEqual(['Acme Operating', 'Acme Payroll']);
    expect(screen.getByText('2 of 5 rows')).toBeTruthy();
    // The next opening shows the applied filters again, not what was typed before CANCEL.
    dialog = await openDialog(user);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('acme');
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).textContent).toBe('Active');
  });

  it('RESTORE DEFAULTS, reached by keyboard, applies the defaults and blanks the rest', async () => {
    const { container } = renderAccounts(ACTIVE_ONLY);
    const user = userEvent.setup({ delay: null });
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'bay');
    await chooseStatus(user, dialog, 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(shownNames(container)).toEqual(['Bayside Reserve']);

    dialog = await openDialog(user);
    const restore = within(dialog).getByRole('button', { name: 'RESTORE DEFAULTS' });
    for (let i = 0; i < 20 && document.activeElement !== restore; i += 1) await user.tab();
    expect(document.activeElement).toBe(restore);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownNames(container)).toEqual(ACTIVE_NAMES);
    expect(screen.getByText('3 of 5 rows')).toBeTruthy();
    dialog = await openDialog(user);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('removing a summary chip puts that filter back to its default', async () => {
    const { container } = renderAccounts(ACTIVE_ONLY);
    const user = userEvent.setup({ delay: null });
    const dialog = await openDialog(user);
    await chooseStatus(user, dialog, 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    const chip = await screen.findByRole('button', { name: 'Status: Inactive' });
    chip.focus();
    await user.keyboard('{Delete}');
    expect(await screen.findByText('Status: Active')).toBeTruthy();
    expect(shownNames(container)).toEqual(ACTIVE_NAMES);
  });

  it('in server mode asks with the defaults, and RESTORE DEFAULTS asks with them again', async () => {
    const fetchPage = vi.fn(async (_request: PagedListRequest): Promise<PagedList<Account>> => ({
      results: ACCOUNTS,
      pageCount: 1,
      resultCount: ACCOUNTS.length,
      totalCount: ACCOUNTS.length,
    }));
    renderAccounts(ACTIVE_ONLY, { kind: 'server', queryKey: ['test', 'defaults'], fetchPage });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    const defaultFilters = [{ id: 'status', value: 'Active' }];
    expect(fetchPage.mock.calls[0]![0].filters).toEqual(defaultFilters);

    let dialog = await openDialog(user);
    await chooseStatus(user, dialog, 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage.mock.calls[1]![0].filters).toEqual([{ id: 'status', value: 'Inactive' }]);

    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'RESTORE DEFAULTS' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    expect(fetchPage.mock.calls[2]![0].filters).toEqual(defaultFilters);
    // Already at the defaults: restoring asks the server again, as CLEAR FILTERS does (2.8).
    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'RESTORE DEFAULTS' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(4));
    expect(fetchPage.mock.calls[3]![0].filters).toEqual(defaultFilters);
  });
});
