import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { batchOf, extractionFileOf, renderAlone, type Routes } from './data-ingestion.fixtures';
import { ExtractionProgressDialog } from './extraction-progress-dialog';

// Spec 2 "Extraction Progress dialog" and 9: the columns, the header row cut at 100 characters,
// selection on Failed rows only, every action behind MANAGE_TEMPLATES, the downloads, Retry Extraction
// with its question; every file is listed (the spec's dropping of the last 3 is not followed).

const LONG_HEADER = Array.from({ length: 30 }, (_, i) => `Column ${i}`).join(',');
const FILES: ExtractionFile[] = [
  extractionFileOf({ fileAuditId: 61, fileName: 'july.csv', headerRow: LONG_HEADER }),
  extractionFileOf({
    fileAuditId: 62,
    fileName: 'august.csv',
    fileStatus: 'Failed',
    extractionMessage: 'No template matched this file.',
    hasExcel: false,
  }),
  extractionFileOf({ fileAuditId: 63, fileName: 'september.csv', fileStatus: 'Failed', headerRow: null }),
  extractionFileOf({ fileAuditId: 64, fileName: 'october.csv', fileStatus: 'Queued' }),
  extractionFileOf({ fileAuditId: 65, fileName: 'november.csv', fileStatus: 'In Progress' }),
];
const BATCH = batchOf({ batchId: 21 });

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

async function openDialog(permList: Permission[], routes: Routes = {}) {
  const rendered = renderAlone(
    <ExtractionProgressDialog batch={BATCH} onClose={() => undefined} />,
    permList,
    {
      'GET /api/data-ingestion/extraction-status/21': { body: FILES },
      ...routes,
    },
  );
  const dialog = screen.getByRole('dialog', {
    name: 'Extraction Progress: Acme County / First National / Operating',
  });
  const table = within(dialog).getByRole('table', { name: 'Extraction Progress' });
  await within(table).findByText('july.csv');
  return { ...rendered, dialog, table };
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

async function menuItems(user: ReturnType<typeof renderAlone>['user'], table: HTMLElement, name: string) {
  await user.click(within(rowOf(table, name)).getByRole('button', { name: `Actions for ${name}` }));
  const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
  return items.map((i) => ({ label: i.textContent, disabled: i.getAttribute('aria-disabled') === 'true' }));
}

describe('Extraction Progress dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists every file with its columns and the header row cut at 100 characters', async () => {
    const { table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS']);
    expect(within(table).getAllByRole('row')).toHaveLength(FILES.length + 1);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File Name', 'Header Row', 'Status', 'Message', 'Date, sorted descending']);
    expect(within(rowOf(table, 'july.csv')).getByText(`${LONG_HEADER.slice(0, 100)}...`)).toBeTruthy();
    expect(within(rowOf(table, 'september.csv')).getAllByText('---').length).toBeGreaterThan(0);
    expect(within(rowOf(table, 'august.csv')).getByText('No template matched this file.')).toBeTruthy();
    expect(within(rowOf(table, 'august.csv')).getByText('07/03/2026')).toBeTruthy();
  });

  it('offers no action and no selection without MANAGE_TEMPLATES', async () => {
    const { table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS']);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry Extraction' })).toBeNull();
  });

  it('selects only Failed rows', async () => {
    const { table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS', 'MANAGE_TEMPLATES']);
    const boxes = within(table)
      .getAllByRole('checkbox')
      .map((b) => b.getAttribute('aria-label'));
    expect(boxes).toEqual(['Select all rows on this page', 'Select august.csv', 'Select september.csv']);
  });

  it('offers the downloads, Excel only with an Excel copy, and Retry only on a Failed file', async () => {
    const { user, table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS', 'MANAGE_TEMPLATES']);
    expect((await menuItems(user, table, 'july.csv')).map((i) => i.label)).toEqual([
      'Download Source File',
      'Download Excel File',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect((await menuItems(user, table, 'august.csv')).map((i) => i.label)).toEqual([
      'Download Source File',
      'Retry Extraction',
    ]);
  });

  it('downloads the source file and its Excel grid by signed links', async () => {
    const { api, user, table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS', 'MANAGE_TEMPLATES'], {
      'GET /api/data-ingestion/download/61': { body: { url: '/api/files/download?sig=src' } },
      'GET /api/data-ingestion/download-excel/61': { body: { url: '/api/files/download?sig=xlsx' } },
      'GET /api/files/download?sig=src': { body: 'a,b' },
      'GET /api/files/download?sig=xlsx': { body: 'x' },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await menuItems(user, table, 'july.csv');
      await user.click(screen.getByRole('menuitem', { name: 'Download Source File' }));
      await waitFor(() => expect(saved).toEqual(['july.csv']));
      await menuItems(user, table, 'july.csv');
      await user.click(screen.getByRole('menuitem', { name: 'Download Excel File' }));
      await waitFor(() => expect(saved).toEqual(['july.csv', 'july.xlsx']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect((await screen.findAllByText(EXTRACTION_MSG.downloaded)).length).toBeGreaterThan(0);
    expect(
      api.calls.find((c) => c.path === '/api/files/download?sig=xlsx')?.headers.Authorization,
    ).toBeUndefined();
  });

  it("retries the selected failed files after the spec's question", async () => {
    const { api, user, table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS', 'MANAGE_TEMPLATES'], {
      'POST /api/data-ingestion/retry-extraction/': {
        body: { msg: '2 file(s) queued for extraction.', files: [] },
      },
    });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Retry Extraction' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retry Extraction' });
    expect(within(confirm).getByText('Are you sure you want to retry the extraction?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 file(s) queued for extraction.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/retry-extraction/')?.body).toEqual({
      fileAuditIds: [62, 63],
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/extraction-status/21')).toBe(2));
  });

  it("says 'Failed to retry file(s).' when the retry fails without a reason", async () => {
    const { user, table } = await openDialog(['VIEW_DATA_EXTRACTION_STATUS', 'MANAGE_TEMPLATES'], {
      'POST /api/data-ingestion/retry-extraction/': { status: 500, body: {} },
    });
    await menuItems(user, table, 'august.csv');
    await user.click(screen.getByRole('menuitem', { name: 'Retry Extraction' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retry Extraction' });
    await user.click(within(confirm).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(EXTRACTION_MSG.retryFailed)).toBeTruthy();
  });
});
