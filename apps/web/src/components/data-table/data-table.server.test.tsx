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
  type Account,
} from './data-table.fixtures';
import { SEARCH_DEBOUNCE_MS } from './use-table-state';

const TOTAL = 120;
const ALL: Account[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: i + 1,
  name: `Account ${String(i + 1).padStart(3, '0')}`,
  balance: i * 10,
  openedOn: '2026-03-01',
  status: 'Active',
}));

/** A stand-in server: pages ALL, pretending every filter or search leaves the first 30 rows. */
function fakeServer() {
  return vi.fn(async (request: PagedListRequest): Promise<PagedList<Account>> => {
    const isNarrowed = (request.filters?.length ?? 0) > 0 || Boolean(request.searchTerm);
    const matching = isNarrowed ? ALL.slice(0, 30) : ALL;
    const size = request.pageSize ?? 50;
    const start = (request.pageIndex ?? 0) * size;
    return {
      results: matching.slice(start, start + size),
      pageCount: Math.ceil(matching.length / size),
      resultCount: matching.length,
      totalCount: TOTAL,
    };
  });
}

function renderServerTable(fetchPage: ReturnType<typeof fakeServer>) {
  return renderWithQueryClient(
    <DataTable
      title="Transactions"
      columns={ACCOUNT_COLUMNS}
      filters={ACCOUNT_FILTERS}
      getRowId={(row) => row.id}
      pageSizes={SERVER_PAGE_SIZES}
      mode={{ kind: 'server', queryKey: ['test', 'accounts'], fetchPage }}
    />,
  );
}

describe('DataTable in server mode', { timeout: 20_000 }, () => {
  it('says "more than" when the server bounds a search count', async () => {
    const fetchPage = vi.fn(async (): Promise<PagedList<Account>> => ({
      results: ALL.slice(0, 50),
      pageCount: 2,
      resultCount: 100,
      totalCount: TOTAL,
      resultCountBounded: true,
    }));
    const { container } = renderServerTable(fetchPage);
    await waitFor(() => expect(shownNames(container)).toHaveLength(50));
    expect(screen.getByText('More than 100 of 120 rows')).toBeTruthy();
    expect(screen.getByText('1–50 of more than 100')).toBeTruthy();
  });

  it('asks for the first page with the spec request body and pages on', async () => {
    const fetchPage = fakeServer();
    const { container } = renderServerTable(fetchPage);
    await waitFor(() => expect(shownNames(container)).toHaveLength(50));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]![0]).toEqual({
      pageSize: 50,
      pageIndex: 0,
      filters: [],
      searchTerm: '',
      sortOrder: [],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByText('120 of 120 rows')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(shownNames(container)[0]).toBe('Account 051'));
    expect(fetchPage.mock.lastCall![0]).toMatchObject({ pageIndex: 1, pageSize: 50 });

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(fetchPage.mock.lastCall![0]).toMatchObject({ sortOrder: [{ id: 'name', desc: false }] }),
    );
    // A new sort starts again from the first page.
    expect(fetchPage.mock.lastCall![0]).toMatchObject({ pageIndex: 0 });
  });

  it('sends the search term once, 800 ms after the last key, and goes back to page 0', async () => {
    const fetchPage = fakeServer();
    const { container } = renderServerTable(fetchPage);
    await waitFor(() => expect(shownNames(container)).toHaveLength(50));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));

    const typedAt = Date.now();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'acc');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 2));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3), { timeout: 2_000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS);
    expect(fetchPage.mock.lastCall![0]).toMatchObject({ searchTerm: 'acc', pageIndex: 0 });
    expect(await screen.findByText('30 of 120 rows')).toBeTruthy();
  });

  it('sends the applied filters, and CLEAR FILTERS empties them and asks again', async () => {
    const fetchPage = fakeServer();
    renderServerTable(fetchPage);
    await screen.findByText('120 of 120 rows');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    const balance = within(within(dialog).getByRole('group', { name: 'Balance' }));
    await user.type(balance.getByLabelText('Low'), '100');
    await user.type(within(dialog).getByLabelText('Name'), 'Acc');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() =>
      expect(fetchPage.mock.lastCall![0].filters).toEqual([
        { id: 'name', value: 'Acc' },
        { id: 'balance', value: { low: '100', high: '' } },
      ]),
    );
    expect(await screen.findByText('30 of 120 rows')).toBeTruthy();

    const calls = fetchPage.mock.calls.length;
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'CLEAR FILTERS' }),
    );
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(calls + 1));
    expect(fetchPage.mock.lastCall![0].filters).toEqual([]);
    expect(await screen.findByText('120 of 120 rows')).toBeTruthy();
    expect(screen.getByText('No filters applied.')).toBeTruthy();

    // Clearing with nothing applied still reloads (platform.md 2.8).
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'CLEAR FILTERS' }),
    );
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(calls + 2));
  });

  it('logs a failed load and shows the empty state with no message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderServerTable(vi.fn().mockRejectedValue(new Error('boom')));
    expect(await screen.findByText('No Results.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});
