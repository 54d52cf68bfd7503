import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  TEMPLATE_MSG,
  type StoredTemplate,
  type TemplateListRow,
  type TemplatePreview,
} from '@tideline/contracts';
import { auditLog, bankClientRelationships, banks } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let viewerOnly: SignedInUser; // VIEW_TEMPLATES only
let clientId: number;
let otherClientId: number;
let relId: number;
let otherRelId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  viewerOnly = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_TEMPLATES'])).roleName);
  [clientId, otherClientId] = (await createClients(ctx, 2)) as [number, number];
  const [bank] = await ctx.database.db
    .insert(banks)
    .values({ bankName: `Template Bank ${randomUUID().slice(0, 8)}`, assetSize: '10' })
    .returning();
  const rels = await ctx.database.db
    .insert(bankClientRelationships)
    .values([
      { clientId, bankId: bank!.bankId },
      { clientId: otherClientId, bankId: bank!.bankId },
    ])
    .returning();
  [relId, otherRelId] = [rels[0]!.bankClientRelId, rels[1]!.bankClientRelId];
});
afterAll(() => ctx.close());

const transactionTransform = (overrides: Record<string, unknown> = {}) => ({
  cellHeaderData: 'Date',
  accountNumber: '0',
  date: '1',
  description: '2,3',
  amount: '4',
  headerStart: '0',
  ...overrides,
});

function manage(template: Record<string, unknown>, user: SignedInUser = admin) {
  return call(ctx, 'POST', '/api/templates/manage', user, {
    template: { bankClientRelId: relId, type: 'Transaction', ...template },
  });
}

/** The messages of one jsonTransform field after POST /manage. */
async function messagesFor(field: string, transform: Record<string, unknown>): Promise<string[] | undefined> {
  const res = await manage({ jsonTransform: [transform] });
  expect(res.statusCode).toBe(400);
  return (res.json().fieldErrors as Record<string, string[]>)[`template.jsonTransform.0.${field}`];
}

describe('POST /api/templates/manage', () => {
  it('creates a template stored as the spec sends it, then updates it; both are audited', async () => {
    const res = await manage({
      jsonTransform: [transactionTransform({ fileNameIncluded: true, accountNumber: '' })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const template = res.json().template as StoredTemplate;
    expect(res.json().msg).toBe(TEMPLATE_MSG.saved);
    // Flags as 1, empty fields left out.
    expect(template.jsonTransform).toEqual([
      {
        cellHeaderData: 'Date',
        date: '1',
        description: '2,3',
        amount: '4',
        headerStart: '0',
        fileNameIncluded: 1,
      },
    ]);
    expect(template).toMatchObject({ templateType: 'Cell', clientId, bankClientRelId: relId });

    const updated = await manage({
      templateId: template.templateId,
      templateType: 'Header',
      headerRow: 'Account,Date,Memo,Payee,Amount',
      jsonTransform: [transactionTransform()],
    });
    expect(updated.json().template).toMatchObject({
      templateId: template.templateId,
      templateType: 'Header',
    });
    const actions = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'template'), eq(auditLog.entityId, String(template.templateId))));
    expect(actions.map((a) => a.action).sort()).toEqual(['template.created', 'template.updated']);
  });

  it('stores the date format, decimal separator and balance column, and refuses an unknown format', async () => {
    const res = await manage({
      jsonTransform: [
        transactionTransform({ dateFormat: 'DD/MM/YYYY', decimalSeparator: 'comma', balance: '5' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().template as StoredTemplate).jsonTransform[0]).toMatchObject({
      dateFormat: 'DD/MM/YYYY',
      decimalSeparator: 'comma',
      balance: '5',
    });
    expect(await messagesFor('dateFormat', transactionTransform({ dateFormat: 'D.M.Y' }))).toEqual([
      'Field has an invalid format.',
    ]);
  });

  it('requires the header row of a Header template', async () => {
    const res = await manage({ templateType: 'Header', jsonTransform: [transactionTransform()] });
    expect(res.json().fieldErrors['template.headerRow']).toEqual(['Required!']);
  });

  it('refuses every transaction template rule with its message', async () => {
    expect(await messagesFor('cellHeaderData', transactionTransform({ cellHeaderData: '' }))).toEqual([
      'Required!',
    ]);
    expect(await messagesFor('description', transactionTransform({ description: '2;3' }))).toEqual([
      'Field has an invalid format.',
    ]);
    expect(await messagesFor('description', transactionTransform({ description: '' }))).toEqual([
      'Required!',
    ]);
    expect(await messagesFor('date', transactionTransform({ date: 'B' }))).toEqual([
      'Field must be a number.',
    ]);
    expect(await messagesFor('headerStart', transactionTransform({ headerStart: 'x' }))).toEqual([
      'Field must be a number.',
    ]);
    expect(await messagesFor('footerRows', transactionTransform({ footerRows: '1.5' }))).toEqual([
      'Field must be a number.',
    ]);
    expect(await messagesFor('amount', transactionTransform({ amount: '1' }))).toEqual([
      'Column references must be unique.',
    ]);
    expect(await messagesFor('amountDebit', transactionTransform({ amount: '', amountCredit: '5' }))).toEqual(
      ['Required!'],
    );
    expect(await messagesFor('amount', transactionTransform({ amount: '' }))).toEqual(['Required!']);
    expect(await messagesFor('accountNumber', transactionTransform({ fileNameIncluded: 1 }))).toEqual([
      'Should be empty!',
    ]);
    expect(
      await messagesFor(
        'accountNumberHeader',
        transactionTransform({ accountNumber: '', accountNumberHeader: '3' }),
      ),
    ).toEqual(['Field must be 2 values.']);
    expect(
      await messagesFor(
        'accountNumberHeader',
        transactionTransform({ accountNumber: '', fileNameIncluded: 1, accountNumberHeader: '0,1' }),
      ),
    ).toEqual(['Should be empty!']);
    expect(await messagesFor('accountNumber', transactionTransform({ accountNumber: '' }))).toEqual([
      'Required!',
    ]);
  });

  it('refuses the investment and treasury rules with their messages', async () => {
    const investment = await manage({
      type: 'Investment',
      jsonTransform: [{ accountNumber: '0', settlementDate: 'x', headerStart: '-1', fund: 'F' }],
    });
    const fieldErrors = investment.json().fieldErrors as Record<string, string[]>;
    expect(fieldErrors['template.jsonTransform.0.settlementDate']).toEqual(['Field must be a number.']);
    expect(fieldErrors['template.jsonTransform.0.maturityDate']).toEqual(['Required!']);
    expect(fieldErrors['template.jsonTransform.0.fund']).toEqual(['Field must be a number.']);
    expect(fieldErrors['template.jsonTransform.0.headerStart']).toBeUndefined();
    const treasury = await manage({ type: 'Treasury', jsonTransform: [{ accountGroupName: ' ' }] });
    expect(treasury.json().fieldErrors['template.jsonTransform.0.accountGroupName']).toEqual(['Required!']);
  });

  it('refuses without MANAGE_TEMPLATES, and gives 404 for another client or a mismatched template', async () => {
    expect((await manage({ jsonTransform: [transactionTransform()] }, viewerOnly)).statusCode).toBe(403);
    const scoped = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_TEMPLATES', 'MANAGE_TEMPLATES', 'DELETE_TEMPLATES'], true)).roleName,
      [otherClientId],
    );
    const foreign = await manage({ jsonTransform: [transactionTransform()] }, scoped);
    expect(foreign.statusCode).toBe(404);
    const created = (await manage({ jsonTransform: [transactionTransform()] })).json()
      .template as StoredTemplate;
    const wrongType = await manage({
      templateId: created.templateId,
      type: 'Treasury',
      jsonTransform: [{ accountGroupName: 'Treasury' }],
    });
    expect(wrongType.statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/templates/${created.templateId}`, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', `/api/templates/${created.templateId}`, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/templates/all/Transaction/${relId}`, scoped)).statusCode).toBe(404);
    const theirs = await call(ctx, 'GET', '/api/templates/transaction', scoped);
    expect((theirs.json() as TemplateListRow[]).every((t) => t.clientId === otherClientId)).toBe(true);
  });
});

describe('template lists, load and delete', () => {
  it('lists by relationship and type, lists transaction templates with their first cell, loads and deletes', async () => {
    const created = (
      await manage({ jsonTransform: [transactionTransform({ cellHeaderData: 'Posted' })] })
    ).json().template as StoredTemplate;
    const ofRel = (
      await call(ctx, 'GET', `/api/templates/all/Transaction/${relId}`, viewerOnly)
    ).json() as StoredTemplate[];
    expect(ofRel.map((t) => t.templateId)).toContain(created.templateId);
    expect((await call(ctx, 'GET', `/api/templates/all/Investment/${relId}`, viewerOnly)).json()).toEqual([]);
    const all = (
      await call(ctx, 'GET', '/api/templates/transaction', viewerOnly)
    ).json() as TemplateListRow[];
    expect(all.find((t) => t.templateId === created.templateId)).toMatchObject({
      headerRowOrFirstCell: 'Posted',
    });
    expect((await call(ctx, 'GET', `/api/templates/${created.templateId}`, viewerOnly)).json()).toMatchObject(
      {
        templateId: created.templateId,
      },
    );
    expect((await call(ctx, 'DELETE', `/api/templates/${created.templateId}`, viewerOnly)).statusCode).toBe(
      403,
    );
    const deleted = await call(ctx, 'DELETE', `/api/templates/${created.templateId}`, admin);
    expect(deleted.json()).toEqual({ msg: TEMPLATE_MSG.deleted });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'template.deleted'), eq(auditLog.entityId, String(created.templateId))));
    expect(audit!.before).toMatchObject({ type: 'Transaction', bankClientRelId: relId });
    const gone = await call(ctx, 'GET', `/api/templates/${created.templateId}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(TEMPLATE_MSG.notFound);
    expect((await call(ctx, 'DELETE', `/api/templates/${created.templateId}`, admin)).statusCode).toBe(404);
    expect(
      (await call(ctx, 'GET', `/api/templates/all/Transaction/${otherRelId + 100000}`, admin)).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/templates/preview', () => {
  const csv = [
    'Account,Date,Memo,Payee,Amount',
    '1001,01/02/2024,Payroll,ACME,-1500.00',
    '1001,01/03/2024,Tax receipt,County,"2,500.25"',
  ].join('\n');
  const preview = (template: Record<string, unknown>, text = csv) =>
    call(ctx, 'POST', '/api/templates/preview', admin, {
      file: { fileName: 'sample.csv', contentBase64: Buffer.from(text).toString('base64') },
      template: { type: 'Transaction', ...template },
    });

  it('shows the grid with 0-based rows and the rows the template produces', async () => {
    const res = await preview({
      templateType: 'Cell',
      jsonTransform: [transactionTransform({ cellHeaderData: 'Account', dateFormat: 'MM/DD/YYYY' })],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TemplatePreview;
    expect(body).toMatchObject({ format: 'csv', matched: true, rowCount: 2, error: null });
    expect(body.sheets[0]).toMatchObject({ columnCount: 5, totalRows: 3 });
    expect(body.sheets[0]!.rows[0]).toEqual({
      rowIndex: 0,
      cells: ['Account', 'Date', 'Memo', 'Payee', 'Amount'],
    });
    expect(body.rows).toEqual([
      expect.objectContaining({
        accountNumber: '1001',
        date: '2024-01-02',
        description: 'Payroll ACME',
        amount: '-1500',
      }),
      expect.objectContaining({ date: '2024-01-03', amount: '2500.25' }),
    ]);
  });

  it('answers the grid and the detected first cell while the form has no complete template yet', async () => {
    const res = await call(ctx, 'POST', '/api/templates/preview', admin, {
      file: { fileName: 'sample.csv', contentBase64: Buffer.from(csv).toString('base64') },
      template: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TemplatePreview;
    expect(body).toMatchObject({
      format: 'csv',
      matched: false,
      rows: [],
      error: { kind: 'no-template-matched', firstCell: 'Account' },
    });
    expect(body.sheets[0]).toMatchObject({ columnCount: 5, totalRows: 3 });
  });

  it('explains a template that does not match, and rows that cannot be read', async () => {
    const unmatched = (
      await preview({ jsonTransform: [transactionTransform({ cellHeaderData: 'Nope' })] })
    ).json();
    expect(unmatched).toMatchObject({
      matched: false,
      rows: [],
      error: { kind: 'no-template-matched', firstCell: 'Account' },
    });
    const badDate = (
      await preview({
        jsonTransform: [transactionTransform({ cellHeaderData: 'Account', date: '3', description: '2' })],
      })
    ).json() as TemplatePreview;
    expect(badDate.error).toMatchObject({ kind: 'rows-unreadable' });
    expect(badDate.error!.rowErrors[0]).toMatchObject({ rowIndex: 1, column: 3, field: 'date', raw: 'ACME' });
  });

  it('refuses dates that read both ways under Auto, and reads them with the format and separator stated', async () => {
    const european = ['Account,Date,Memo,Payee,Amount', '1001,01/02/2024,Miete,Haus,"-1.250,00"'].join('\n');
    const auto = (
      await preview({ jsonTransform: [transactionTransform({ cellHeaderData: 'Account' })] }, european)
    ).json() as TemplatePreview;
    expect(auto.error).toMatchObject({
      kind: 'rows-unreadable',
      // Extraction names the file in every failure (issue 15).
      message:
        'sample.csv: The dates in column 1 could be day/month or month/day (all days are 12 or less, such as "01/02/2024"). ' +
        'Choose the date format MM/DD/YYYY or DD/MM/YYYY in the template. Also, 1 row could not be read: ' +
        `row 2 column 4: "-1.250,00" is not a number with a decimal dot; is the template's decimal separator comma (1.234,56)?`,
    });
    const stated = (
      await preview(
        {
          jsonTransform: [
            transactionTransform({
              cellHeaderData: 'Account',
              dateFormat: 'DD/MM/YYYY',
              decimalSeparator: 'comma',
            }),
          ],
        },
        european,
      )
    ).json() as TemplatePreview;
    expect(stated.rows).toEqual([expect.objectContaining({ date: '2024-02-01', amount: '-1250' })]);
  });

  it('validates the template like /manage and needs MANAGE_TEMPLATES', async () => {
    const invalid = await preview({ jsonTransform: [transactionTransform({ description: 'x' })] });
    expect(invalid.json().fieldErrors['template.jsonTransform.0.description']).toEqual([
      'Field has an invalid format.',
    ]);
    const res = await call(ctx, 'POST', '/api/templates/preview', viewerOnly, {
      file: { fileName: 'a.csv', contentBase64: '' },
      template: { type: 'Transaction', jsonTransform: [transactionTransform()] },
    });
    expect(res.statusCode).toBe(403);
  });
});
