import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ALL_ACTIONS, menuOf, openValidateDialog } from './batch-validation.fixtures';
import { batchAccountOf, batchOf } from './data-ingestion.fixtures';
import { offersInspection } from './staging-inspections';

// Issue 42 point 7: an Investment or Hybrid batch whose statements (BAI2, camt) staged transactions
// offers Edit/Inspect/Validate Transactions, as Validate promotes them.

const slot = (name: string, id: string) =>
  function StagingSlot({ batchAccountIds }: { batchAccountIds: number[] }) {
    return (
      <Dialog open aria-labelledby={id}>
        <h2 id={id}>{name}</h2>
        {batchAccountIds.join(',')}
      </Dialog>
    );
  };
const STAGING = {
  transactions: slot('Staging transactions', 'transactions-title'),
  investments: slot('Staging investments', 'investments-title'),
};
const PERMISSIONS = [...ALL_ACTIONS, 'VIEW_STAGING_INVESTMENTS' as const];

describe('the staging dialogs a batch account offers', { timeout: UI_TEST_TIMEOUT }, () => {
  it('follows the batch type, and an account that staged transactions offers them in any batch', () => {
    const staged = { startDate: '2026-07-01' };
    const positions = { startDate: null };
    expect(offersInspection('Transactions', { templateType: 'Investment' }, staged)).toBe(true);
    expect(offersInspection('Transactions', { templateType: 'Investment' }, positions)).toBe(false);
    expect(offersInspection('Investments', { templateType: 'Investment' }, staged)).toBe(true);
    expect(offersInspection('Transactions', { templateType: 'Transaction' }, positions)).toBe(true);
    expect(offersInspection('Investments', { templateType: 'Transaction' }, positions)).toBe(false);
    expect(offersInspection('Transactions', { templateType: 'Hybrid' }, positions)).toBe(true);
    expect(offersInspection('Investments', { templateType: 'Hybrid' }, positions)).toBe(true);
    expect(offersInspection('Transactions', { templateType: 'Treasury' }, staged)).toBe(false);
  });

  it('offers Transactions on an Investment batch whose BAI2 statement staged them, and opens them', async () => {
    const batch = batchOf({ batchId: 23, templateType: 'Investment', accountName: 'Ladder' });
    const bai2 = batchAccountOf({ batchAccountId: 8, batchId: 23, fileIdList: [61] });
    const positions = batchAccountOf({
      batchAccountId: 9,
      batchId: 23,
      accountName: 'Ladder',
      account: '0042',
      status: 'Validated',
      startDate: null,
      endDate: null,
      reconciliation: null,
    });
    const { user, table } = await openValidateDialog(PERMISSIONS, {
      batch,
      accounts: [bai2, positions],
      staging: STAGING,
    });
    expect(await menuOf(user, table, 'Ladder - 0042')).not.toContain('Edit/Inspect/Validate Transactions');
    await user.keyboard('{Escape}');
    expect(await menuOf(user, table, 'Operating - 0001234')).toEqual([
      'Validate',
      'Edit/Inspect/Validate Transactions',
      'Edit/Inspect/Validate Investments',
      'Download Source',
      'Ignore Account',
      'Delete',
    ]);
    await user.click(await screen.findByRole('menuitem', { name: 'Edit/Inspect/Validate Transactions' }));
    const opened = await screen.findByRole('dialog', { name: 'Staging transactions' });
    expect(within(opened).getByText('8')).toBeTruthy();
  });
});
