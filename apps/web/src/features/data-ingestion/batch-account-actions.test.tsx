import { BATCH_RECOVERY_MSG } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import { BATCH_VALIDATION_MSG as MSG } from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ALL_ACTIONS, chooseAction, menuOf, openValidateDialog } from './batch-validation.fixtures';
import { batchAccountOf, batchOf, extractionFileOf } from './data-ingestion.fixtures';

// Spec 2 "Validate Batch dialog", 4 "Batch account status", 6 and 8: which row action each status and
// permission offers, what each sends, its toasts, and the lists read again afterwards.

const STAGING = {
  transactions: ({ batchAccountIds }: { batchAccountIds: number[] }, onClose: () => void) => (
    <Dialog open aria-labelledby="staging-title">
      <h2 id="staging-title">Staging transactions</h2>
      {batchAccountIds.join(',')}
      <button onClick={onClose}>Close staging</button>
    </Dialog>
  ),
};

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('Validate Batch dialog: account actions', { timeout: UI_TEST_TIMEOUT }, () => {
  it('offers each status the actions of spec 4; Delete is disabled on Needs Files', async () => {
    const { user, table } = await openValidateDialog(ALL_ACTIONS, { staging: STAGING });
    const menus: Record<string, string[]> = {};
    for (const label of ['Payroll - 0009', 'Operating - 0001234', 'Reserve - 0005', 'Sweep - 0007']) {
      menus[label] = await menuOf(user, table, label);
      await user.keyboard('{Escape}');
    }
    expect(menus).toEqual({
      'Payroll - 0009': ['Ignore Account', 'Delete (disabled)'],
      'Operating - 0001234': [
        'Validate',
        'Edit/Inspect/Validate Transactions',
        'Download Source',
        'Ignore Account',
        'Delete',
      ],
      'Reserve - 0005': ['Edit/Inspect/Validate Transactions', 'Download Source', 'Delete'],
      'Sweep - 0007': ['Restore Account', 'Delete'],
    });
  });

  it('shows each action to its permission only, and no Actions column without any', async () => {
    const first = await openValidateDialog([]);
    expect(within(first.table).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(within(first.table).queryByRole('checkbox')).toBeNull();
    cleanup();

    const { user, table } = await openValidateDialog(['VALIDATE_ACCOUNT_BATCHES'], { staging: STAGING });
    expect(await menuOf(user, table, 'Operating - 0001234')).toEqual(['Validate']);
    await user.keyboard('{Escape}');
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it("labels Validate 'Validate Account' on a treasury batch and offers no transactions there", async () => {
    const treasury = batchOf({ batchId: 22, templateType: 'Treasury', accountName: 'Reserve Group' });
    const fees = batchAccountOf({
      batchAccountId: 9,
      batchId: 22,
      accountName: null,
      account: null,
      type: 'Fees',
    });
    const { user, table } = await openValidateDialog(ALL_ACTIONS, {
      batch: treasury,
      accounts: [fees],
      staging: STAGING,
    });
    expect(await menuOf(user, table, 'Fees')).toEqual(['Validate Account', 'Ignore Account', 'Delete']);
  });

  it('validates a treasury section by its type together with the batchId (spec 4)', async () => {
    const treasury = batchOf({ batchId: 22, templateType: 'Treasury', accountName: 'Reserve Group' });
    const fees = batchAccountOf({
      batchAccountId: 9,
      batchId: 22,
      accountName: null,
      account: null,
      type: 'Fees',
    });
    const path = '/api/data-ingestion-treasury-services/staging/validate';
    const { api, user, table } = await openValidateDialog(ALL_ACTIONS, {
      batch: treasury,
      accounts: [fees],
      routes: { [`PUT ${path}`]: { body: { msg: 'Validated the Fees section.', accounts: [] } } },
    });
    await chooseAction(user, table, 'Fees', 'Validate Account');
    expect(await screen.findByText('Validated the Fees section.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === path)?.body).toEqual({
      treasuryServices: { batchTypes: ['Fees'], batchId: 22 },
    });
    expect(api.callsTo('PUT', '/api/data-ingestion/accounts/validate')).toBe(0);
  });

  it('opens the treasury staging dialog on a section, to any of its view permissions', async () => {
    const treasury = batchOf({ batchId: 22, templateType: 'Treasury', accountName: 'Reserve Group' });
    const section = (batchAccountId: number, type: 'Fees' | 'Balance', status: 'Validated' | 'Needs Files') =>
      batchAccountOf({ batchAccountId, batchId: 22, accountName: null, account: null, type, status });
    const withTreasury = {
      ...STAGING,
      treasury: ({ batchAccountIds }: { batchAccountIds: number[] }, onClose: () => void) => (
        <Dialog open aria-labelledby="treasury-title">
          <h2 id="treasury-title">Treasury staging</h2>
          {batchAccountIds.join(',')}
          <button onClick={onClose}>Close treasury</button>
        </Dialog>
      ),
    };
    const options = {
      batch: treasury,
      accounts: [section(9, 'Fees', 'Validated'), section(10, 'Balance', 'Needs Files')],
      staging: withTreasury,
    };
    const first = await openValidateDialog(['VIEW_STAGING_TRANSACTIONS'], options);
    expect(within(first.table).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    cleanup();

    const { api, user, table } = await openValidateDialog(['VIEW_STAGING_BALANCES'], options);
    // Issue 42 point 7: nothing allowed on the Needs Files section, so no button to an empty menu.
    expect(within(table).queryByRole('button', { name: 'Actions for Balance' })).toBeNull();
    await chooseAction(user, table, 'Fees', 'Edit/Inspect/Validate');
    const dialog = await screen.findByRole('dialog', { name: 'Treasury staging' });
    expect(within(dialog).getByText('9')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close treasury' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/accounts/all/22')).toBe(2));
  });

  it('validates an account, toasts the server msg and reads the lists again', async () => {
    const { api, user, table, areListsInvalidated } = await openValidateDialog(ALL_ACTIONS, {
      routes: {
        'PUT /api/data-ingestion/accounts/validate': { body: { msg: 'Validated 1 account.', accounts: [] } },
      },
    });
    await chooseAction(user, table, 'Operating - 0001234', 'Validate');
    expect(await screen.findByText('Validated 1 account.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/accounts/validate')?.body).toEqual({
      accounts: [{ batchAccountId: 2 }],
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/accounts/all/21')).toBe(2));
    expect(areListsInvalidated()).toBe(true);
  });

  it("says 'Failed to Validate Batch Account.', or the server's msg, when validating fails", async () => {
    let answer = { status: 500, body: {} as object };
    const { user, table } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'PUT /api/data-ingestion/accounts/validate': () => answer },
    });
    await chooseAction(user, table, 'Operating - 0001234', 'Validate');
    expect(await screen.findByText(MSG.validateAccountFailed)).toBeTruthy();
    answer = { status: 409, body: { msg: 'Cannot validate: Operating.' } };
    await chooseAction(user, table, 'Operating - 0001234', 'Validate');
    expect(await screen.findByText('Cannot validate: Operating.')).toBeTruthy();
  });

  it("asks 'Ignore Account' first for an account with files, then lists it and sends its id", async () => {
    const { api, user, table, areListsInvalidated } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'PUT /api/data-ingestion/accounts/ignore': { body: { msg: 'Ignored.', accounts: [] } } },
    });
    await chooseAction(user, table, 'Operating - 0001234', 'Ignore Account');
    const first = await screen.findByRole('dialog', { name: 'Ignore Account' });
    await user.click(within(first).getByRole('button', { name: 'Ignore' }));
    const second = await screen.findByRole('dialog', { name: 'Ignore Accounts' });
    expect(within(second).getByText(MSG.ignoreConfirmation)).toBeTruthy();
    expect(within(second).getByRole('listitem').textContent).toBe('Operating - 0001234');
    await user.click(within(second).getByRole('button', { name: 'Ignore' }));
    expect(await screen.findByText('Ignored.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/accounts/ignore')?.body).toEqual([2]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ignore Accounts' })).toBeNull());
    expect(areListsInvalidated()).toBe(true);
  });

  it("goes straight to the ignore confirmation without files; failing says 'Failed to Ignore Batch Account(s).'", async () => {
    const { user, table } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'PUT /api/data-ingestion/accounts/ignore': { status: 500, body: {} } },
    });
    await chooseAction(user, table, 'Payroll - 0009', 'Ignore Account');
    const dialog = await screen.findByRole('dialog', { name: 'Ignore Accounts' });
    expect(screen.queryByRole('dialog', { name: 'Ignore Account' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Ignore' }));
    expect(await screen.findByText(MSG.ignoreFailed)).toBeTruthy();
    // Spec 4 "Resetting the lists": the confirmation closes whatever the outcome.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ignore Accounts' })).toBeNull());
  });

  it('ignores the selected accounts at once; only ignorable ones can be selected', async () => {
    const { api, user, table } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'PUT /api/data-ingestion/accounts/ignore': { body: { msg: 'Ignored 2.', accounts: [] } } },
    });
    expect(
      within(table)
        .getAllByRole('checkbox')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Select all rows on this page', 'Select Payroll - 0009', 'Select Operating - 0001234']);
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Ignore Accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ignore Accounts' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Payroll - 0009', 'Operating - 0001234']);
    await user.click(within(dialog).getByRole('button', { name: 'Ignore' }));
    expect(await screen.findByText('Ignored 2.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/accounts/ignore')?.body).toEqual([1, 2]);
  });

  it("restores an Ignored account; failing says 'Failed to Restore Batch Account.'", async () => {
    let answer = { status: 200, body: { msg: 'Restored.', accounts: [] } as object };
    const { api, user, table } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'PUT /api/data-ingestion/accounts/restore/4': () => answer },
    });
    await chooseAction(user, table, 'Sweep - 0007', 'Restore Account');
    expect(await screen.findByText('Restored.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/data-ingestion/accounts/restore/4')).toBe(1);
    answer = { status: 500, body: {} };
    await chooseAction(user, table, 'Sweep - 0007', 'Restore Account');
    expect(await screen.findByText(MSG.restoreAccountFailed)).toBeTruthy();
  });

  it("deletes an account after its confirmation; failing says 'Failed to Delete Batch Account.'", async () => {
    let answer = { status: 200, body: { msg: 'Deleted.' } as object };
    const { api, user, table, areListsInvalidated } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'DELETE /api/data-ingestion/accounts/3': () => answer },
    });
    await chooseAction(user, table, 'Reserve - 0005', 'Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete Batch Account' });
    // Issue 42 point 3: it says what goes with it and that its statements can be uploaded again.
    expect(
      within(dialog).getByText(BATCH_RECOVERY_MSG.deleteAccountConfirmation('Reserve - 0005', 2)),
    ).toBeTruthy();
    expect(BATCH_RECOVERY_MSG.deleteAccountConfirmation('Reserve - 0005', 2)).toContain(
      'Its 2 files and their staged rows go with it',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/data-ingestion/accounts/3')).toBe(1);
    expect(areListsInvalidated()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Batch Account' })).toBeNull());
    answer = { status: 500, body: {} };
    await chooseAction(user, table, 'Reserve - 0005', 'Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete Batch Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.deleteAccountFailed)).toBeTruthy();
  });

  it('opens the staging transactions on the account and reads the accounts again when it closes', async () => {
    const { api, user, table } = await openValidateDialog(ALL_ACTIONS, { staging: STAGING });
    await chooseAction(user, table, 'Reserve - 0005', 'Edit/Inspect/Validate Transactions');
    const staging = await screen.findByRole('dialog', { name: 'Staging transactions' });
    expect(within(staging).getByText('3')).toBeTruthy();
    await user.click(within(staging).getByRole('button', { name: 'Close staging' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/accounts/all/21')).toBe(2));
  });

  it('offers no transactions action on an investment batch whose account staged none', async () => {
    const investment = batchOf({ batchId: 23, templateType: 'Investment', accountName: 'Ladder' });
    const holding = batchAccountOf({
      batchAccountId: 8,
      batchId: 23,
      startDate: null,
      endDate: null,
      reconciliation: null,
    });
    const { user, table } = await openValidateDialog(ALL_ACTIONS, {
      batch: investment,
      accounts: [holding],
      staging: STAGING,
    });
    expect(await menuOf(user, table, 'Operating - 0001234')).toEqual([
      'Validate',
      'Ignore Account',
      'Delete',
    ]);
  });

  it('offers Edit/Inspect/Validate Investments on investment batches, both on hybrid ones, to its permission', async () => {
    const staging = {
      ...STAGING,
      investments: ({ batchAccountIds }: { batchAccountIds: number[] }) => (
        <Dialog open aria-labelledby="investments-title">
          <h2 id="investments-title">Staging investments</h2>
          {batchAccountIds.join(',')}
        </Dialog>
      ),
    };
    const withInvestments = [...ALL_ACTIONS, 'VIEW_STAGING_INVESTMENTS' as const];
    // Positions only: no staged transactions, so no first transaction date (staging-inspections.ts).
    const holding = (batchId: number) =>
      batchAccountOf({ batchAccountId: 8, batchId, startDate: null, endDate: null, reconciliation: null });
    const investment = batchOf({ batchId: 23, templateType: 'Investment', accountName: 'Ladder' });
    const first = await openValidateDialog(withInvestments, {
      batch: investment,
      accounts: [holding(23)],
      staging,
    });
    expect(await menuOf(first.user, first.table, 'Operating - 0001234')).toEqual([
      'Validate',
      'Edit/Inspect/Validate Investments',
      'Ignore Account',
      'Delete',
    ]);
    await first.user.click(
      await screen.findByRole('menuitem', { name: 'Edit/Inspect/Validate Investments' }),
    );
    const opened = await screen.findByRole('dialog', { name: 'Staging investments' });
    expect(within(opened).getByText('8')).toBeTruthy();
    cleanup();

    const hybrid = batchOf({ batchId: 24, templateType: 'Hybrid', accountName: 'Mixed' });
    const second = await openValidateDialog(withInvestments, {
      batch: hybrid,
      accounts: [holding(24)],
      staging,
    });
    expect(await menuOf(second.user, second.table, 'Operating - 0001234')).toEqual([
      'Validate',
      'Edit/Inspect/Validate Transactions',
      'Edit/Inspect/Validate Investments',
      'Ignore Account',
      'Delete',
    ]);
    cleanup();

    const third = await openValidateDialog(ALL_ACTIONS, { batch: hybrid, accounts: [holding(24)], staging });
    expect(await menuOf(third.user, third.table, 'Operating - 0001234')).not.toContain(
      'Edit/Inspect/Validate Investments',
    );
  });

  it('downloads a single source file under its extracted name', async () => {
    const { api, user, table } = await openValidateDialog([...ALL_ACTIONS, 'VIEW_DATA_EXTRACTION_STATUS'], {
      routes: {
        'GET /api/data-ingestion/extraction-status/21': {
          body: [extractionFileOf({ fileAuditId: 61, fileName: 'july.csv' })],
        },
        'GET /api/data-ingestion/download/61': { body: { url: '/api/files/download?sig=61' } },
        'GET /api/files/download?sig=61': { body: 'a,b' },
      },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    await chooseAction(user, table, 'Operating - 0001234', 'Download Source');
    expect(await screen.findByText(EXTRACTION_MSG.downloaded)).toBeTruthy();
    expect(api.callsTo('GET', '/api/files/download?sig=61')).toBe(1);
  });

  it('lists several source files to pick from', async () => {
    const { api, user, table } = await openValidateDialog([...ALL_ACTIONS, 'VIEW_DATA_EXTRACTION_STATUS'], {
      routes: {
        'GET /api/data-ingestion/extraction-status/21': {
          body: [
            extractionFileOf({ fileAuditId: 62, fileName: 'july.csv' }),
            extractionFileOf({ fileAuditId: 63, fileName: 'august.csv' }),
          ],
        },
        'GET /api/data-ingestion/download/63': { status: 500, body: {} },
      },
    });
    await chooseAction(user, table, 'Reserve - 0005', 'Download Source');
    const dialog = await screen.findByRole('dialog', { name: 'Download Source: Reserve - 0005' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['july.csv', 'august.csv']);
    await user.click(within(dialog).getByRole('button', { name: 'Download august.csv' }));
    expect(await screen.findByText(EXTRACTION_MSG.downloadFailed)).toBeTruthy();
    expect(api.callsTo('GET', '/api/data-ingestion/download/63')).toBe(1);
  });
});
