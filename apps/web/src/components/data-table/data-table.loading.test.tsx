import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { PagedList } from '@tideline/contracts/paging/paging.schemas';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_FILTERS,
  ACCOUNTS,
  renderWithQueryClient,
  type Account,
} from './data-table.fixtures';
import { LOADING_ROWS_TEXT } from './filter-summary';

// Issue 42 point 7: a table whose rows have not arrived says it is loading, in the Filter Summary and in
// the footer, instead of '0 of 0 rows' and '0–0 of 0', which read as an empty list.

describe('A DataTable still loading', { timeout: 20_000 }, () => {
  it('says it is loading instead of counting 0 of 0 rows, then counts the rows that came', async () => {
    let answer: (page: PagedList<Account>) => void = () => undefined;
    const fetchPage = () => new Promise<PagedList<Account>>((resolve) => (answer = resolve));
    renderWithQueryClient(
      <DataTable
        title="Accounts"
        columns={ACCOUNT_COLUMNS}
        filters={ACCOUNT_FILTERS}
        getRowId={(row) => row.id}
        mode={{ kind: 'server', queryKey: ['test', 'loading'], fetchPage }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(within(table).getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.getAllByText(LOADING_ROWS_TEXT)).toHaveLength(2);
    expect(screen.queryByText(/0 of 0 rows/)).toBeNull();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();

    await act(async () =>
      answer({ results: ACCOUNTS, pageCount: 1, resultCount: ACCOUNTS.length, totalCount: ACCOUNTS.length }),
    );
    expect(await screen.findByText('5 of 5 rows')).toBeTruthy();
    expect(screen.getByText('1–5 of 5')).toBeTruthy();
    expect(screen.queryByText(LOADING_ROWS_TEXT)).toBeNull();
  });

  it('says 0 of 0 rows once an empty answer has come', async () => {
    renderWithQueryClient(
      <DataTable
        title="Accounts"
        columns={ACCOUNT_COLUMNS}
        filters={ACCOUNT_FILTERS}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows: [] }}
      />,
    );
    expect(screen.getByText('0 of 0 rows')).toBeTruthy();
    expect(screen.getByText('No Results.')).toBeTruthy();
    expect(screen.queryByText(LOADING_ROWS_TEXT)).toBeNull();
  });
});
