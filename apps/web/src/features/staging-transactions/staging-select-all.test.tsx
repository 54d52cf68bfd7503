import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { duplicateOf, findTable, openDialog, rowOf } from './staging-transactions.fixtures';

// Issue 39 point 2: select-all covers every row of the filter. The page ticked, the banner offers all
// 114; the bulk actions then send the list's filter and search (`matching`) instead of ids.

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    i % 10 === 0
      ? duplicateOf({ stagingTransactionId: i + 1, batchAccountId: i % 2 ? 32 : 31 })
      : rowOf({ stagingTransactionId: i + 1, batchAccountId: i % 2 ? 32 : 31 }),
  );
const CHANGED = (msg: string) => ({ body: { msg, changedCount: 114 } });
const MATCHING = { filters: [], searchTerm: '', timeZone: expect.any(String) };

type Opened = ReturnType<typeof openDialog>;
const bodiesOf = (api: Opened['api'], method: string, path: string) =>
  api.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

/** Ticks the page, then every matching row. */
async function selectAllMatching(user: Opened['user'], count: number) {
  const table = await findTable();
  await within(table).findByText('Item 1');
  await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
  expect(screen.getByText('All 50 rows on this page are selected.')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: `Select all ${count} rows` }));
  expect(screen.getByText(`All ${count} rows are selected.`)).toBeTruthy();
}

describe('every row of the filter', { timeout: UI_TEST_TIMEOUT }, () => {
  it('validates and invalidates them by the filter, one request per batch account', async () => {
    const { api, user } = openDialog(rowsOf(114), undefined, {
      'PUT /api/transactions/staging/validate': CHANGED('Successfully validated transactions.'),
      'PUT /api/transactions/staging/invalidate': CHANGED('Successfully invalidated Transactions'),
    });
    await selectAllMatching(user, 114);
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Successfully validated transactions.')).toBeTruthy();
    expect(bodiesOf(api, 'PUT', '/api/transactions/staging/validate')).toEqual([
      { batchAccountId: 31, matching: MATCHING },
      { batchAccountId: 32, matching: MATCHING },
    ]);
    // Done: nothing is selected any more.
    await waitFor(() => expect(screen.queryByText('All 114 rows are selected.')).toBeNull());

    await selectAllMatching(user, 114);
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(await screen.findByText('Successfully invalidated Transactions')).toBeTruthy();
    expect(bodiesOf(api, 'PUT', '/api/transactions/staging/invalidate')).toEqual([
      { batchAccountId: 31, matching: MATCHING },
      { batchAccountId: 32, matching: MATCHING },
    ]);
  });

  it('Keep all sends the filter', async () => {
    const { api, user } = openDialog(rowsOf(114), undefined, {
      'PUT /api/transactions/staging/duplicates': CHANGED('Possible duplicate(s) kept.'),
    });
    await selectAllMatching(user, 114);
    await user.click(screen.getByRole('button', { name: 'Keep all' }));
    expect(await screen.findByText('Possible duplicate(s) kept.')).toBeTruthy();
    expect(bodiesOf(api, 'PUT', '/api/transactions/staging/duplicates')).toEqual([
      { decision: 'keep', matching: { batchAccountIds: [31, 32], ...MATCHING } },
    ]);
  });

  it('confirms a delete with the count, then sends the filter', async () => {
    const { api, user } = openDialog(rowsOf(114), undefined, {
      'DELETE /api/transactions/staging': CHANGED('Transaction(s) deleted successfully.'),
    });
    await selectAllMatching(user, 114);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Transactions' });
    expect(
      within(confirm).getByText(
        'Delete 114 transaction(s) matching the filter? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transaction(s) deleted successfully.')).toBeTruthy();
    expect(bodiesOf(api, 'DELETE', '/api/transactions/staging')).toEqual([
      { matching: { batchAccountIds: [31, 32], ...MATCHING } },
    ]);
  });

  it('sends the quick filter with the selection', async () => {
    const flagged = Array.from({ length: 60 }, (_, i) =>
      duplicateOf({ stagingTransactionId: 1000 + i, batchAccountId: 31 }),
    );
    const { api, user } = openDialog([...flagged, ...rowsOf(114)], undefined, {
      'PUT /api/transactions/staging/duplicates': CHANGED('Possible duplicate(s) dropped.'),
    });
    const table = await findTable();
    await within(table).findByText('Item 1000');
    await user.click(screen.getByRole('button', { name: 'Duplicates to decide' }));
    // 60 flagged plus every tenth of the 114.
    await waitFor(() => expect(screen.getByText('72 of 174 rows')).toBeTruthy());
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 72 rows' }));
    await user.click(screen.getByRole('button', { name: 'Drop all' }));
    expect(await screen.findByText('Possible duplicate(s) dropped.')).toBeTruthy();
    expect(bodiesOf(api, 'PUT', '/api/transactions/staging/duplicates')).toEqual([
      {
        decision: 'drop',
        matching: {
          batchAccountIds: [31, 32],
          filters: [{ id: 'duplicateDecision', value: 'undecided' }],
          searchTerm: '',
          timeZone: expect.any(String),
        },
      },
    ]);
  });

  it('Bulk Edit reads the matching rows and takes them by id', async () => {
    const { api, user } = openDialog(rowsOf(114));
    await selectAllMatching(user, 114);
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit Transactions' });
    expect(within(dialog).getByText('114 selected. Only the fields filled in change.')).toBeTruthy();
    expect(api.calls.at(-1)?.body).toMatchObject({ pageIndex: 0, pageSize: 500, filters: [] });
  });

  it('Bulk Edit is disabled past 500 matching rows, and says why', async () => {
    const { user } = openDialog(rowsOf(620));
    await selectAllMatching(user, 620);
    expect(screen.getByText('Bulk Edit works on at most 500 selected rows.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bulk Edit' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Validate' }).hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText('Bulk Edit works on at most 500 selected rows.')).toBeNull();
  });
});
