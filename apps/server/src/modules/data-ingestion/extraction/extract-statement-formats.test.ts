import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import {
  bankClientRelationships,
  stagingAccountBalances,
  stagingBalances,
  stagingFees,
  stagingInvestments,
} from '../../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../../test/account-fixtures';
import { createBatchAccountRow, createBatchRow } from '../../../../test/batch-fixtures';
import {
  createExtractingContext,
  selectStagedTransactions,
  startExtraction,
  uploadToBatch,
  waitForFiles,
} from '../../../../test/extraction-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// Issue 16 point 5: the formats the extraction job reads besides BAI2, camt.053, OFX and template CSVs
// (extract-batch-file.test.ts), each through the real upload flow and pg-boss: camt.052, camt.054, QFX
// and MT940 from the shared conformance corpus, camt.086 into a Treasury batch's sections, and an
// investment file through the relationship's Investment template into staging investments.

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.resolve(here, '../../../../../../../shared/fixtures/statements');
const INGEST_FIXTURES = path.resolve(here, '../../../../../../packages/ingest/test/fixtures');
const corpusFile = (name: string) => readFileSync(path.join(CORPUS, name));

let ctx: TestContext;
let admin: SignedInUser;
let analyst: SignedInUser;

beforeAll(async () => {
  ctx = await createExtractingContext();
  admin = await createSignedInUser(ctx, 'Admin');
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

interface Batch {
  clientId: number;
  bankId: number;
  batchId: number;
}

/** A client of one bank with an account per number, and a batch of the type holding them all. */
async function createBatchOf(
  templateType: 'Transaction' | 'Investment',
  accountNumbers: readonly string[],
): Promise<Batch & { batchAccountOf: Map<string, number> }> {
  const [clientId] = (await createClients(ctx, 1, `Formats ${templateType}`)) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const batchId = await createBatchRow(ctx, clientId, templateType);
  const batchAccountOf = new Map<string, number>();
  for (const [i, accountNumber] of accountNumbers.entries()) {
    const accountId = await createAccountRow(ctx, clientId, bankId, {
      accountName: `Account ${i + 1}`,
      accountNumber,
      ...(templateType === 'Investment' ? { accountType: 'Investment' } : {}),
    });
    batchAccountOf.set(accountNumber, await createBatchAccountRow(ctx, clientId, batchId, { accountId }));
  }
  return { clientId, bankId, batchId, batchAccountOf };
}

/** Uploads one file into the batch and waits for its job; answers the batch file row. */
async function extract(batch: Batch, fileName: string, body: Buffer) {
  const fileId = await uploadToBatch(ctx, analyst, batch, fileName, body);
  const res = await startExtraction(ctx, analyst, batch.batchId, [fileId]);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await waitForFiles(ctx, [(res.json() as StartExtractionResult).files[0]!.fileAuditId]);
  return row!;
}

/** The batch account as the Validate Batch dialog reads it: status, balances, reconciliation. */
async function batchAccountRow(batchAccountId: number): Promise<BatchAccount> {
  const res = await call(ctx, 'GET', `/api/data-ingestion/accounts/${batchAccountId}`, analyst);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchAccount;
}

describe('bank statement formats of the shared corpus, read without a template', () => {
  const CAMT052 = 'DE00000000000000000000';
  const CAMT054 = 'CH2801234000123456789';
  const QFX = '999-12345-0055666-EOP';
  const MT940 = 'NL71RABO0123456789';
  let batch: Awaited<ReturnType<typeof createBatchOf>>;

  beforeAll(async () => {
    batch = await createBatchOf('Transaction', [CAMT052, CAMT054, QFX, MT940]);
  });

  const staged = async (batchFileId: number) =>
    (await selectStagedTransactions(ctx, batchFileId)).map((s) => [
      s.batchAccountId,
      s.transactionDate,
      s.description,
      s.amount,
    ]);

  it('stages a camt.052 intraday report in ISO-8859-1, its accents decoded', async () => {
    const row = await extract(batch, 'report.xml', corpusFile('camt053/actual_camt052_v08_iso8859_1.xml'));
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    expect(row).toMatchObject({ rowCount: 2, excelFileId: expect.any(Number) });
    const account = batch.batchAccountOf.get(CAMT052)!;
    expect(await staged(row.batchFileId)).toEqual([
      [account, '2025-09-09', 'M-Überschusssparen', '100.00'],
      // Issue 39 point 5: the counterparty's name and the remittance text, as the bank sent them.
      [account, '2025-09-09', 'Grüße aus München Restaurant Schrödingers Katze und Café Ünique', '-5.00'],
    ]);
    expect(await batchAccountRow(account)).toMatchObject({ status: 'Needs Validation' });
  });

  it('stages a camt.054 debit notification, the debit signed negative', async () => {
    const row = await extract(
      batch,
      'notification.xml',
      corpusFile('camt053/genkgo_camt054_v04_notification.xml'),
    );
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    const [line] = await selectStagedTransactions(ctx, row.batchFileId);
    expect(line).toMatchObject({
      batchAccountId: batch.batchAccountOf.get(CAMT054),
      transactionDate: '2007-10-18',
      amount: '-200000.00',
    });
    expect(line!.description).toContain('Unstructured Remittance Information V1');
  });

  it('stages a QFX statement declared in Windows-1252 and takes its ledger balance as the closing one', async () => {
    const row = await extract(batch, 'checking.qfx', corpusFile('ofx/actual_qfx_charset_1252.qfx'));
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    const account = batch.batchAccountOf.get(QFX)!;
    // NAME and MEMO both (issue 39 point 5).
    expect(await staged(row.batchFileId)).toEqual([
      [account, '2022-10-19', 'Café Métro €uro Paiement 5€ — débit', '-20.00'],
    ]);
    expect(await batchAccountRow(account)).toMatchObject({ endBalance: 9999.99, status: 'Needs Validation' });
  });

  it('stages an MT940 file of two statements, opening with the first and closing with the last', async () => {
    const row = await extract(batch, 'rabobank.sta', corpusFile('mt940/rabobank_iban_structured_86.sta'));
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    const lines = await selectStagedTransactions(ctx, row.batchFileId);
    expect(lines.map((l) => [l.transactionDate, l.amount])).toEqual([
      ['2013-01-01', '-25.00'],
      ['2013-01-02', '-10.00'],
      ['2013-01-08', '-25.00'],
      ['2013-01-09', '-10.00'],
    ]);
    expect(lines.map((l) => l.rowNumber)).toEqual([1, 2, 3, 4]);
    expect(lines[1]!.description).toBe('/BENM//NAME/JOHN DOE/REMI/Reference 201301234/ISDT/2013-01-02');
    const mt940 = await batchAccountRow(batch.batchAccountOf.get(MT940)!);
    expect(mt940).toMatchObject({ startBalance: 1000, endBalance: 930 });
    expect(mt940.reconciliation).toMatchObject({ status: 'Reconciled' });
    expect(mt940.reconciliation!.statements).toHaveLength(2);
  });
});

describe('an account analysis statement (camt.086) into a Treasury batch', () => {
  let treasury: Batch & { sections: Record<'Balance' | 'Fees' | 'Account Balance', number> };

  beforeAll(async () => {
    const [clientId] = (await createClients(ctx, 1, 'Formats Treasury')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    const batchId = await createBatchRow(ctx, clientId, 'Treasury');
    const sections = {} as Record<'Balance' | 'Fees' | 'Account Balance', number>;
    for (const sectionType of ['Balance', 'Fees', 'Account Balance'] as const)
      sections[sectionType] = await createBatchAccountRow(ctx, clientId, batchId, { sectionType });
    treasury = { clientId, bankId, batchId, sections };
  });

  it('stages its service lines as Fees and its balances and rates as Balance, the ECR as a fraction', async () => {
    const body = readFileSync(path.join(INGEST_FIXTURES, 'camt086_v02_afp_fees_balances_ecr.xml'));
    const row = await extract(treasury, 'analysis.xml', body);
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    expect(row.rowCount).toBe(6);
    const fees = await ctx.database.db
      .select()
      .from(stagingFees)
      .where(eq(stagingFees.batchFileId, row.batchFileId))
      .orderBy(asc(stagingFees.rowNumber));
    expect(
      fees.map((f) => [
        f.batchAccountId,
        f.rowNumber,
        f.bankCode,
        f.afpCode,
        f.unitPrice,
        f.volume,
        f.amount,
      ]),
    ).toEqual([
      [treasury.sections.Fees, 1, 'ACH-ORIG', '250201', '0.045000', '1520.0000', '68.40'],
      [treasury.sections.Fees, 2, 'ACCT-MNT', '010000', '35.000000', '1.0000', '35.00'],
      [treasury.sections.Fees, 3, 'CREDIT', null, null, null, '-10.00'],
    ]);
    expect(fees.every((f) => f.accountNumber === '000123456789' && f.validationStatus === false)).toBe(true);
    const balances = await ctx.database.db
      .select()
      .from(stagingBalances)
      .where(eq(stagingBalances.batchFileId, row.batchFileId))
      .orderBy(asc(stagingBalances.rowNumber));
    expect(balances.map((b) => [b.batchAccountId, b.description, b.isRate, b.amount])).toEqual([
      [treasury.sections.Balance, 'AVCL', false, '1250000.000000'],
      [treasury.sections.Balance, 'ERNC', false, '477.740000'],
      // 0.45 % on the statement; staging keeps rates as fractions, which the dialog shows x100.
      [treasury.sections.Balance, 'ecr', true, '0.004500'],
    ]);
    const accountBalances = await ctx.database.db
      .select()
      .from(stagingAccountBalances)
      .where(eq(stagingAccountBalances.batchFileId, row.batchFileId));
    expect(accountBalances).toEqual([]);
    expect((await batchAccountRow(treasury.sections.Fees)).status).toBe('Needs Validation');
    expect((await batchAccountRow(treasury.sections.Balance)).status).toBe('Needs Validation');
    expect((await batchAccountRow(treasury.sections['Account Balance'])).status).toBe('Needs Files');
    // The treasury staging dialog reads them back, the rate in percent once shown.
    const listed = await call(
      ctx,
      'GET',
      `/api/data-ingestion-treasury-services/balances/staging/${treasury.batchId}`,
      analyst,
    );
    expect(listed.json().results.find((b: { description: string }) => b.description === 'ecr')).toMatchObject(
      {
        isRate: true,
        amounts: [[0, 0.0045]],
      },
    );
  });
});

describe('an investment file through the relationship Investment template', () => {
  const POSITIONS = 'INV-77';
  let batch: Awaited<ReturnType<typeof createBatchOf>>;

  beforeAll(async () => {
    batch = await createBatchOf('Investment', [POSITIONS]);
    // The relationship createRelatedBank made for the batch's client.
    const [rel] = await ctx.database.db
      .select({ id: bankClientRelationships.bankClientRelId })
      .from(bankClientRelationships)
      .where(eq(bankClientRelationships.clientId, batch.clientId));
    const template = await call(ctx, 'POST', '/api/templates/manage', admin, {
      template: {
        bankClientRelId: rel!.id,
        type: 'Investment',
        jsonTransform: [
          {
            cellHeaderData: 'Account',
            headerStart: '0',
            accountNumber: '0',
            investmentId: '1',
            investmentType: '2',
            faceValue: '3',
            settlementAmount: '4',
            interestRate: '5',
            couponRate: '6',
            settlementDate: '7',
            maturityDate: '8',
            callDate: '9',
            fund: '10',
            dateFormat: 'MM/DD/YYYY',
          },
        ],
      },
    });
    expect(template.statusCode, template.body).toBeLessThan(300);
  });

  it('stages each position with its type, rates, dates and identifier, and the account Needs Validation', async () => {
    const csv = [
      'Account,CUSIP,Type,Face,Settlement Amount,Yield,Coupon,Settled,Matures,Call,Fund',
      `${POSITIONS},912797KX4,Treasury Bill,250000.00,248750.00,4.1250,,07/01/2026,10/01/2026,,`,
      `${POSITIONS},3133EPXY6,Treasury Bill,"1,000,000.00",995000.00,4.5,4.25,07/15/2026,07/15/2028,07/15/2027,Agency Ladder`,
    ].join('\r\n');
    const row = await extract(batch, 'positions.csv', Buffer.from(`${csv}\r\n`));
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    expect(row).toMatchObject({ templateType: 'Investment', rowCount: 2 });
    const positions = await ctx.database.db
      .select()
      .from(stagingInvestments)
      .where(eq(stagingInvestments.batchFileId, row.batchFileId))
      .orderBy(asc(stagingInvestments.rowNumber));
    const account = batch.batchAccountOf.get(POSITIONS)!;
    expect(
      positions.map((p) => ({
        batchAccountId: p.batchAccountId,
        marketIdentifier: p.marketIdentifier,
        investmentTypeName: p.investmentTypeName,
        faceValue: p.faceValue,
        settlementAmount: p.settlementAmount,
        interestRate: p.interestRate,
        couponRate: p.couponRate,
        settlementDate: p.settlementDate,
        maturityDate: p.maturityDate,
        callDate: p.callDate,
        fund: p.fund,
      })),
    ).toEqual([
      {
        batchAccountId: account,
        marketIdentifier: '912797KX4',
        investmentTypeName: 'Treasury Bill',
        faceValue: '250000.00',
        settlementAmount: '248750.00',
        interestRate: '4.125000',
        couponRate: null,
        settlementDate: '2026-07-01',
        maturityDate: '2026-10-01',
        callDate: null,
        fund: null,
      },
      {
        batchAccountId: account,
        marketIdentifier: '3133EPXY6',
        investmentTypeName: 'Treasury Bill',
        faceValue: '1000000.00',
        settlementAmount: '995000.00',
        interestRate: '4.500000',
        couponRate: '4.250000',
        settlementDate: '2026-07-15',
        maturityDate: '2028-07-15',
        callDate: '2027-07-15',
        fund: 'Agency Ladder',
      },
    ]);
    expect(positions.every((p) => p.investmentTypeId !== null && p.validationStatus === false)).toBe(true);
    expect(await batchAccountRow(account)).toMatchObject({ status: 'Needs Validation' });
    // The staging investments dialog lists them.
    const listed = await call(ctx, 'POST', `/api/investments/staging/all/${account}`, analyst, {
      pageSize: 50,
      pageIndex: 0,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().resultCount).toBe(2);
  });
});

describe('an OFX investment statement without a template', () => {
  const TD = '121212121';

  it('stages its positions (INVPOSLIST) as staging investments, each with its security (issue 39 point 5)', async () => {
    const batch = await createBatchOf('Investment', [TD]);
    const row = await extract(
      batch,
      'positions.qbo',
      corpusFile('investments/ofxparse_td_ameritrade_treasury_cusip.ofx'),
    );
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    const positions = await ctx.database.db
      .select()
      .from(stagingInvestments)
      .where(eq(stagingInvestments.batchFileId, row.batchFileId))
      .orderBy(asc(stagingInvestments.rowNumber));
    expect(
      positions.map((p) => [p.batchAccountId, p.marketIdentifier, p.investmentTypeName, p.settlementAmount]),
    ).toEqual([
      [batch.batchAccountOf.get(TD), '023135106', 'Stock', '1000.00'],
      [batch.batchAccountOf.get(TD), '912810RW0', 'Treasury Bond', '1000.00'],
    ]);
    // The file states no maturity (no DTMAT): the position counts as due on its price date.
    expect(positions[1]!.maturityDate).toBe(positions[1]!.settlementDate);
    // Positions only: nothing to reconcile, so Validate needs no override.
    const account = await batchAccountRow(batch.batchAccountOf.get(TD)!);
    expect(account.reconciliation).toBeNull();
    const validated = await call(ctx, 'PUT', '/api/data-ingestion/accounts/validate', analyst, {
      accounts: [{ batchAccountId: batch.batchAccountOf.get(TD) }],
    });
    expect(validated.statusCode, validated.body).toBe(200);
  });
});
