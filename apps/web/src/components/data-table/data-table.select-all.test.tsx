import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PagedList, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { SERVER_PAGE_SIZES } from '@tideline/contracts/paging/paging.schemas';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_FILTERS,
  renderWithQueryClient,
  shownNames,
  signInWith,
  type Account,
} from './data-table.fixtures';
import type { BulkAction, QuickFilter, RowAction } from './data-table.types';

// Issue 39: select-all covers every row of the filter, not only the page shown; quick filters; the
// reason a row action is disabled.

const ALL: Account[] = Array.from({ length: 114 }, (_, i) => ({
  id: i + 1,
  name: `Account ${String(i + 1).padStart(3, '0')}`,
  balance: i * 10,
  openedOn: '2026-03-01',
  status: i % 2 === 0 ? 'Active' : 'Inactive',
}));

/** A stand-in server: the status filter narrows the rows; pages of the request's size. */
function fakeServer(rows = ALL) {
  return vi.fn(async (request: PagedListRequest): Promise<PagedList<Account>> => {
    const status = request.filters?.find((f) => f.id === 'status')?.value;
    const matching = status ? rows.filter((r) => r.status === status) : rows;
    const size = request.pageSize ?? 50;
    const start = (request.pageIndex ?? 0) * size;
    return {
      results: matching.slice(start, start + size),
      pageCount: Math.ceil(matching.length / size),
      resultCount: matching.length,
      totalCount: rows.length,
    };
  });
}

/** The Name cells of the body (after the selection's checkbox cell). */
const namesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? '');

const ACTIVE_ONLY: QuickFilter = { label: 'Active only', filters: { status: 'Active' } };

function renderTable(
  fetchPage: ReturnType<typeof fakeServer>,
  bulkActions: BulkAction<Account>[],
  options: { rowActions?: RowAction<Account>[]; isRowSelectable?: (a: Account) => boolean } = {},
) {
  signInWith(['DELETE_NOTES']);
  return renderWithQueryClient(
    <DataTable
      title="Accounts"
      columns={ACCOUNT_COLUMNS}
      filters={ACCOUNT_FILTERS}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.name}
      pageSizes={SERVER_PAGE_SIZES}
      mode={{ kind: 'server', queryKey: ['test', 'select-all'], fetchPage }}
      bulkActions={bulkActions}
      rowActions={options.rowActions}
      isRowSelectable={options.isRowSelectable}
      canSelectAllMatching
      quickFilters={[ACTIVE_ONLY]}
    />,
  );
}

const bulk = (label: string, over: Partial<BulkAction<Account>> = {}): BulkAction<Account> => ({
  label,
  permissions: ['DELETE_NOTES'],
  onClick: vi.fn(),
  ...over,
});

describe('DataTable: every row of the filter', { timeout: 20_000 }, () => {
  it('offers all matching rows once the page is ticked, hands the filter over, and clears', async () => {
    const fetchPage = fakeServer();
    const remove = bulk('Delete', { takesMatching: true });
    const { container } = renderTable(fetchPage, [remove]);
    await waitFor(() => expect(namesOf(container)).toHaveLength(50));
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByText(/rows on this page are selected/)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('All 50 rows on this page are selected.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select all 114 rows' }));
    expect(screen.getByText('All 114 rows are selected.')).toBeTruthy();
    expect(screen.getByText('114 selected')).toBeTruthy();

    // The next page shows ticked too.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(namesOf(container)[0]).toBe('Account 051'));
    expect(screen.getByRole('checkbox', { name: 'Select Account 051' })).toHaveProperty('checked', true);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const [rows, helpers] = vi.mocked(remove.onClick).mock.lastCall!;
    expect(rows.map((r) => r.id)).toEqual(ALL.slice(50, 100).map((r) => r.id));
    expect(helpers.matching).toMatchObject({
      filters: [],
      searchTerm: '',
      count: 114,
      isCountBounded: false,
    });

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected\.$/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends the current filter, and a new filter drops the selection', async () => {
    const fetchPage = fakeServer();
    const remove = bulk('Delete', { takesMatching: true });
    const { container } = renderTable(fetchPage, [remove]);
    await waitFor(() => expect(namesOf(container)).toHaveLength(50));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Active only', pressed: false }));
    await waitFor(() => expect(namesOf(container)[1]).toBe('Account 003'));
    expect(screen.getByRole('button', { name: 'Active only' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 57 rows' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(vi.mocked(remove.onClick).mock.lastCall![1].matching).toMatchObject({
      filters: [{ id: 'status', value: 'Active' }],
      count: 57,
    });

    // Off again: every row, nothing selected.
    await user.click(screen.getByRole('button', { name: 'Active only' }));
    await waitFor(() => expect(namesOf(container)[1]).toBe('Account 002'));
    expect(screen.queryByText(/are selected\.$/)).toBeNull();
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('unticking a row leaves every matching row for the rest of its page', async () => {
    const fetchPage = fakeServer();
    const remove = bulk('Delete', { takesMatching: true });
    const { container } = renderTable(fetchPage, [remove]);
    await waitFor(() => expect(namesOf(container)).toHaveLength(50));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 114 rows' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Account 002' }));
    expect(screen.getByText('49 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const [rows, helpers] = vi.mocked(remove.onClick).mock.lastCall!;
    expect(helpers.matching).toBeNull();
    expect(rows).toHaveLength(49);
  });

  it('reads the matching rows for an action that takes ids, and says when there are too many', async () => {
    const fetchPage = fakeServer();
    const edit = bulk('Bulk Edit', { maxRows: 100 });
    const tag = bulk('Tag');
    const { container } = renderTable(fetchPage, [edit, tag], { isRowSelectable: (a) => a.id !== 3 });
    await waitFor(() => expect(namesOf(container)).toHaveLength(50));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('All 49 rows on this page are selected.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select all 114 rows' }));

    // 114 rows: over Bulk Edit's 100.
    expect(screen.getByText('Bulk Edit works on at most 100 selected rows.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bulk Edit' }).hasAttribute('disabled')).toBe(true);

    fetchPage.mockClear();
    await user.click(screen.getByRole('button', { name: 'Tag' }));
    await waitFor(() => expect(tag.onClick).toHaveBeenCalled());
    const [rows, helpers] = vi.mocked(tag.onClick).mock.lastCall!;
    // Every matching row the user may select (row 3 may not), read in one page of 500.
    expect(rows).toHaveLength(113);
    expect(helpers.matching).toBeNull();
    expect(fetchPage.mock.calls[0]![0]).toMatchObject({ pageIndex: 0, pageSize: 500, filters: [] });
  });

  it('offers nothing more when the page holds every matching row', async () => {
    const fetchPage = fakeServer(ALL.slice(0, 20));
    const { container } = renderTable(fetchPage, [bulk('Delete', { takesMatching: true })]);
    await waitFor(() => expect(namesOf(container)).toHaveLength(20));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('20 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();
  });
});

describe('DataTable: a disabled row action says why', { timeout: 20_000 }, () => {
  it('shows the reason under the label and does not run the action', async () => {
    const onClick = vi.fn();
    const { container } = renderTable(fakeServer(), [], {
      rowActions: [
        {
          label: 'Edit',
          permissions: [],
          onClick,
          disabledReason: (a) => (a.id === 1 ? 'Already in the books.' : undefined),
        },
      ],
    });
    await waitFor(() => expect(shownNames(container)).toHaveLength(50));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Actions for Account 001' }));
    const item = within(await screen.findByRole('menu')).getByRole('menuitem');
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toBe('EditAlready in the books.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions for Account 002' }));
    const enabled = within(await screen.findByRole('menu')).getByRole('menuitem');
    expect(enabled.getAttribute('aria-disabled')).toBeNull();
    await user.click(enabled);
    expect(onClick).toHaveBeenCalledWith(ALL[1]);
  });
});
