import { describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { BATCH_VALIDATION_MSG as MSG } from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import {
  BATCH_RECOVERY_MSG,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { BATCH_MSG } from '@tideline/contracts/data-ingestion/batches.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  ALL_ACTIONS,
  IGNORED,
  NEEDS_FILES,
  NEEDS_VALIDATION,
  VALIDATED,
  openValidateDialog,
} from './batch-validation.fixtures';

// Spec 2 "Validate Batch dialog" footer, 6 and 8: DELETE BATCH after its warning, CLOSE, VALIDATE THIS
// BATCH only with an eligible account and not while a validation runs; their bodies, toasts and the
// lists read again. Issue 42 point 2: with VALIDATE_ACCOUNT_BATCHES too, VALIDATE THIS BATCH validates
// the reconciled accounts and then the batch in one action (PUT /batches/validate-all).

const VALIDATE_ALL = '/api/data-ingestion/batches/validate-all';

/** The one-step answer for batch 21: closed, or with what it left. */
function oneStepAnswer(over: Partial<BatchesValidatedInOneStep['batches'][number]> = {}) {
  const batch = {
    batchId: 21,
    batch: 'First National / Operating (Transaction)',
    validatedAccounts: ['Operating'],
    accountsLeft: [],
    promoted: null,
    batchValidated: true,
    refusal: null,
    ...over,
  };
  const isLeft = batch.accountsLeft.length > 0;
  return {
    msg: isLeft ? BATCH_RECOVERY_MSG.batchesPartlyValidated(0, 1) : BATCH_RECOVERY_MSG.batchesValidated,
    batches: [batch],
  };
}

const PROMOTED = { ...VALIDATED, promotedAt: '2026-07-20T12:00:00.000Z' };

/** What the account profile, client profile and analysis view read, under the other areas' keys. */
const BOOK_KEYS = [
  ['accounts', 1, 'all'],
  ['accounts', 1, 'single', 5],
  ['accounts', 'balance-history', 5],
  ['accounts', 'summary', 5],
  ['transactions', 'account', 5, { pageIndex: 0 }],
  ['investments', 'lists', 'account', 5],
  ['investments', 'balance', 'account', 5],
  ['account-groups', 1, 'all'],
  ['clients', 'detail', 1],
  ['clients', 'report-status', 1],
  ['analysis', 'open-reports'],
  ['dashboard', 'reports-in-progress', 3],
];

/** Caches every book key; answers which of them were marked for reading again. */
function cacheBooks(queryClient: QueryClient) {
  for (const key of BOOK_KEYS) queryClient.setQueryData(key, []);
  return {
    invalidated: () => BOOK_KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated),
  };
}

/** Holds the answers to `path` until `release` is called (a validation that takes its time). */
function holdRequests(path: string) {
  const real = globalThis.fetch;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === path) await held;
    return real(input, init);
  });
  return () => release();
}

describe('Validate Batch dialog: footer', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows DELETE BATCH and VALIDATE THIS BATCH to their permissions only', async () => {
    const { dialog } = await openValidateDialog([]);
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^[A-Z ]+$/ })
        .map((b) => b.textContent),
    ).toEqual(['CLOSE']);
  });

  it('disables VALIDATE THIS BATCH while no account is Needs Validation, or Validated and not yet promoted', async () => {
    const { dialog } = await openValidateDialog(ALL_ACTIONS, { accounts: [NEEDS_FILES, PROMOTED, IGNORED] });
    expect(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('validates the reconciled accounts and the batch in one action, with progress, and closes', async () => {
    const onClose = vi.fn();
    const { api, user, dialog, areListsInvalidated } = await openValidateDialog(ALL_ACTIONS, {
      onClose,
      accounts: [NEEDS_VALIDATION, NEEDS_FILES],
      routes: { [`PUT ${VALIDATE_ALL}`]: { body: oneStepAnswer() } },
    });
    const release = holdRequests(VALIDATE_ALL);
    const button = within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' });
    expect(button).toHaveProperty('disabled', false);
    await user.click(button);
    expect(await within(dialog).findByRole('progressbar', { name: 'Validating the batch' })).toBeTruthy();
    expect(button).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'CLOSE' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText(BATCH_RECOVERY_MSG.batchesValidated)).toBeTruthy();
    expect(api.calls.find((c) => c.path === VALIDATE_ALL)?.body).toEqual({ batches: [{ batchId: 21 }] });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(areListsInvalidated()).toBe(true);
  });

  it('shows which accounts it left and why, and keeps the dialog open', async () => {
    const onClose = vi.fn();
    const reason = 'Operating does not reconcile: the statement of 07/01/2026 is $1.00 short.';
    const { user, dialog } = await openValidateDialog(ALL_ACTIONS, {
      onClose,
      routes: {
        [`PUT ${VALIDATE_ALL}`]: {
          body: oneStepAnswer({
            validatedAccounts: ['Payroll'],
            accountsLeft: [{ batchAccountId: 2, account: 'Operating', reason }],
            batchValidated: false,
          }),
        },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' }));
    const result = await screen.findByRole('dialog', { name: BATCH_RECOVERY_MSG.resultTitle });
    expect(within(result).getByText(BATCH_RECOVERY_MSG.batchesPartlyValidated(0, 1))).toBeTruthy();
    expect(within(result).getByText('Validated now: Payroll.')).toBeTruthy();
    expect(within(result).getByText(reason)).toBeTruthy();
    await user.click(within(result).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: BATCH_RECOVERY_MSG.resultTitle })).toBeNull(),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: /Acme County/ })).toBeTruthy();
  });

  it('toasts and closes when only accounts waiting for their files keep the batch open', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openValidateDialog(ALL_ACTIONS, {
      onClose,
      accounts: [NEEDS_VALIDATION, NEEDS_FILES],
      routes: { [`PUT ${VALIDATE_ALL}`]: { body: oneStepAnswer({ batchValidated: false }) } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: BATCH_RECOVERY_MSG.resultTitle })).toBeNull();
  });

  it('promotes only, by PUT /batches/validate, without the permission to validate accounts', async () => {
    const onClose = vi.fn();
    const { api, user, dialog } = await openValidateDialog(['VALIDATE_BATCHES'], {
      onClose,
      accounts: [NEEDS_VALIDATION, VALIDATED],
      routes: {
        'PUT /api/data-ingestion/batches/validate': {
          body: { msg: 'Batch validated: 12 transactions.', batches: [], analysisStatus: 'Data Ingestion' },
        },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' }));
    expect(await screen.findByText('Batch validated: 12 transactions.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/batches/validate')?.body).toEqual({
      accounts: [{ batchId: 21 }],
    });
    expect(api.callsTo('PUT', VALIDATE_ALL)).toBe(0);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('is disabled without the permission to validate accounts while no account is Validated', async () => {
    const { dialog } = await openValidateDialog(['VALIDATE_BATCHES'], { accounts: [NEEDS_VALIDATION] });
    expect(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('disables VALIDATE THIS BATCH while an account is being validated', async () => {
    const { user, dialog, table } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'PUT /api/data-ingestion/accounts/validate': { body: { msg: 'Validated.', accounts: [] } } },
    });
    const release = holdRequests('/api/data-ingestion/accounts/validate');
    const row = within(table).getByText('Operating - 0001234').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for Operating - 0001234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Validate' }));
    const button = within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    release();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it("says 'Failed to Validate the Batch.' and keeps the dialog open when validation fails", async () => {
    const onClose = vi.fn();
    const { user, dialog, queryClient } = await openValidateDialog(ALL_ACTIONS, {
      onClose,
      routes: { [`PUT ${VALIDATE_ALL}`]: { status: 500, body: {} } },
    });
    const books = cacheBooks(queryClient);
    await user.click(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' }));
    expect(await screen.findByText(MSG.validateBatchFailed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Nothing was promoted: what the books feed is left as it is.
    expect(books.invalidated()).toEqual([]);
  });

  it("reads again what the promotion changed: the accounts' lists, transactions, investments, balances and the client's report status", async () => {
    const { user, dialog, queryClient } = await openValidateDialog(ALL_ACTIONS, {
      routes: { [`PUT ${VALIDATE_ALL}`]: { body: oneStepAnswer() } },
    });
    const books = cacheBooks(queryClient);
    await user.click(within(dialog).getByRole('button', { name: 'VALIDATE THIS BATCH' }));
    expect(await screen.findByText(BATCH_RECOVERY_MSG.batchesValidated)).toBeTruthy();
    await waitFor(() => expect(books.invalidated()).toEqual(BOOK_KEYS));
  });

  it('deletes the batch after its warning and closes', async () => {
    const onClose = vi.fn();
    const { api, user, dialog } = await openValidateDialog(ALL_ACTIONS, {
      onClose,
      routes: {
        'DELETE /api/data-ingestion/batches/21': {
          body: {
            msg: 'Batch deleted successfully.',
            deleted: { batches: 1, batchAccounts: 4, batchFiles: 3, stagingRows: 40, storedFiles: 3 },
          },
        },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'DELETE BATCH' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Batch' });
    expect(within(confirm).getByText(MSG.deleteBatchWarning)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Batch deleted successfully.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/data-ingestion/batches/21')).toBe(1);
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'Failed to Delete Batch.' when the batch cannot be deleted", async () => {
    const { user, dialog } = await openValidateDialog(ALL_ACTIONS, {
      routes: { 'DELETE /api/data-ingestion/batches/21': { status: 500, body: {} } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'DELETE BATCH' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Batch' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BATCH_MSG.deleteFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Batch' })).toBeNull());
  });
});
