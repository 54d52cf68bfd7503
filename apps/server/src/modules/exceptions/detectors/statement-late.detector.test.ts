import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { GLOBAL_SETTING_IDS } from '@tideline/contracts/settings/global-settings.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, exceptionItems, stagingStatements } from '../../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../../test/account-fixtures';
import { createBatchAccountRow, createBatchFileRow, createBatchRow } from '../../../../test/batch-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../../test/test-context';
import { upsertGlobalSetting } from '../../settings/global-settings.queries';
import { detectExceptions } from '../detect-exceptions';
import type { DetectorScope, Finding } from '../finding';
import { statementLateDetector } from './statement-late.detector';
import { findLatePeriod } from './statement-periods';

// Issue 43 "a feed two business days late → one stale item". A monthly bank whose statements are
// available on the 5th business day: September 2026's was due Wednesday October 7 (October 1, 2, 5,
// 6, 7), so on Friday October 9 an account whose data ends August 31 is two business days late.

let ctx: TestContext;
const db = () => ctx.database.db;
const scopeOf = (clientId: number, today: string): DetectorScope => ({
  clientIds: [clientId],
  today,
  now: new Date(`${today}T15:00:00Z`),
});

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A client with a monthly bank available on `availabilityDay` (null: the firm's upload date). */
async function monthlyBankClient(availabilityDay: number | null = 5) {
  const [clientId] = (await createClients(ctx, 1, 'Stale feed')) as [number];
  const bankId = await createRelatedBank(ctx, clientId, {
    bankName: 'Harbor Trust',
    defaultDataGatheringFrequency: 1,
  });
  await db().update(banks).set({ dataAvailabilityDate: availabilityDay }).where(eq(banks.bankId, bankId));
  return { clientId, bankId };
}

describe('statement late', () => {
  it('opens one stale item for a feed two business days late, none for one on time or closed', async () => {
    const { clientId, bankId } = await monthlyBankClient();
    const stale = await createAccountRow(ctx, clientId, bankId, {
      accountName: 'Operating',
      accountNumber: '000987654321',
      accountBalanceDate: '2026-06-30',
    });
    await insertTransactions(ctx, clientId, stale, [{ transactionDate: '2026-08-31', amount: '-40.00' }]);
    const onTime = await createAccountRow(ctx, clientId, bankId, { accountBalanceDate: '2026-06-30' });
    await insertTransactions(ctx, clientId, onTime, [{ transactionDate: '2026-09-30', amount: '12.00' }]);
    await createAccountRow(ctx, clientId, bankId, {
      accountBalanceDate: '2025-12-31',
      accountClosed: true,
      accountDateClosed: '2026-01-15',
    });

    const scope = scopeOf(clientId, '2026-10-09');
    expect(await detectExceptions(db(), scope, [statementLateDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'statement_late',
      subjectKey: `account:${stale}:2026-09-30`,
      severity: 'Medium',
      link: { place: 'account', clientId, accountId: stale },
      amount: null,
      summary:
        'Operating ...4321 at Harbor Trust is 2 business days late: the statement through September 30, ' +
        '2026 was due October 7, 2026; its last data is of August 31, 2026.',
    });
    const [{ since }] = (
      await db().execute(sql`select since::date::text as since from exception_items
        where exception_id = ${rows[0]!.exceptionId}`)
    ).rows as [{ since: string }];
    expect(since).toBe('2026-10-07');
  });

  it('is not late once the statement is uploaded and extracted, before it is validated', async () => {
    const { clientId, bankId } = await monthlyBankClient();
    const accountId = await createAccountRow(ctx, clientId, bankId, { accountBalanceDate: '2026-08-31' });
    expect(await statementLateDetector.detect(db(), scopeOf(clientId, '2026-10-09'))).toHaveLength(1);
    const batchId = await createBatchRow(ctx, clientId);
    const batchAccountId = await createBatchAccountRow(ctx, clientId, batchId, {
      accountId,
      status: 'Needs Validation',
    });
    const { batchFileId } = await createBatchFileRow(ctx, clientId, batchId);
    await db().insert(stagingStatements).values({
      clientId,
      batchId,
      batchAccountId,
      batchFileId,
      statementIndex: 0,
      fromDate: '2026-09-01',
      toDate: '2026-09-30',
      openingBalance: '100.00',
      closingBalance: '100.00',
      balanceSource: 'statement',
    });
    expect(await statementLateDetector.detect(db(), scopeOf(clientId, '2026-10-09'))).toEqual([]);
  });

  it('is not late on the due day, nor on the weekend after a Friday due day', async () => {
    const { clientId, bankId } = await monthlyBankClient(7);
    await createAccountRow(ctx, clientId, bankId, { accountBalanceDate: '2026-08-31' });
    // The 7th business day of October 2026 is Friday the 9th.
    expect(await statementLateDetector.detect(db(), scopeOf(clientId, '2026-10-09'))).toEqual([]);
    expect(await statementLateDetector.detect(db(), scopeOf(clientId, '2026-10-11'))).toEqual([]);
    // Monday the 12th is Columbus Day: Tuesday the 13th is the first business day late.
    expect(await statementLateDetector.detect(db(), scopeOf(clientId, '2026-10-12'))).toEqual([]);
    const [late] = await statementLateDetector.detect(db(), scopeOf(clientId, '2026-10-13'));
    expect(late?.summary).toContain('is 1 business day late');
  });

  it("follows the account's own frequency and is High once two statements are missing", async () => {
    const { clientId, bankId } = await monthlyBankClient();
    // Quarterly: the latest period due before November 20 is September's; data through June is one behind.
    const quarterly = await createAccountRow(ctx, clientId, bankId, {
      accountName: 'Reserve',
      accountNumber: 'R-1111',
      accountBalanceDate: '2026-06-30',
      dataGatheringFrequency: 3,
    });
    // Monthly (the bank's): data through August misses September and October.
    const monthly = await createAccountRow(ctx, clientId, bankId, {
      accountName: 'Payroll',
      accountNumber: 'P-2222',
      accountBalanceDate: '2026-08-31',
    });
    const found = await statementLateDetector.detect(db(), scopeOf(clientId, '2026-11-20'));
    const byAccount = new Map(found.map((f) => [f.link.accountId, f]));
    expect(found).toHaveLength(2);
    expect(byAccount.get(quarterly)).toMatchObject({
      subjectKey: `account:${quarterly}:2026-09-30`,
      severity: 'High',
      since: '2026-10-07',
    });
    expect(byAccount.get(quarterly)!.summary).toMatch(
      /^Reserve \.\.\.1111 at Harbor Trust is 30 business days late/,
    );
    expect(byAccount.get(monthly)).toMatchObject({
      subjectKey: `account:${monthly}:2026-10-31`,
      severity: 'High',
    });
    expect(byAccount.get(monthly)!.summary).toBe(
      'Payroll ...2222 at Harbor Trust is 9 business days late: the statement through October 31, 2026 was ' +
        'due November 6, 2026 (2 statements are missing); its last data is of August 31, 2026.',
    );
  });

  it("uses the firm's upload date when the bank has not set its own", async () => {
    const { clientId, bankId } = await monthlyBankClient(null);
    await createAccountRow(ctx, clientId, bankId, { accountBalanceDate: '2026-08-31' });
    // Inside a transaction rolled back: the database is shared by every test file.
    let found: Finding[] = [];
    await db()
      .transaction(async (tx) => {
        await upsertGlobalSetting(tx, GLOBAL_SETTING_IDS.uploadDate, 2);
        found = await statementLateDetector.detect(tx, scopeOf(clientId, '2026-10-09'));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    // The 2nd business day of October 2026 is the 2nd; October 5 to 9 are five business days late.
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ since: '2026-10-02', severity: 'High' });
    expect(found[0]!.summary).toContain(
      'is 5 business days late: the statement through September 30, 2026 was due October 2, 2026;',
    );
  });
});

describe('findLatePeriod', () => {
  it('counts an account with no data as late once it existed before the period ended', () => {
    expect(findLatePeriod('2026-10-09', 1, 5, null, '2026-09-15')).toMatchObject({
      periodEnd: '2026-09-30',
      periodsMissing: 1,
    });
    expect(findLatePeriod('2026-10-09', 1, 5, null, '2026-10-01')).toBeNull();
  });

  it('keeps a due day inside its month when the month has fewer business days', () => {
    // February 2027 has 19 business days (Presidents Day): the 24th is its last, Friday the 26th.
    expect(findLatePeriod('2027-03-10', 1, 24, '2026-12-31', '2026-01-01')).toMatchObject({
      periodEnd: '2027-01-31',
      dueDay: '2027-02-26',
      periodsMissing: 1,
    });
  });
});
