import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { batchAccountOf, batchOf, openReportOf, type Routes } from './data-ingestion.fixtures';

// The upload dashboard's batch dialogs: Validate Uploads (spec 2 "Validate Batch dialog" columns and
// title; its actions are tested in batch-account-actions and batch-validation-footer), Add Note and View
// Notes (the notes area's batch scope).

const TRANSACTION = batchOf({ batchId: 21, hasNotes: true });
const TREASURY = batchOf({
  batchId: 22,
  bankName: 'Prairie Trust',
  accountName: 'Reserve Group',
  templateType: 'Treasury',
});
const INVESTMENT = batchOf({
  batchId: 23,
  bankName: 'Harbor Bank',
  templateType: 'Investment',
  accountName: 'Ladder',
});

function open(permList: Permission[], routes: Routes = {}) {
  const opened = openAppAs('/data-ingestion/1', ['VIEW_OPEN_REPORTS', 'VIEW_BATCHES', ...permList], {
    'GET /api/data-ingestion/open-reports': {
      body: [openReportOf({ clientId: 1, clientName: 'Acme County' })],
    },
    'GET /api/data-ingestion/batches/all/1': { body: [TRANSACTION, TREASURY, INVESTMENT] },
    ...routes,
  });
  return { ...opened, user: userEvent.setup({ delay: null }) };
}

async function chooseAction(user: ReturnType<typeof userEvent.setup>, bank: string, action: string) {
  const table = await screen.findByRole('table', { name: 'Batches Ready for Files' }, { timeout: 20_000 });
  const row = (await within(table).findByText(bank)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('batch dialogs of the upload dashboard', { timeout: UI_TEST_TIMEOUT }, () => {
  it("Validate Uploads lists a batch's accounts with the spec's columns, without actions to a viewer", async () => {
    const { user } = open(['VIEW_ACCOUNT_BATCHES'], {
      'GET /api/data-ingestion/accounts/all/21': {
        body: [
          batchAccountOf({ batchAccountId: 1 }),
          batchAccountOf({
            batchAccountId: 2,
            accountName: 'Payroll',
            account: '0009',
            status: 'Needs Files',
            startDate: null,
            endDate: null,
            startBalance: null,
            endBalance: null,
          }),
        ],
      },
    });
    await chooseAction(user, 'First National', 'Validate Uploads');
    const dialog = await screen.findByRole('dialog', { name: 'Acme County / First National / Transaction' });
    const table = within(dialog).getByRole('table', { name: 'Accounts' });
    await within(table).findByText('Operating - 0001234');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Account',
      'First Transaction Date',
      'Last Transaction Date',
      'Start Balance',
      'End Balance',
      'Reconciliation',
      'Status',
    ]);
    const first = within(table).getByText('Operating - 0001234').closest('tr')!;
    expect(within(first).getByText('07/01/2026')).toBeTruthy();
    expect(within(first).getByText('$2,500.50')).toBeTruthy();
    expect(within(first).getByText('Needs Validation')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'VALIDATE THIS BATCH' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('titles a treasury batch Analysis Statements with Section Type and Total Charges', async () => {
    const { user } = open(['VIEW_ACCOUNT_BATCHES'], {
      'GET /api/data-ingestion/accounts/all/22': {
        body: [
          batchAccountOf({
            batchAccountId: 5,
            batchId: 22,
            accountId: null,
            account: null,
            accountName: null,
            type: 'Fees',
            totalCharges: 125.4,
          }),
        ],
      },
    });
    await chooseAction(user, 'Prairie Trust', 'Validate Uploads');
    const dialog = await screen.findByRole('dialog', {
      name: 'Acme County / Prairie Trust / Treasury Services / Analysis Statements',
    });
    const table = within(dialog).getByRole('table', { name: 'Analysis Statements' });
    await within(table).findByText('Fees');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Section Type', 'Total Charges', 'Status']);
    expect(within(table).getByText('$125.40')).toBeTruthy();
    await user.hover(within(table).getByRole('button', { name: 'Total Charges' }));
    expect(await screen.findByRole('tooltip', { name: 'Total eligible charges.' })).toBeTruthy();
  });

  it("titles an investment batch '... / Investments', not 'Investment Investments'", async () => {
    const { user } = open(['VIEW_ACCOUNT_BATCHES'], {
      'GET /api/data-ingestion/accounts/all/23': { body: [] },
    });
    await chooseAction(user, 'Harbor Bank', 'Validate Uploads');
    const dialog = await screen.findByRole('dialog', {
      name: 'Acme County / Harbor Bank / Investments',
    });
    expect(await within(dialog).findByText('No Results.')).toBeTruthy();
  });

  it('adds a note linked to the batch', async () => {
    const { api, user } = open(['ADD_NOTES'], {
      'GET /api/notes/categories/list': { body: [] },
      'GET /api/users/list': { body: [] },
      'POST /api/notes/add': { status: 201, body: { msg: 'Note added successfully.' } },
    });
    await chooseAction(user, 'First National', 'Add Note');
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' }, { timeout: 20_000 });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Statement late');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Bank resends Friday.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notes/add')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/add')?.body).toMatchObject({
      note: { tableLinkedTo: 'batches', linkedId: 21, noteTitle: 'Statement late' },
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/batches/all/1')).toBe(2));
  });

  it("View Notes shows the batch's notes", async () => {
    const { user } = open(['VIEW_NOTES'], {
      'GET /api/notes/batch/21': {
        body: [
          {
            noteId: 7,
            noteTitle: 'Statement late',
            noteDescription: 'Bank resends Friday.',
            author: 'Grace Hopper',
            authorId: 3,
            createdAt: '2026-07-04T12:00:00.000Z',
            updatedAt: '2026-07-04T12:00:00.000Z',
            commentCount: 0,
            noteCategoryIds: [],
            noteCategoryNames: [],
            taggedUserIds: [],
            taggedUsers: [],
            tableLinkedTo: 'batches',
            linkedId: 21,
            userReference: 'First National',
            isResolved: false,
            resolvedAt: null,
            resolvedBy: null,
          },
        ],
      },
    });
    await chooseAction(user, 'First National', 'View Notes');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Notes: First National / Operating' },
      { timeout: 20_000 },
    );
    expect(await within(dialog).findByText('Statement late')).toBeTruthy();
  });
});
