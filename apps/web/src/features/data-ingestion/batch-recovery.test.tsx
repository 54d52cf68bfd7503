import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import {
  BATCH_RECOVERY_MSG as MSG,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { BatchesTable } from './batches-table';
import { ACCOUNTS, ALL_ACTIONS, openValidateDialog } from './batch-validation.fixtures';
import { batchOf, extractionFileOf, renderAlone, type Routes } from './data-ingestion.fixtures';
import { ingestionKeys } from './data-ingestion.queries';

// Issue 42 points 2 and 3 on the upload dashboard: failed extractions counted on the batch row (the way
// to them), several batches validated in one action from the selected rows, and a file uploaded to
// the wrong batch removed from the Validate Batch dialog's BATCH FILES.

const BATCHES = [
  batchOf({
    batchId: 21,
    bankName: 'First National',
    numberOfFiles: 3,
    status: 'EXTRACTION FAILED',
    failedCount: 2,
  }),
  batchOf({
    batchId: 22,
    bankName: 'Prairie Trust',
    accountName: 'Reserve',
    numberOfFiles: 1,
    status: 'IN PROGRESS',
  }),
  batchOf({ batchId: 23, bankName: 'Lakeside Bank', accountName: 'Sweep', status: 'VALIDATED' }),
];

function openTable(permList: Permission[], routes: Routes = {}) {
  return renderAlone(<BatchesTable clientId={1} slots={{}} />, ['VIEW_BATCHES', ...permList], {
    'GET /api/data-ingestion/batches/all/1': { body: BATCHES },
    'GET /api/data-ingestion/extraction-status/21': { body: [] },
    ...routes,
  });
}

const table = () => screen.findByRole('table', { name: 'Batches Ready for Files' });
const rowOf = async (bank: string) => (await within(await table()).findByText(bank)).closest('tr')!;

function answerOf(closed: boolean[]): BatchesValidatedInOneStep {
  const done = closed.filter(Boolean).length;
  return {
    msg: done === closed.length ? MSG.batchesValidated : MSG.batchesPartlyValidated(done, closed.length),
    batches: closed.map((batchValidated, i) => ({
      batchId: 21 + i,
      batch: `${BATCHES[i]!.bankName} / Operating (Transaction)`,
      validatedAccounts: ['Operating'],
      accountsLeft: batchValidated
        ? []
        : [{ batchAccountId: 9, account: 'Reserve', reason: 'Reserve has 1 possible duplicate to decide.' }],
      promoted: null,
      batchValidated,
      refusal: null,
    })),
  };
}

async function selectAndValidate(user: ReturnType<typeof openTable>['user'], banks: string[]) {
  for (const bank of banks) {
    await user.click(within(await rowOf(bank)).getByRole('checkbox'));
  }
  await user.click(await screen.findByRole('button', { name: 'Validate Batches' }));
}

describe('batch rows and recovery', { timeout: UI_TEST_TIMEOUT }, () => {
  it("counts a batch's failed files on its row, as the way to Extraction Progress", async () => {
    const { user } = openTable(['VIEW_DATA_EXTRACTION_STATUS']);
    const row = await rowOf('First National');
    expect(within(row).getByText('EXTRACTION FAILED')).toBeTruthy();
    // No count on a batch without failed files.
    expect(within(await rowOf('Prairie Trust')).queryByText(/failed/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: '2 failed: open Extraction Progress' }));
    expect(await screen.findByRole('dialog', { name: /^Extraction Progress: / })).toBeTruthy();
  });

  it('shows the count without a way to it to whoever may not open Extraction Progress', async () => {
    openTable([]);
    const row = await rowOf('First National');
    expect(within(row).getByText('2 failed')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /failed/ })).toBeNull();
  });

  it("validates the selected open batches in one action: 'Batches Validated Successfully'", async () => {
    const { api, user } = openTable(['VALIDATE_BATCHES', 'VALIDATE_ACCOUNT_BATCHES'], {
      'PUT /api/data-ingestion/batches/validate-all': { body: answerOf([true, true]) },
    });
    // A validated batch cannot be selected.
    expect(within(await rowOf('Lakeside Bank')).queryByRole('checkbox')).toBeNull();
    await selectAndValidate(user, ['First National', 'Prairie Trust']);
    expect(await screen.findByText(MSG.batchesValidated)).toBeTruthy();
    const body = api.calls.find((c) => c.path === '/api/data-ingestion/batches/validate-all')?.body as {
      batches: { batchId: number }[];
    };
    expect(body.batches.map((b) => b.batchId).sort()).toEqual([21, 22]);
  });

  it('lists what it left, and why, when a batch stays open', async () => {
    const { user } = openTable(['VALIDATE_BATCHES', 'VALIDATE_ACCOUNT_BATCHES'], {
      'PUT /api/data-ingestion/batches/validate-all': { body: answerOf([true, false]) },
    });
    await selectAndValidate(user, ['First National', 'Prairie Trust']);
    const result = await screen.findByRole('dialog', { name: MSG.resultTitle });
    expect(within(result).getByText(MSG.batchesPartlyValidated(1, 2))).toBeTruthy();
    expect(within(result).getByText('Reserve has 1 possible duplicate to decide.')).toBeTruthy();
    expect(within(result).getByText('Validated.')).toBeTruthy();
  });

  it("says 'Failed to Validate Batches.' when the action fails", async () => {
    const { user } = openTable(['VALIDATE_BATCHES', 'VALIDATE_ACCOUNT_BATCHES'], {
      'PUT /api/data-ingestion/batches/validate-all': { status: 500, body: {} },
    });
    await selectAndValidate(user, ['Prairie Trust']);
    expect(await screen.findByText(MSG.validateBatchesFailed)).toBeTruthy();
  });

  it('offers no selection without the permission to validate accounts', async () => {
    openTable(['VALIDATE_BATCHES']);
    expect(within(await rowOf('Prairie Trust')).queryByRole('checkbox')).toBeNull();
  });
});

describe('BATCH FILES in the Validate Batch dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  const FILES = [
    extractionFileOf({ fileAuditId: 61, fileName: 'july.csv' }),
    extractionFileOf({
      fileAuditId: 62,
      fileName: 'sweep.csv',
      fileStatus: 'Failed',
      extractionMessage:
        'sweep.csv: the file has rows for accounts that are not in this batch: 0009 (Sweep).',
    }),
    extractionFileOf({ fileAuditId: 63, fileName: 'august.csv', fileStatus: 'Queued' }),
  ];

  async function openFiles(permList: Permission[], routes: Routes = {}) {
    const opened = await openValidateDialog(['VIEW_DATA_EXTRACTION_STATUS', ...permList], {
      accounts: ACCOUNTS,
      routes: { 'GET /api/data-ingestion/extraction-status/21': { body: FILES }, ...routes },
    });
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'BATCH FILES' }));
    const files = await screen.findByRole('dialog', { name: /^Batch Files: / });
    await within(files).findByText('sweep.csv');
    return { ...opened, files };
  }

  async function menuOf(
    user: Awaited<ReturnType<typeof openFiles>>['user'],
    files: HTMLElement,
    name: string,
  ) {
    const row = within(files).getByText(name).closest('tr')!;
    const button = within(row).queryByRole('button', { name: `Actions for ${name}` });
    if (!button) return [];
    await user.click(button);
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    return items;
  }

  it('removes a file from its batch after the confirmation, and reads the batch again', async () => {
    const { api, user, files, queryClient } = await openFiles([...ALL_ACTIONS, 'UPLOAD_FILES'], {
      'DELETE /api/data-ingestion/batch-files/62': {
        body: { msg: MSG.fileRemoved, removed: { stagingRows: 0, storedFiles: 1 } },
      },
    });
    expect(within(files).getByText(FILES[1]!.extractionMessage!)).toBeTruthy();
    // Files being read cannot be removed.
    expect(await menuOf(user, files, 'august.csv')).toEqual([]);
    const row = within(files).getByText('sweep.csv').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for sweep.csv' }));
    await user.click(await screen.findByRole('menuitem', { name: MSG.removeFileLabel }));
    const confirm = await screen.findByRole('dialog', { name: MSG.removeFileTitle });
    expect(within(confirm).getByText(MSG.removeFileConfirmation('sweep.csv'))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MSG.fileRemoved)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/data-ingestion/batch-files/62')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.removeFileTitle })).toBeNull());
    expect(queryClient.getQueryState(ingestionKeys.batches(1))?.isInvalidated).toBe(true);
  });

  it("says the server's reason when the removal is refused", async () => {
    const { user, files } = await openFiles(['UPLOAD_FILES'], {
      'DELETE /api/data-ingestion/batch-files/61': {
        status: 409,
        body: { msg: MSG.fileValidated('july.csv') },
      },
    });
    const row = within(files).getByText('july.csv').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for july.csv' }));
    await user.click(await screen.findByRole('menuitem', { name: MSG.removeFileLabel }));
    const confirm = await screen.findByRole('dialog', { name: MSG.removeFileTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MSG.fileValidated('july.csv'))).toBeTruthy();
  });

  it('lists the files without Remove From Batch to whoever may not upload', async () => {
    const { files } = await openFiles([]);
    expect(within(files).queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
