import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  accountBalanceOf,
  api,
  balanceOf,
  bodiesOf,
  chooseRowAction,
  feeOf,
  findTable,
  openDialog,
} from './staging-treasury.fixtures';

// Spec 4 "Staging row validationStatus", 7 and 8: what validate, invalidate and delete send and say.

const OK = (msg: string) => ({ body: { msg, changedCount: 1 } });
const FAILED = { status: 500, body: {} };
const BALANCES = [
  balanceOf({ stagingBalanceId: 1, validationStatus: 'No' }),
  balanceOf({ stagingBalanceId: 2, validationStatus: 'Yes' }),
  balanceOf({ stagingBalanceId: 3, validationStatus: 'No' }),
];
const FEES = [
  feeOf({ stagingFeeId: 4, validationStatus: 'Yes' }),
  feeOf({ stagingFeeId: 5, validationStatus: 'No' }),
  feeOf({ stagingFeeId: 6, validationStatus: 'Yes' }),
];

async function selectAll(user: ReturnType<typeof openDialog>['user'], tableName: string, firstRow: string) {
  const table = await findTable(tableName);
  await within(table).findByText(firstRow);
  await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
}

const listCalls = (fake: ReturnType<typeof openDialog>['api'], path: string) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === api(path)).length;

describe('validate and invalidate (spec 4)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('bulk Validate sends only the No balances, then refreshes the list and the batch', async () => {
    const {
      api: fake,
      user,
      queryClient,
    } = openDialog({ balances: BALANCES }, undefined, {
      [`PUT ${api('/balances/staging/validate')}`]: OK('Validated 2 balances.'),
    });
    queryClient.setQueryData(['data-ingestion', 'client', 1, 'batches'], []);
    await selectAll(user, 'Inspect Staging Balances', 'Balance 1');
    const before = listCalls(fake, '/balances/staging/22');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Validated 2 balances.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/balances/staging/validate')).toEqual([
      { balance: { batchId: 22, stagingBalanceIds: [1, 3] } },
    ]);
    await waitFor(() => expect(listCalls(fake, '/balances/staging/22')).toBeGreaterThan(before));
    expect(queryClient.getQueryState(['data-ingestion', 'client', 1, 'batches'])?.isInvalidated).toBe(true);
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it("bulk Invalidate sends only the Yes balances; failing says 'Failed to validate balances.'", async () => {
    const { api: fake, user } = openDialog({ balances: BALANCES }, undefined, {
      [`PUT ${api('/balances/staging/invalidate')}`]: FAILED,
    });
    await selectAll(user, 'Inspect Staging Balances', 'Balance 1');
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(await screen.findByText('Failed to validate balances.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/balances/staging/invalidate')).toEqual([
      { balance: { batchId: 22, stagingBalanceIds: [2] } },
    ]);
  });

  it('bulk Validate and Invalidate of fees send stagingFeesIds of the rows in the other state', async () => {
    const { api: fake, user } = openDialog({ fees: FEES }, undefined, {
      [`PUT ${api('/fees/staging/validate')}`]: { status: 409, body: { msg: 'Batch already validated.' } },
      [`PUT ${api('/fees/staging/invalidate')}`]: OK('Invalidated 2 fees.'),
    });
    await selectAll(user, 'Inspect Staging Fees', 'Fee 4');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Batch already validated.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(await screen.findByText('Invalidated 2 fees.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/fees/staging/validate')).toEqual([
      { fees: { batchId: 22, stagingFeesIds: [5] } },
    ]);
    expect(bodiesOf(fake, 'PUT', '/fees/staging/invalidate')).toEqual([
      { fees: { batchId: 22, stagingFeesIds: [4, 6] } },
    ]);
  });

  it("a row's Validate sends that account balance; failing says 'Failed to validate account balances.'", async () => {
    const rows = [
      accountBalanceOf({ stagingAccountBalanceId: 7 }),
      accountBalanceOf({ stagingAccountBalanceId: 8, validationStatus: 'Yes' }),
    ];
    const { api: fake, user } = openDialog({ accountBalances: rows }, undefined, {
      [`PUT ${api('/account-balances/staging/validate')}`]: FAILED,
      [`PUT ${api('/account-balances/staging/invalidate')}`]: FAILED,
    });
    await chooseRowAction(user, 'Inspect Staging Account Balances', 'Account balance 7', 'Validate');
    expect(await screen.findByText('Failed to validate account balances.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/account-balances/staging/validate')).toEqual([
      { accountBalances: { batchId: 22, stagingAccountBalanceIds: [7] } },
    ]);
    await chooseRowAction(user, 'Inspect Staging Account Balances', 'Account balance 8', 'Invalidate');
    await waitFor(() => expect(screen.getAllByText('Failed to validate account balances.')).toHaveLength(2));
    expect(bodiesOf(fake, 'PUT', '/account-balances/staging/invalidate')).toEqual([
      { accountBalances: { batchId: 22, stagingAccountBalanceIds: [8] } },
    ]);
  });

  it("the badge turns 'Validated' once the last No rows are validated", async () => {
    const rows = BALANCES.map((r) => ({ ...r }));
    const { user } = openDialog({ balances: rows }, undefined, {
      [`PUT ${api('/balances/staging/validate')}`]: ({ body }) => {
        const { stagingBalanceIds } = (body as { balance: { stagingBalanceIds: number[] } }).balance;
        for (const row of rows)
          if (stagingBalanceIds.includes(row.stagingBalanceId)) row.validationStatus = 'Yes';
        return OK('Validated.');
      },
    });
    expect(await screen.findByText('Needs Validation')).toBeTruthy();
    await selectAll(user, 'Inspect Staging Balances', 'Balance 1');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Validated')).toBeTruthy();
    expect(screen.queryByText('Needs Validation')).toBeNull();
  });
});

describe('delete (spec 2 "Delete Staging Balance/Fee")', { timeout: UI_TEST_TIMEOUT }, () => {
  it('deletes the selected balances only once confirmed', async () => {
    const { api: fake, user } = openDialog({ balances: BALANCES }, undefined, {
      [`DELETE ${api('/balances/staging')}`]: OK('Balance(s) deleted successfully.'),
    });
    await selectAll(user, 'Inspect Staging Balances', 'Balance 1');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Staging Balance' });
    expect(within(confirm).getByText('Delete 3 balance(s)? This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Staging Balance' })).toBeNull());
    expect(bodiesOf(fake, 'DELETE', '/balances/staging')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Staging Balance' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Balance(s) deleted successfully.')).toBeTruthy();
    expect(bodiesOf(fake, 'DELETE', '/balances/staging')).toEqual([
      { balance: { batchId: 22, stagingBalanceIds: [1, 2, 3] } },
    ]);
  });

  it("says 'Failed to delete balance' and 'Failed to delete fee' and closes the confirmation", async () => {
    const { api: fake, user } = openDialog({ balances: BALANCES, fees: FEES }, undefined, {
      [`DELETE ${api('/balances/staging')}`]: FAILED,
      [`DELETE ${api('/fees/staging')}`]: FAILED,
    });
    await chooseRowAction(user, 'Inspect Staging Balances', 'Balance 2', 'Delete');
    let confirm = await screen.findByRole('dialog', { name: 'Delete Staging Balance' });
    expect(within(confirm).getByText('Delete 1 balance(s)? This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete balance')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Staging Balance' })).toBeNull());

    await user.click(screen.getByRole('tab', { name: 'Fees' }));
    await chooseRowAction(user, 'Inspect Staging Fees', 'Fee 5', 'Delete');
    confirm = await screen.findByRole('dialog', { name: 'Delete Staging Fee' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete fee')).toBeTruthy();
    expect(bodiesOf(fake, 'DELETE', '/fees/staging')).toEqual([
      { fees: { batchId: 22, stagingFeesIds: [5] } },
    ]);
  });
});
