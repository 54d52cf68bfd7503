import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

// A template stored before issue 15: no date format, decimal separator or balance column.
const STORED: StoredTemplate = {
  templateId: 7,
  bankClientRelId: 5,
  clientId: 1,
  type: 'Transaction',
  templateType: 'Cell',
  headerRow: null,
  jsonTransform: [
    {
      cellHeaderData: 'Acct',
      accountNumber: '0',
      date: '1',
      description: '2',
      amount: '3',
      headerStart: '0',
    },
  ],
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-01-03T12:00:00.000Z',
};
const ROW: TemplateListRow = {
  ...STORED,
  headerRowOrFirstCell: 'Acct',
  clientName: 'Acme',
  bankName: 'First National',
};
const ALL: Permission[] = ['VIEW_GLOBAL_SETTINGS', 'VIEW_TEMPLATES', 'MANAGE_TEMPLATES', 'DELETE_TEMPLATES'];
const AMBIGUOUS =
  'The dates in column 1 could be day/month or month/day (all days are 12 or less, such as "01/02/2025"). ' +
  'Choose the date format MM/DD/YYYY or DD/MM/YYYY in the template.';
const SHEET: TemplatePreview['sheets'][number] = {
  name: '',
  columnCount: 5,
  totalRows: 3,
  rows: [
    { rowIndex: 0, cells: ['Acct', 'Date', 'Memo', 'Amount', 'Balance'] },
    { rowIndex: 1, cells: ['123', '01/02/2025', 'Payroll', '1.000,00', '1.000,00'] },
    { rowIndex: 2, cells: ['123', '03/02/2025', 'Rent', '-204,50', '1.204,50'] },
  ],
};

async function openTemplate(routes: Record<string, FakeHandler | FakeResponse>) {
  const { api } = openAppAs('/global-settings?tab=5', ALL, {
    'GET /api/templates/transaction': { body: [ROW] },
    'GET /api/templates/all/Transaction/5': { body: [STORED] },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'Actions for Acme First National template' },
      { timeout: 10_000 },
    ),
  );
  await user.click(await screen.findByRole('menuitem', { name: 'View/Edit Template' }));
  const dialog = await screen.findByRole('dialog', { name: /Manage Transactions Import Template/ });
  await within(dialog).findByLabelText('First Cell Text');
  return { api, user, dialog };
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function dropSample(dialog: HTMLElement) {
  const sample = new File(['Acct,Date,Memo,Amount\n123,01/02/2025,Payroll,"1.000,00"\n'], 'sample.csv', {
    type: 'text/csv',
  });
  fireEvent.change(within(dialog).getByLabelText('Sample file'), { target: { files: [sample] } });
}

describe('date format, decimal separator and balance column (issue 15)', { timeout: 30_000 }, () => {
  it('shows Auto and dot for a template stored without them, and saves what the user chooses', async () => {
    const { api, user, dialog } = await openTemplate({
      'POST /api/templates/manage': { body: { msg: TEMPLATE_MSG.saved, template: STORED } },
    });
    expect(within(dialog).getByRole('combobox', { name: 'Date Format' }).textContent).toBe(
      'Auto (from the file)',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Decimal Separator' }).textContent).toBe(
      'Dot (1,234.56)',
    );
    await choose(user, dialog, 'Date Format', 'DD/MM/YYYY');
    await choose(user, dialog, 'Decimal Separator', 'Comma (1.234,56)');
    await user.type(within(dialog).getByLabelText('Balance'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_MSG.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/templates/manage')?.body).toMatchObject({
      template: {
        templateId: 7,
        jsonTransform: [{ date: '1', dateFormat: 'DD/MM/YYYY', decimalSeparator: 'comma', balance: '4' }],
      },
    });
  });

  it('previews the Auto refusal, then the rows once a format is chosen', async () => {
    const answer: FakeHandler = ({ body }) => {
      const transform = (body as { template: { jsonTransform: [Record<string, string>] } }).template
        .jsonTransform[0];
      if (transform.dateFormat === 'DD/MM/YYYY' && transform.decimalSeparator === 'comma') {
        const rows = [{ accountNumber: '123', date: '2025-02-01', description: 'Payroll', amount: '1000' }];
        return { body: { format: 'csv', sheets: [SHEET], matched: true, rows, rowCount: 1, error: null } };
      }
      const error = {
        kind: 'rows-unreadable',
        message: AMBIGUOUS,
        rowErrors: [],
        headerRowIndex: null,
        headerRow: null,
        firstCell: null,
        issues: [],
      };
      return { body: { format: 'csv', sheets: [SHEET], matched: true, rows: [], rowCount: 0, error } };
    };
    const { api, user, dialog } = await openTemplate({ 'POST /api/templates/preview': answer });
    dropSample(dialog);
    expect(await within(dialog).findByText(AMBIGUOUS)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/templates/preview')?.body).toMatchObject({
      template: { jsonTransform: [{ dateFormat: 'Auto', decimalSeparator: 'dot' }] },
    });

    await choose(user, dialog, 'Date Format', 'DD/MM/YYYY');
    await choose(user, dialog, 'Decimal Separator', 'Comma (1.234,56)');
    const produced = await within(dialog).findByRole(
      'table',
      { name: 'Rows the template produces' },
      { timeout: 5_000 },
    );
    expect(within(produced).getByText('2025-02-01')).toBeTruthy();
    expect(within(dialog).queryByText(AMBIGUOUS)).toBeNull();
  });

  it('lists unreadable rows numbered as in the grid, under a file-level refusal', async () => {
    const reason =
      'the balance 1.204,50 does not follow from the previous balance 1.000,00 and the amount -204,50 ' +
      '(expected 795,50). Are the debit and credit columns swapped?';
    const error = {
      kind: 'rows-unreadable',
      message: `${AMBIGUOUS} Also, 1 row could not be read: row 3 column 4: ${reason}`,
      rowErrors: [{ rowIndex: 2, column: 4, field: 'balance', raw: '1.204,50', reason }],
      headerRowIndex: null,
      headerRow: null,
      firstCell: null,
      issues: [],
    };
    const { dialog } = await openTemplate({
      'POST /api/templates/preview': {
        body: { format: 'csv', sheets: [SHEET], matched: true, rows: [], rowCount: 0, error },
      },
    });
    dropSample(dialog);
    expect(await within(dialog).findByText(AMBIGUOUS)).toBeTruthy();
    expect(
      within(dialog).getByText('These rows cannot be read (numbered as in the grid above):'),
    ).toBeTruthy();
    expect(within(dialog).getByText(`Row 2, column 4 (balance): ${reason} "1.204,50"`)).toBeTruthy();
    expect(within(dialog).queryByText(/row 3 column 4/)).toBeNull();
  });
});
