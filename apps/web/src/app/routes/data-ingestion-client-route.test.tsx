import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import {
  TEMPLATE_MSG,
  type StoredTemplate,
  type TemplatePreview,
} from '@tideline/contracts/templates/templates.schemas';
import {
  batchOf,
  extractionFileOf,
  openReportOf,
} from '../../features/data-ingestion/data-ingestion.fixtures';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

// Spec 2 "Extraction Progress dialog" composed with the templates area: Create First Cell / Header Row
// Template open the relationship's template form set from the failed file (a new template unless one
// already matches it), the live preview reads that stored file, and saving asks to retry the file's
// extraction.

const STORED: StoredTemplate = {
  templateId: 7,
  bankClientRelId: 5,
  clientId: 1,
  type: 'Transaction',
  templateType: 'Cell',
  headerRow: null,
  jsonTransform: [
    {
      cellHeaderData: 'Statement',
      accountNumber: '0',
      date: '1',
      description: '2',
      amount: '4',
      headerStart: '2',
    },
  ],
  createdAt: '2026-01-03T12:00:00.000Z',
  updatedAt: '2026-01-03T12:00:00.000Z',
};
const FAILED = extractionFileOf({
  fileAuditId: 62,
  fileName: 'august.csv',
  fileStatus: 'Failed',
  extractionMessage: 'No template matched this file.',
  firstCell: 'Account Statement',
  headerRow: 'Posted,Account,Memo,Amount',
  headerRowNumber: 3,
});
const PREVIEW: TemplatePreview = {
  format: 'csv',
  sheets: [
    {
      name: '',
      columnCount: 4,
      totalRows: 2,
      rows: [
        { rowIndex: 0, cells: ['Account Statement', '', '', ''] },
        { rowIndex: 1, cells: ['Posted', 'Account', 'Memo', 'Amount'] },
      ],
    },
  ],
  matched: false,
  rows: [],
  rowCount: 0,
  error: null,
};
const PERMISSIONS: Permission[] = [
  'VIEW_OPEN_REPORTS',
  'VIEW_BATCHES',
  'VIEW_DATA_EXTRACTION_STATUS',
  'VIEW_TEMPLATES',
  'MANAGE_TEMPLATES',
];

async function startTemplate(action: string) {
  const { api } = openAppAs('/data-ingestion/1', PERMISSIONS, {
    'GET /api/data-ingestion/open-reports': {
      body: [openReportOf({ clientId: 1, clientName: 'Acme County' })],
    },
    'GET /api/data-ingestion/batches/all/1': { body: [batchOf({ batchId: 21, numberOfFiles: 1 })] },
    'GET /api/data-ingestion/extraction-status/21': { body: [FAILED] },
    'GET /api/templates/all/Transaction/5': { body: [STORED] },
    'POST /api/templates/preview': { body: PREVIEW },
    'POST /api/templates/manage': { body: { msg: TEMPLATE_MSG.saved } },
    'POST /api/data-ingestion/retry-extraction/': {
      body: { msg: '1 file(s) queued for extraction.', files: [] },
    },
  });
  const user = userEvent.setup({ delay: null });
  const table = await screen.findByRole('table', { name: 'Batches Ready for Files' }, { timeout: 20_000 });
  await user.click(await within(table).findByRole('button', { name: /^Actions for First National/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Extraction Progress' }));
  const progress = await screen.findByRole('dialog', { name: /^Extraction Progress/ });
  await user.click(await within(progress).findByRole('button', { name: 'Actions for august.csv' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
  // Found by its title: a role query over both open dialogs' many fields is slow in jsdom.
  const title = await screen.findByText('Manage Transactions Import Template', {}, { timeout: 20_000 });
  const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
  return { api, user, dialog };
}

describe('templates from the Extraction Progress dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('Create First Cell Template sets the first cell, previews the stored file, saves and asks to retry it', async () => {
    const { api, user, dialog } = await startTemplate('Create First Cell Template');
    expect(await within(dialog).findByRole('radio', { name: 'First Cell' })).toHaveProperty('checked', true);
    expect((within(dialog).getByLabelText(/First Cell Text/) as HTMLInputElement).value).toBe(
      'Account Statement',
    );
    const grid = await within(dialog).findByRole('table', {
      name: 'Sample file with row and column numbers',
    });
    expect(within(grid).getByText('Posted')).toBeTruthy();
    const preview = api.calls.find((c) => c.path === '/api/templates/preview')?.body as Record<
      string,
      unknown
    >;
    expect(preview.fileAuditId).toBe(62);
    expect(preview.file).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/templates/manage')).toBe(1));
    // A new template from the stored one's settings: the stored one reads another first cell.
    const saved = api.calls.find((c) => c.path === '/api/templates/manage')?.body as {
      template: Record<string, unknown>;
    };
    expect(saved.template.templateId).toBeUndefined();
    expect(saved).toMatchObject({
      template: {
        templateType: 'Cell',
        jsonTransform: [{ cellHeaderData: 'Account Statement', accountNumber: '0', amount: '4' }],
      },
    });
    const confirm = await screen.findByRole('dialog', { name: 'Retry Extraction' });
    expect(within(confirm).getByText('Are you sure you want to retry the extraction?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 file(s) queued for extraction.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/retry-extraction/')?.body).toEqual({
      fileAuditIds: [62],
    });
  });

  // Issue 42 point 3: a new template's columns come from the file's header, not STORED's layout.
  it('Create Header Row Template sets the header row, its row as Header Start and its columns', async () => {
    const { api, user, dialog } = await startTemplate('Create Header Row Template');
    expect(await within(dialog).findByRole('radio', { name: 'Header Row' })).toHaveProperty('checked', true);
    expect((within(dialog).getByRole('textbox', { name: 'Header Row' }) as HTMLInputElement).value).toBe(
      'Posted,Account,Memo,Amount',
    );
    expect((within(dialog).getByLabelText(/Header Start/) as HTMLInputElement).value).toBe('3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/templates/manage')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/templates/manage')?.body).toMatchObject({
      template: {
        templateType: 'Header',
        headerRow: 'Posted,Account,Memo,Amount',
        jsonTransform: [
          {
            headerStart: '3',
            cellHeaderData: 'Posted',
            date: '0',
            accountNumber: '1',
            description: '2',
            amount: '3',
          },
        ],
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Retry Extraction' })).toBeTruthy();
  });
});
