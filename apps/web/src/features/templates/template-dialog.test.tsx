import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import {
  TEMPLATE_MSG,
  type StoredTemplate,
  type TemplateListRow,
  type TemplatePreview,
} from '@tideline/contracts/templates/templates.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

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
      description: '2,3',
      amount: '4',
      headerStart: '2',
    },
  ],
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-01-03T12:00:00.000Z',
};
const LONG_HEADER = `Date,${'Description '.repeat(12)}`;
const ROWS: TemplateListRow[] = [
  { ...STORED, headerRowOrFirstCell: 'Statement', clientName: 'Acme', bankName: 'First National' },
  {
    ...STORED,
    templateId: 8,
    bankClientRelId: 6,
    templateType: 'Header',
    headerRow: LONG_HEADER,
    headerRowOrFirstCell: LONG_HEADER,
    clientName: 'Globex',
    bankName: 'First National',
  },
  {
    ...STORED,
    templateId: 9,
    bankClientRelId: 7,
    headerRowOrFirstCell: '',
    clientName: 'Initech',
    bankName: 'Bank Three',
  },
];
const ALL: Permission[] = ['VIEW_GLOBAL_SETTINGS', 'VIEW_TEMPLATES', 'MANAGE_TEMPLATES', 'DELETE_TEMPLATES'];

function openTemplates(routes: Record<string, FakeHandler | FakeResponse> = {}) {
  return openAppAs('/global-settings?tab=5', ALL, {
    'GET /api/templates/transaction': { body: ROWS },
    'GET /api/templates/all/Transaction/5': { body: [STORED] },
    'GET /api/templates/all/Transaction/7': { body: [] },
    ...routes,
  }).api;
}

async function openTemplate(client: string, bank = 'First National') {
  const user = userEvent.setup({ delay: null });
  await user.click(
    await screen.findByRole(
      'button',
      { name: `Actions for ${client} ${bank} template` },
      { timeout: 10_000 },
    ),
  );
  await user.click(await screen.findByRole('menuitem', { name: 'View/Edit Template' }));
  const dialog = await screen.findByRole('dialog', { name: /Manage Transactions Import Template/ });
  await within(dialog).findByLabelText('First Cell Text');
  return { user, dialog };
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;
async function retype(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('Templates tab and the transaction template dialog', { timeout: 30_000 }, () => {
  it('lists templates: Header Row/First Cell cut at 100 characters, --- if empty, and the Type', async () => {
    openTemplates();
    const long = await screen.findByText(`${LONG_HEADER.slice(0, 100)}...`, {}, { timeout: 10_000 });
    expect(within(long.closest('tr')!).getByText('Header Row')).toBeTruthy();
    expect(
      within(screen.getByRole('cell', { name: 'Initech' }).closest('tr')!).getByText('---'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('cell', { name: 'Acme' }).closest('tr')!).getByText('First Cell'),
    ).toBeTruthy();
  });

  it('gives every message of the transaction rules and saves flags as 1', async () => {
    const api = openTemplates({
      'POST /api/templates/manage': { body: { msg: TEMPLATE_MSG.saved, template: STORED } },
    });
    const { user, dialog } = await openTemplate('Initech', 'Bank Three');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // first cell, description, date, header start, account number, account number cell, amount
    expect(await within(dialog).findAllByText('Required!')).toHaveLength(7);

    await retype(user, field(dialog, 'First Cell Text'), 'Statement');
    await retype(user, field(dialog, 'Header Start'), '0');
    await retype(user, field(dialog, 'Description'), '2;3');
    await retype(user, field(dialog, 'Date'), 'x');
    await retype(user, field(dialog, 'Account Number Cell'), '1');
    await retype(user, field(dialog, 'Amount'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field has an invalid format.')).toBeTruthy();
    expect(within(dialog).getByText('Field must be a number.')).toBeTruthy();
    expect(within(dialog).getByText('Field must be 2 values.')).toBeTruthy();

    await retype(user, field(dialog, 'Description'), '2,3');
    await retype(user, field(dialog, 'Date'), '3');
    await retype(user, field(dialog, 'Account Number Cell'), '');
    await retype(user, field(dialog, 'Account Number'), '0');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Special case' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Column references must be unique.')).toHaveLength(2);
    expect(within(dialog).getByText('Should be empty!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/templates/manage')).toBe(0);

    // With the special case on, the account number comes from a cell (row,column).
    await retype(user, field(dialog, 'Account Number'), '');
    await retype(user, field(dialog, 'Account Number Cell'), '0,1');
    await retype(user, field(dialog, 'Date'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_MSG.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/templates/manage')?.body).toEqual({
      template: {
        bankClientRelId: 7,
        type: 'Transaction',
        templateType: 'Cell',
        headerRow: null,
        jsonTransform: [
          {
            cellHeaderData: 'Statement',
            headerStart: '0',
            description: '2,3',
            date: '1',
            amount: '4',
            accountNumberHeader: '0,1',
            specialCase: 1,
            dateFormat: 'Auto',
            decimalSeparator: 'dot',
          },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('needs the header row of a Header Row template; a failed save says the fallback', async () => {
    const api = openTemplates({ 'POST /api/templates/manage': { status: 500, body: {} } });
    const { user, dialog } = await openTemplate('Acme');
    expect(field(dialog, 'First Cell Text').value).toBe('Statement');
    await user.click(within(dialog).getByRole('radio', { name: 'Header Row' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Header Row' }),
      'Account,Date,Memo,Ref,Amount',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_MSG.editFailed)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/templates/manage')?.body).toMatchObject({
      template: { templateId: 7, templateType: 'Header', headerRow: 'Account,Date,Memo,Ref,Amount' },
    });
  });

  it('deletes a template only after confirming', async () => {
    const api = openTemplates({ 'DELETE /api/templates/7': { status: 500, body: {} } });
    const { user, dialog } = await openTemplate('Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Template' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/templates/7')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEMPLATE_MSG.deleteFailed)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/templates/7')).toBe(1);
  });

  it("says 'Failed to load template.' when the template cannot be loaded", async () => {
    openTemplates({ 'GET /api/templates/all/Transaction/6': { status: 500, body: {} } });
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Actions for Globex First National template' },
        { timeout: 10_000 },
      ),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'View/Edit Template' }));
    expect(await screen.findByText(TEMPLATE_MSG.loadFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews a dropped sample: the grid with 0-based numbers, then the rows produced', async () => {
    const preview: TemplatePreview = {
      format: 'csv',
      sheets: [
        {
          name: '',
          columnCount: 5,
          totalRows: 3,
          rows: [
            { rowIndex: 0, cells: ['Statement', '', '', '', ''] },
            { rowIndex: 1, cells: ['Acct', 'Date', 'Memo', 'Ref', 'Amount'] },
            { rowIndex: 2, cells: ['123', '01/02/2025', 'Payroll', 'A1', '-10.00'] },
          ],
        },
      ],
      matched: true,
      rows: [{ accountNumber: '123', date: '2025-01-02', description: 'Payroll A1', amount: -10 }],
      rowCount: 1,
      error: null,
    };
    const api = openTemplates({ 'POST /api/templates/preview': { body: preview } });
    const { dialog } = await openTemplate('Acme');
    const sample = new File(
      ['Statement\nAcct,Date,Memo,Ref,Amount\n123,01/02/2025,Payroll,A1,-10.00\n'],
      'sample.csv',
      {
        type: 'text/csv',
      },
    );
    fireEvent.change(within(dialog).getByLabelText('Sample file'), { target: { files: [sample] } });
    const grid = await within(dialog).findByRole('table', {
      name: 'Sample file with row and column numbers',
    });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', '0', '1', '2', '3', '4']);
    expect(within(grid).getByText('Payroll')).toBeTruthy();
    const produced = within(dialog).getByRole('table', { name: 'Rows the template produces' });
    expect(within(produced).getByText('Payroll A1')).toBeTruthy();
    const request = api.calls.find((c) => c.path === '/api/templates/preview')?.body as {
      file: { fileName: string; contentBase64: string };
      template: unknown;
    };
    expect(request.file.fileName).toBe('sample.csv');
    expect(atob(request.file.contentBase64)).toContain('Acct,Date,Memo');
    expect(request.template).toMatchObject({ type: 'Transaction', jsonTransform: [{ description: '2,3' }] });
  });
});
