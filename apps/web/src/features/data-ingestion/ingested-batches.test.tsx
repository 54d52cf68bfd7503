import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { historyRowOf, openReportOf, type Routes } from './data-ingestion.fixtures';

// Spec 2: tab 1 'Dashboard' of the upload dashboard, the table 'Ingested Batches' (GET
// /api/data-ingestion/validation/{clientId}), and its Validated Files dialog with the downloads.

const HISTORY = [
  historyRowOf({
    batchId: 31,
    bankName: 'First National',
    completedAt: '2026-04-20T12:00:00.000Z',
    totalFiles: 2,
    files: [
      {
        fileAuditId: 71,
        uploadedFileName: 'april.csv',
        fileStatus: 'Validated',
        dataExtractionMsg: null,
        updatedAt: '2026-04-20T12:00:00.000Z',
      },
      {
        fileAuditId: 72,
        uploadedFileName: 'march.csv',
        fileStatus: 'Validated',
        dataExtractionMsg: null,
        updatedAt: '2026-04-19T12:00:00.000Z',
      },
    ],
  }),
  historyRowOf({
    batchId: 32,
    bankName: 'Harbor Bank',
    templateType: 'Treasury',
    completedAt: '2026-05-20T12:00:00.000Z',
  }),
];

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function open(permList: Permission[], routes: Routes = {}) {
  const opened = openAppAs(
    '/data-ingestion/1?view=history',
    ['VIEW_OPEN_REPORTS', 'VIEW_VALIDATION_HISTORY', ...permList],
    {
      'GET /api/data-ingestion/open-reports': {
        body: [openReportOf({ clientId: 1, clientName: 'Acme County' })],
      },
      'GET /api/data-ingestion/validation/1': { body: HISTORY },
      ...routes,
    },
  );
  return { ...opened, user: userEvent.setup({ delay: null }) };
}

async function openValidatedFiles(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('table', { name: 'Ingested Batches' }, { timeout: 20_000 });
  const row = (await within(table).findByText('First National')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Download file' }));
  return screen.findByRole('dialog', { name: 'Validated Files: First National / Operating' });
}

describe('Ingested Batches and Validated Files', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the validated batches, newest completed first, under the Dashboard header', async () => {
    open(['DOWNLOAD_FILES']);
    expect(
      await screen.findByRole('heading', { name: 'Data Ingestion: Dashboard' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Dashboard', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Ingested Batches' });
    await within(table).findByText('Harbor Bank');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Harbor Bank');
    expect(within(rows[0]!).getByText('Analysis')).toBeTruthy();
    expect(within(rows[1]!).getByText('04/20/2026')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Bank',
      'Account/Group',
      'Type',
      'Created Date',
      'Total Files',
      'Completed Date, sorted descending',
      'Overrides',
      'Actions',
    ]);
  });

  // Issue 42 point 7: 'Download file' needs DOWNLOAD_FILES; without it no actions button is left.
  it("hides 'Download file' and its actions button without DOWNLOAD_FILES", async () => {
    open([]);
    const table = await screen.findByRole('table', { name: 'Ingested Batches' }, { timeout: 20_000 });
    await within(table).findByText('First National');
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it("lists a batch's files, each with its download icon", async () => {
    const { user } = open(['DOWNLOAD_FILES']);
    const dialog = await openValidatedFiles(user);
    expect(within(dialog).getByText('april.csv')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Download the validated file of april.csv' }),
    ).toBeTruthy();
  });

  it('downloads the validated file (name and kind sent) by its signed link, without the authorization header', async () => {
    const { api, user } = open(['DOWNLOAD_FILES'], {
      'POST /api/data-ingestion/download/71': { body: { url: '/api/files/download?sig=71' } },
      'GET /api/files/download?sig=71': { body: 'a,b' },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    const dialog = await openValidatedFiles(user);
    await user.click(
      within(dialog).getByRole('button', { name: 'Download the validated file of april.csv' }),
    );
    expect(await screen.findByText(EXTRACTION_MSG.downloaded)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/download/71')).toMatchObject({
      method: 'POST',
      body: { fileName: 'april.csv', stageFolderName: 'validated' },
    });
    const fileCall = api.calls.find((c) => c.path === '/api/files/download?sig=71')!;
    expect(fileCall.headers.Authorization).toBeUndefined();
  });

  it("says 'Failed to download file.' when the link cannot be had", async () => {
    const { user } = open(['DOWNLOAD_FILES'], {
      'POST /api/data-ingestion/download/72': { status: 500, body: {} },
    });
    const dialog = await openValidatedFiles(user);
    await user.click(
      within(dialog).getByRole('button', { name: 'Download the validated file of march.csv' }),
    );
    expect(await screen.findByText(EXTRACTION_MSG.downloadFailed)).toBeTruthy();
  });
});
