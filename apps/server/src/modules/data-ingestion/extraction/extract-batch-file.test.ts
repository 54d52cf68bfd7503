import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import { accounts, batchAccountFiles, batchAccounts, files } from '../../../db/schema';
import type { DemoStatement } from '../../../demo/demo-statement';
import { writeBai2Statement } from '../../../demo/write-bai2-statement';
import { writeCamt053Statement } from '../../../demo/write-camt053-statement';
import { writeOfxStatement } from '../../../demo/write-ofx-statement';
import { createKeyword } from '../../../../test/account-fixtures';
import {
  createExtractingContext,
  createExtractionWorld,
  csvOf,
  extractOne,
  selectStagedTransactions,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import { followLocalLink } from '../../../../test/file-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// Issue 16 point 5: one job per uploaded file, through the real upload flow and pg-boss.

let ctx: TestContext;
let analyst: SignedInUser;
let world: ExtractionWorld;
/** A second client's batch for the bank formats, so their balances stand alone. */
let natives: ExtractionWorld;
let keywordId: number;

beforeAll(async () => {
  ctx = await createExtractingContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
  const [clientId, nativeClientId] = await createClients(ctx, 2, 'Extract');
  const admin = await createSignedInUser(ctx, 'Admin');
  world = await createExtractionWorld(ctx, admin, clientId!);
  natives = await createExtractionWorld(ctx, admin, nativeClientId!, { template: false });
  keywordId = await createKeyword(ctx, `PAYROLL-${world.batchId}`);
});
afterAll(() => ctx.close());

const batchAccountOf = (i: number) => world.accounts[i]!.batchAccountId;

function statementOf(accountNumber: string, entries: DemoStatement['entries']): DemoStatement {
  const cents = entries.reduce((s, e) => s + e.cents, 0);
  return {
    clientName: 'Extract',
    bankName: 'Extract Bank',
    account: {
      accountNumber,
      accountName: 'Operating',
      accountType: 'Transaction',
      accountCategory: 'Operating',
    },
    month: '2026-07',
    from: '2026-07-01',
    to: '2026-07-31',
    openingCents: 100_000,
    closingCents: 100_000 + cents,
    entries,
  };
}

describe('extracting a csv through the batch relationship template', () => {
  let fileAuditId: number;

  it('stages every row with its file, batch account, row number and keyword, and says so', async () => {
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const row = await extractOne(
      ctx,
      analyst,
      world,
      'july statement.csv',
      csvOf([
        [a, '07/01/2026', `ACH PAYROLL-${world.batchId} RUN`, '-1500.00'],
        [a, '07/02/2026', 'Lockbox deposit', '"2,250.10"'],
        [b, '07/03/2026', 'Wire in', '(12.5)'],
      ]),
    );
    fileAuditId = row.batchFileId;
    expect(row).toMatchObject({
      uploadedFileName: 'julystatement.csv',
      status: 'Extracted',
      rowCount: 3,
      extractionMessage: '3 rows staged for 2 accounts.',
      headerRow: 'Account,Date,Description,Amount',
      headerRowNumber: 0,
      firstCell: 'Account',
    });
    const staged = await selectStagedTransactions(ctx, fileAuditId);
    expect(
      staged.map((s) => [s.batchAccountId, s.rowNumber, s.transactionDate, s.amount, s.keywordId]),
    ).toEqual([
      [batchAccountOf(0), 2, '2026-07-01', '-1500.00', keywordId],
      [batchAccountOf(0), 3, '2026-07-02', '2250.10', null],
      [batchAccountOf(1), 4, '2026-07-03', '-12.50', null],
    ]);
    expect(staged.every((s) => s.batchId === world.batchId && s.clientId === world.clientId)).toBe(true);
  });

  it('moves the batch accounts to Needs Validation and lists the file against each', async () => {
    const rows = await ctx.database.db
      .select()
      .from(batchAccounts)
      .where(eq(batchAccounts.batchId, world.batchId));
    expect(rows.map((r) => r.status)).toEqual(['Needs Validation', 'Needs Validation']);
    const links = await ctx.database.db
      .select()
      .from(batchAccountFiles)
      .where(eq(batchAccountFiles.batchFileId, fileAuditId));
    expect(links.map((l) => [l.batchAccountId, l.rowCount]).sort()).toEqual([
      [batchAccountOf(0), 2],
      [batchAccountOf(1), 1],
    ]);
    const accounts = (
      await call(ctx, 'GET', `/api/data-ingestion/accounts/all/${world.batchId}`, analyst)
    ).json();
    expect(accounts[0]).toMatchObject({
      fileIdList: [fileAuditId],
      startDate: '2026-07-01',
      endDate: '2026-07-02',
    });
  });

  it("counts the file in the batch's # of Files with nothing in progress", async () => {
    const batch = (
      await call(ctx, 'GET', `/api/data-ingestion/batches/${world.batchId}`, analyst)
    ).json() as ClientBatch;
    expect(batch).toMatchObject({ numberOfFiles: 1, inProgressCount: 0, status: 'IN PROGRESS' });
  });

  it('keeps the grid as an .xlsx (hasExcel) that downloads as an octet-stream attachment', async () => {
    const list = (
      await call(ctx, 'GET', `/api/data-ingestion/extraction-status/${world.batchId}`, analyst)
    ).json() as ExtractionFile[];
    expect(list.find((f) => f.fileAuditId === fileAuditId)).toMatchObject({
      hasExcel: true,
      fileStatus: 'Extracted',
    });
    const link = await call(ctx, 'GET', `/api/data-ingestion/download-excel/${fileAuditId}`, analyst);
    expect(link.statusCode, link.body).toBe(200);
    const res = await followLocalLink(ctx, link.json().url);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain('julystatement.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Account', 'Date', 'Description', 'Amount']);
    expect(sheet.rowCount).toBe(4);
    const source = await followLocalLink(
      ctx,
      (await call(ctx, 'GET', `/api/data-ingestion/download/${fileAuditId}`, analyst)).json().url,
    );
    expect(source.body).toContain(`ACH PAYROLL-${world.batchId} RUN`);
    const [excelRow] = await ctx.database.db
      .select()
      .from(files)
      .where(eq(files.fileName, 'julystatement.xlsx'));
    expect(excelRow).toMatchObject({ clientId: world.clientId, status: 'stored' });
  });

  it('writes the canonical and the validated file of its staged rows (POST /download, name and kind sent)', async () => {
    const staged = await selectStagedTransactions(ctx, fileAuditId);
    const validate = await call(ctx, 'PUT', '/api/transactions/staging/validate', analyst, {
      batchAccountId: batchAccountOf(0),
      stagingTransactionIds: [staged[1]!.stagingTransactionId],
    });
    expect(validate.statusCode, validate.body).toBe(200);
    const download = async (stageFolderName: string) => {
      const link = await call(ctx, 'POST', `/api/data-ingestion/download/${fileAuditId}`, analyst, {
        fileName: 'july statement.csv',
        stageFolderName,
      });
      expect(link.statusCode, link.body).toBe(200);
      return followLocalLink(ctx, link.json().url);
    };
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const canonical = await download('canonical');
    expect(canonical.headers['content-disposition']).toContain('julystatement-canonical.csv');
    expect(canonical.body.split('\r\n')).toEqual([
      'Account Number,Date,Description,Keyword,Amount,Validated',
      `${a},2026-07-01,ACH PAYROLL-${world.batchId} RUN,PAYROLL-${world.batchId},-1500.00,No`,
      `${a},2026-07-02,Lockbox deposit,,2250.10,Yes`,
      `${b},2026-07-03,Wire in,,-12.50,No`,
      '',
    ]);
    const validated = await download('validated');
    expect(validated.headers['content-disposition']).toContain('julystatement-validated.csv');
    expect(validated.body).toBe(
      `Account Number,Date,Description,Keyword,Amount,Validated\r\n${a},2026-07-02,Lockbox deposit,,2250.10,Yes\r\n`,
    );
    const wrongKind = await call(ctx, 'POST', `/api/data-ingestion/download/${fileAuditId}`, analyst, {
      fileName: 'july.csv',
      stageFolderName: 'raw',
    });
    expect(wrongKind.statusCode).toBe(400);
    const missing = await call(ctx, 'POST', '/api/data-ingestion/download/999999', analyst, {
      fileName: 'july.csv',
      stageFolderName: 'validated',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('bank formats read without a template', () => {
  const entries = [
    { date: '2026-07-06', description: 'ACH CREDIT LOCKBOX', cents: 125_050 },
    { date: '2026-07-07', description: 'CHECK PAID 1001', cents: -20_000 },
  ];

  it.each([
    ['BAI2', 'july.bai2', writeBai2Statement],
    ['camt.053', 'july.xml', writeCamt053Statement],
    ['OFX', 'july.ofx', writeOfxStatement],
  ])(
    'stages a %s statement and reconciles it with its opening and closing balances',
    async (format, name, write) => {
      const account = natives.accounts[1]!;
      // OFX states no opening balance: the books' balance the day before the statement stands in for it.
      await ctx.database.db
        .update(accounts)
        .set({ accountBalance: '1000.00', accountBalanceDate: '2026-06-30' })
        .where(eq(accounts.accountId, account.accountId));
      const statement = Buffer.from(write(statementOf(account.accountNumber, entries)));
      const row = await extractOne(ctx, analyst, natives, `${format}-${name}`, statement);
      expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
      const staged = await selectStagedTransactions(ctx, row.batchFileId);
      expect(staged.map((s) => [s.batchAccountId, s.transactionDate, s.amount])).toEqual([
        [account.batchAccountId, '2026-07-06', '1250.50'],
        [account.batchAccountId, '2026-07-07', '-200.00'],
      ]);
      expect(row.excelFileId).not.toBeNull();
      const read = await call(ctx, 'GET', `/api/data-ingestion/accounts/${account.batchAccountId}`, analyst);
      const batchAccount = read.json() as BatchAccount;
      expect(batchAccount).toMatchObject({
        startBalance: 1000,
        endBalance: 2050.5,
        status: 'Needs Validation',
      });
      expect(batchAccount.reconciliation).toMatchObject({ status: 'Reconciled', problems: [] });
      // BAI2 states a statement per business day, camt and OFX one for the month.
      const own = batchAccount.reconciliation!.statements.filter((s) => s.fileName === `${format}-${name}`);
      expect({
        fromDate: own[0]!.fromDate,
        toDate: own.at(-1)!.toDate,
        closingBalance: own.at(-1)!.closingBalance,
        rowCount: own.reduce((n, s) => n + s.rowCount, 0),
        stagedSum: own.reduce((n, s) => n + s.stagedSum, 0),
        differences: [...new Set(own.map((s) => s.difference))],
      }).toEqual({
        fromDate: '2026-07-01',
        toDate: '2026-07-31',
        closingBalance: 2050.5,
        rowCount: 2,
        stagedSum: 1050.5,
        differences: [0],
      });
    },
  );
});
