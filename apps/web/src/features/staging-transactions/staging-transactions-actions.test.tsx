import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { findRow, findTable, inspectCalls, openDialog, rowOf } from './staging-transactions.fixtures';

// Rows of two batch accounts, some validated.
const ROWS = [
  rowOf({ stagingTransactionId: 1, batchAccountId: 31, validationStatus: 'No' }),
  rowOf({ stagingTransactionId: 2, batchAccountId: 32, validationStatus: 'Yes' }),
  rowOf({ stagingTransactionId: 3, batchAccountId: 32, validationStatus: 'No' }),
  rowOf({ stagingTransactionId: 4, batchAccountId: 31, validationStatus: 'Yes' }),
];
const CHANGED = (msg: string) => ({ body: { msg, changedCount: 1 } });

async function selectAll(user: ReturnType<typeof openDialog>['user']) {
  const table = await findTable();
  await within(table).findByText('Item 1');
  await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
}

const bodiesOf = (api: ReturnType<typeof openDialog>['api'], path: string) =>
  api.calls.filter((c) => c.path === path).map((c) => c.body);

describe('validate, invalidate and delete (spec 4)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('bulk Validate sends only the No rows, one request per batch account, then refreshes', async () => {
    const { api, user, queryClient } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/validate': CHANGED('Successfully validated transactions.'),
    });
    queryClient.setQueryData(['data-ingestion', 'batch', 21, 'accounts'], []);
    await selectAll(user);
    const listCalls = inspectCalls(api).length;
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Successfully validated transactions.')).toBeTruthy();
    expect(bodiesOf(api, '/api/transactions/staging/validate')).toEqual([
      { batchAccountId: 31, stagingTransactionIds: [1] },
      { batchAccountId: 32, stagingTransactionIds: [3] },
    ]);
    await waitFor(() => expect(inspectCalls(api).length).toBeGreaterThan(listCalls));
    expect(queryClient.getQueryState(['data-ingestion', 'batch', 21, 'accounts'])?.isInvalidated).toBe(true);
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('bulk Invalidate sends only the Yes rows, and shows the default when it fails', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/invalidate': ({ body }) =>
        (body as { batchAccountId: number }).batchAccountId === 32
          ? { status: 500, body: {} }
          : CHANGED('Successfully invalidated Transactions'),
    });
    await selectAll(user);
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(await screen.findByText('Failed to Invalidate Transactions')).toBeTruthy();
    expect(bodiesOf(api, '/api/transactions/staging/invalidate')).toEqual([
      { batchAccountId: 32, stagingTransactionIds: [2] },
      { batchAccountId: 31, stagingTransactionIds: [4] },
    ]);
  });

  it("a row's Validate sends that row and shows 'Failed to validate transactions.' on failure", async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'PUT /api/transactions/staging/validate': { status: 500, body: {} },
    });
    await user.click(within(await findRow('Item 3')).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Validate' }));
    expect(await screen.findByText('Failed to validate transactions.')).toBeTruthy();
    expect(bodiesOf(api, '/api/transactions/staging/validate')).toEqual([
      { batchAccountId: 32, stagingTransactionIds: [3] },
    ]);
  });

  it("the title turns 'Validated' once the last No rows are validated", async () => {
    const rows = ROWS.map((r) => ({ ...r }));
    const { user } = openDialog(rows, undefined, {
      'PUT /api/transactions/staging/validate': ({ body }) => {
        const { stagingTransactionIds } = body as { stagingTransactionIds: number[] };
        for (const row of rows)
          if (stagingTransactionIds.includes(row.stagingTransactionId)) row.validationStatus = 'Yes';
        return CHANGED('Successfully validated transactions.');
      },
    });
    expect(await screen.findByRole('dialog', { name: /- Needs Validation$/ })).toBeTruthy();
    await selectAll(user);
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('dialog', { name: /- Validated$/ })).toBeTruthy();
  });

  it("shows 'No Results.' when the batch accounts have no rows", async () => {
    openDialog([]);
    const table = await findTable();
    expect(await within(table).findByText('No Results.')).toBeTruthy();
    expect(within(table).getByText('There are no results to be displayed.')).toBeTruthy();
  });

  it('deletes the selected rows only once confirmed', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'DELETE /api/transactions/staging': CHANGED('Transaction(s) deleted successfully.'),
    });
    await user.click(within(await findRow('Item 1')).getByRole('checkbox'));
    await user.click(within(await findRow('Item 2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Transactions' });
    expect(within(confirm).getByText('Delete 2 transaction(s)? This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Transactions' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/transactions/staging')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Transactions' });
    const listCalls = inspectCalls(api).length;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transaction(s) deleted successfully.')).toBeTruthy();
    expect(bodiesOf(api, '/api/transactions/staging')).toEqual([{ stagingTransactionId: [1, 2] }]);
    await waitFor(() => expect(inspectCalls(api).length).toBeGreaterThan(listCalls));
  });
});
