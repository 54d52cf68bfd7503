import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tideline/contracts';
import type {
  AccountSummary,
  BalanceHistory,
} from '@tideline/contracts/account-summary/account-summary.schemas';
import { keywordCategories, keywords } from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { insertInvestment } from '../../../test/investment-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { computeBalanceTables } from '../balance-tables/balance-tables.job';
import { lastFullPeriods } from './account-summary.service';

// The account profile's Account Balance chart and summary panel read the balance tables (issue 18
// point 1): figures worked out by hand on a small account.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

/** A keyword of the category named Interest (found or made: its name is unique in any case). */
async function interestKeyword(): Promise<number> {
  const [found] = await db()
    .select({ categoryId: keywordCategories.categoryId })
    .from(keywordCategories)
    .where(sql`lower(${keywordCategories.categoryName}) = 'interest'`);
  const category =
    found ??
    (
      await db()
        .insert(keywordCategories)
        .values({ categoryName: 'Interest' })
        .returning({ categoryId: keywordCategories.categoryId })
    )[0]!;
  const [keyword] = await db()
    .insert(keywords)
    .values({
      keywordName: `Interest credit ${Math.random().toString(36).slice(2, 8)}`,
      keywordCategoryId: category.categoryId,
    })
    .returning({ keywordId: keywords.keywordId });
  return keyword!.keywordId;
}

async function accountWithHistory() {
  const [clientId] = (await createClients(ctx, 1, 'Summary')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId, {
    accountBalance: '10000.00',
    accountBalanceDate: '2026-03-31',
  });
  const interest = await interestKeyword();
  await insertTransactions(ctx, clientId, accountId, [
    { transactionDate: '2026-04-30', amount: '30.00', keywordId: interest },
    { transactionDate: '2026-05-15', amount: '-1000.00' },
    { transactionDate: '2026-05-31', amount: '25.00', keywordId: interest },
    { transactionDate: '2026-06-30', amount: '25.00', keywordId: interest },
    { transactionDate: '2026-07-10', amount: '500.00' },
  ]);
  return { clientId, accountId };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('lastFullPeriods', () => {
  it('takes the month and quarter that ended on or before the day', () => {
    expect(lastFullPeriods('2026-07-10')).toEqual({
      month: ['2026-06-01', '2026-06-30'],
      quarter: ['2026-04-01', '2026-06-30'],
    });
    expect(lastFullPeriods('2026-06-30')).toEqual({
      month: ['2026-06-01', '2026-06-30'],
      quarter: ['2026-04-01', '2026-06-30'],
    });
    expect(lastFullPeriods('2026-01-15')).toEqual({
      month: ['2025-12-01', '2025-12-31'],
      quarter: ['2025-10-01', '2025-12-31'],
    });
  });
});

describe('GET /api/accounts/balance-history and /summary', () => {
  it('answer empty before the tables exist, then the tables’ figures', async () => {
    const { clientId, accountId } = await accountWithHistory();
    const before = (
      await call(ctx, 'GET', `/api/accounts/balance-history/${accountId}`, admin)
    ).json() as BalanceHistory;
    expect(before).toEqual({ computedAt: null, isStale: false, points: [] });
    const emptySummary = (
      await call(ctx, 'GET', `/api/accounts/summary/${accountId}`, admin)
    ).json() as AccountSummary;
    expect(emptySummary.asOf).toBeNull();

    await insertInvestment(ctx, clientId, accountId, {
      maturityDate: '2026-07-25',
      settlementAmount: '2000.00',
    });
    await insertInvestment(ctx, clientId, accountId, {
      maturityDate: '2027-09-30',
      settlementAmount: '3000.00',
    });
    await insertInvestment(ctx, clientId, accountId, {
      maturityDate: '2026-07-01',
      settlementAmount: '9999.00',
    });
    await computeBalanceTables({
      db: db(),
      data: { clientId, userId: admin.userId },
      setProgress: async () => undefined,
    });

    const history = (
      await call(ctx, 'GET', `/api/accounts/balance-history/${accountId}`, admin)
    ).json() as BalanceHistory;
    expect(history.isStale).toBe(false);
    expect(history.points[0]).toEqual({ date: '2026-03-31', balance: 10000 });
    expect(history.points.at(-1)).toEqual({ date: '2026-07-10', balance: 9580 });
    expect(history.points.find((p) => p.date === '2026-05-15')!.balance).toBe(9030);

    const summary = (
      await call(ctx, 'GET', `/api/accounts/summary/${accountId}`, admin)
    ).json() as AccountSummary;
    expect(summary.asOf).toBe('2026-07-10');
    expect(summary.balance).toMatchObject({ current: 9580, minimum12Months: 9030, maximum12Months: 10030 });
    // June: 9055 every day to the 29th, 9080 on the 30th; 25.00 of interest.
    expect(summary.accruedInterest.lastMonth).toMatchObject({
      from: '2026-06-01',
      to: '2026-06-30',
      interest: 25,
      averageDailyBalance: 9055.83,
    });
    expect(summary.interestRate[0]).toBeCloseTo((25 / 9055.833) * (365 / 30) * 100, 2);
    expect(summary.accruedInterest.lastQuarter).toMatchObject({
      from: '2026-04-01',
      to: '2026-06-30',
      interest: 80,
    });
    // The matured investment is left out; the others sit on the level of their maturity.
    expect(summary.liquidity).toEqual([
      { label: 'Cash', amount: 9580 },
      { label: 'Level 1 (0 to 30 days)', amount: 2000 },
      { label: 'Level 4 (1 year to 30 months)', amount: 3000 },
    ]);

    await insertTransactions(ctx, clientId, accountId, [{ transactionDate: '2026-07-11', amount: '1.00' }]);
    const stale = (
      await call(ctx, 'GET', `/api/accounts/balance-history/${accountId}`, admin)
    ).json() as BalanceHistory;
    expect(stale.isStale).toBe(true);
  });

  it('need VIEW_ACCOUNTS and answer 404 for another client’s account to a scoped user', async () => {
    const own = await accountWithHistory();
    const other = await accountWithHistory();
    const lacking = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== 'VIEW_ACCOUNTS'),
    );
    const refused = await createSignedInUser(ctx, lacking.roleName);
    for (const path of ['balance-history', 'summary']) {
      expect((await call(ctx, 'GET', `/api/accounts/${path}/${own.accountId}`, refused)).statusCode).toBe(
        403,
      );
    }
    const { roleName } = await createRole(ctx, ['VIEW_ACCOUNTS'], true);
    const scoped = await createSignedInUser(ctx, roleName, [own.clientId]);
    for (const path of ['balance-history', 'summary']) {
      expect((await call(ctx, 'GET', `/api/accounts/${path}/${own.accountId}`, scoped)).statusCode).toBe(200);
      const leaked = await call(ctx, 'GET', `/api/accounts/${path}/${other.accountId}`, scoped);
      const ghost = await call(ctx, 'GET', `/api/accounts/${path}/2000000000`, scoped);
      expect(leaked.statusCode).toBe(404);
      expect(leaked.body).toBe(ghost.body);
    }
  });
});
