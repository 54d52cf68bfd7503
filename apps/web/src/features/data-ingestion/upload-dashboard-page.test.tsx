import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import { BATCH_MSG } from '@tideline/contracts/data-ingestion/batches.schemas';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { batchOf, openReportOf, type Routes } from './data-ingestion.fixtures';

// Spec 2 "client upload dashboard": the gated tabs, 'Batches Ready for Files' with its columns, row
// actions and their gates, the Batches filter dialog, and Pull Transaction Data.

const BATCHES = [
  batchOf({
    batchId: 21,
    bankName: 'First National',
    numberOfFiles: 2,
    status: 'IN PROGRESS',
    hasNotes: true,
  }),
  batchOf({
    batchId: 22,
    bankName: 'Prairie Trust',
    accountName: 'Reserve Group',
    templateType: 'Treasury',
    collectionType: 'Plaid',
    createdAt: '2026-07-05T12:00:00.000Z',
  }),
];
const ALL_ACTIONS: Permission[] = [
  'VIEW_BATCHES',
  'UPLOAD_FILES',
  'VIEW_ACCOUNT_BATCHES',
  'VIEW_DATA_EXTRACTION_STATUS',
  'ADD_NOTES',
  'VIEW_NOTES',
];

function open(permList: Permission[], routes: Routes = {}, path = '/data-ingestion/1') {
  const opened = openAppAs(path, ['VIEW_OPEN_REPORTS', ...permList], {
    'GET /api/data-ingestion/open-reports': {
      body: [openReportOf({ clientId: 1, clientName: 'Acme County' })],
    },
    'GET /api/data-ingestion/batches/all/1': { body: BATCHES },
    ...routes,
  });
  return { ...opened, user: userEvent.setup({ delay: null }) };
}

const batchesTable = () =>
  screen.findByRole('table', { name: 'Batches Ready for Files' }, { timeout: 20_000 });
const rowOf = async (bank: string) => (await within(await batchesTable()).findByText(bank)).closest('tr')!;

async function menuOf(user: ReturnType<typeof userEvent.setup>, bank: string) {
  const row = await rowOf(bank);
  await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('upload dashboard', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows each tab with its permission, the client and the Upload Dashboard header', async () => {
    open([
      'VIEW_BATCHES',
      'VIEW_NOTES',
      'VIEW_INVESTMENTS',
      'VIEW_INSTITUTION_TYPES',
      'VIEW_NEGOTIATED_RATES',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Data Ingestion: Upload Dashboard' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Acme County')).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Upload dashboard' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Data Ingestion',
      'Notes',
      'Investments',
      'Institution Types',
      'Negotiated Rates',
      'Templates',
    ]);
    expect(screen.getByRole('tab', { name: 'Upload & Validation' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Validation History' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Open Reports' }).getAttribute('href')).toBe(
      '/data-ingestion',
    );
  });

  it('leaves out the tabs of other areas without their permissions', async () => {
    open(['VIEW_BATCHES']);
    await batchesTable();
    const tabs = within(screen.getByRole('tablist', { name: 'Upload dashboard' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Data Ingestion']);
  });

  it('lists the batches newest first with every column', async () => {
    open(['VIEW_BATCHES']);
    const table = await batchesTable();
    await within(table).findByText('Prairie Trust');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Bank',
      'Account/Group',
      'Type',
      'Created Date, sorted descending',
      '# of Files',
      'Collection Type',
      'Validation Status',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Prairie Trust');
    expect(within(rows[0]!).getByText('Analysis')).toBeTruthy();
    expect(within(rows[0]!).getByText('Reserve Group')).toBeTruthy();
    expect(within(rows[0]!).getByText('Plaid')).toBeTruthy();
    expect(within(rows[0]!).getByText('NOT STARTED')).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: 'Has notes' })).toBeTruthy();
    expect(within(rows[1]!).getByText('07/02/2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('2')).toBeTruthy();
  });

  it('offers each row action with its permission; Pull only for Plaid or Munitrust, View Notes only with notes', async () => {
    const { user } = open(ALL_ACTIONS);
    expect(await menuOf(user, 'First National')).toEqual([
      'Upload Files',
      'Validate Uploads',
      'Extraction Progress',
      'Add Note',
      'View Notes',
    ]);
    expect(await menuOf(user, 'Prairie Trust')).toEqual([
      'Pull Transaction Data',
      'Upload Files',
      'Validate Uploads',
      'Extraction Progress',
      'Add Note',
    ]);
  });

  it("asks first before files reach a validated batch, whose report then reads 'New Files Added'", async () => {
    const validated = batchOf({
      batchId: 23,
      bankName: 'Harbor Bank',
      status: 'VALIDATED',
      collectionType: 'Plaid',
    });
    const { api, user } = open(['VIEW_BATCHES', 'UPLOAD_FILES'], {
      'GET /api/data-ingestion/batches/all/1': { body: [validated] },
      'POST /api/data-ingestion/pull-transactions': {
        body: { msg: 'Pulled 2 transactions.', fileAuditId: 91, rowCount: 2, unmatchedAccounts: [] },
      },
    });
    const openAction = async (name: string) => {
      await user.click(within(await rowOf('Harbor Bank')).getByRole('button', { name: /^Actions for/ }));
      const item = await screen.findByRole('menuitem', { name });
      expect(item.getAttribute('aria-disabled')).toBeNull();
      await user.click(item);
      return screen.findByRole('dialog', { name: BATCH_MSG.validatedTitle });
    };
    let confirm = await openAction('Upload Files');
    expect(within(confirm).getByText(BATCH_MSG.addToValidated)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    confirm = await openAction('Upload Files');
    await user.click(within(confirm).getByRole('button', { name: 'Upload Files' }));
    expect(await screen.findByRole('dialog', { name: /^Upload Batch: / })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'CANCEL UPLOAD' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    confirm = await openAction('Pull Transaction Data');
    expect(api.calls.some((c) => c.path === '/api/data-ingestion/pull-transactions')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Pull Transaction Data' }));
    expect(await screen.findByText('Pulled 2 transactions.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/pull-transactions')?.body).toMatchObject({
      batchId: 23,
    });
  });

  it('hides what the user may not do', async () => {
    const { user } = open(['VIEW_BATCHES', 'VIEW_DATA_EXTRACTION_STATUS']);
    expect(await menuOf(user, 'Prairie Trust')).toEqual(['Extraction Progress']);
  });

  it('has no actions column without any action permission', async () => {
    open(['VIEW_BATCHES']);
    const table = await batchesTable();
    await within(table).findByText('Prairie Trust');
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('pulls transaction data and shows the answer as the message', async () => {
    const msg = 'Pulled 14 transactions from Plaid.';
    const { api, user } = open(['VIEW_BATCHES', 'UPLOAD_FILES'], {
      'POST /api/data-ingestion/pull-transactions': {
        body: { msg, fileAuditId: 90, rowCount: 14, unmatchedAccounts: [] },
      },
    });
    await user.click(within(await rowOf('Prairie Trust')).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pull Transaction Data' }));
    expect(await screen.findByText(msg)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/pull-transactions')?.body).toEqual({
      batchId: 22,
      userId: 3,
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/batches/all/1')).toBe(2));
  });

  it('filters the batches with the Batches filter dialog', async () => {
    const { user } = open(['VIEW_BATCHES']);
    const table = await batchesTable();
    await within(table).findByText('Prairie Trust');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    for (const label of ['Bank', 'Account Type', 'Template Type', 'Validation Status']) {
      expect(within(dialog).getByRole('combobox', { name: label })).toBeTruthy();
    }
    expect(within(dialog).getByRole('group', { name: 'Creation Date' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Number of Files' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'CLEAR FILTERS' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'CLOSE' })).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Template Type' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Balance');
    await user.click(options.find((o) => o.textContent === 'Analysis')!);
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() => expect(within(table).queryByText('First National')).toBeNull());
    expect(within(table).getByText('Prairie Trust')).toBeTruthy();
  });
});
