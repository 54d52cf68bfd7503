import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountGroupAccounts,
  accountGroupDailyBalances,
  accountGroupMonthlyBalances,
  accountGroups,
  dailyBalances,
  monthlyBalances,
} from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../test/test-context';
import { computeBalanceTables, type BalanceTablesData } from './balance-tables.job';

// 'Calculate Daily and Monthly Tables' (analytics.md "Balance tables") against the real database: the
// rows the job writes for small accounts, checked against balances worked out by hand.

let ctx: TestContext;
const db = () => ctx.database.db;

const progress: number[] = [];
const run = (data: BalanceTablesData) =>
  computeBalanceTables({
    db: db(),
    data,
    setProgress: async (percent) => {
      progress.push(percent);
    },
  });

const dailyOf = (accountId: number) =>
  db()
    .select({
      date: dailyBalances.balanceDate,
      balance: dailyBalances.balance,
      credits: dailyBalances.credits,
      debits: dailyBalances.debits,
      count: dailyBalances.transactionCount,
    })
    .from(dailyBalances)
    .where(eq(dailyBalances.accountId, accountId))
    .orderBy(asc(dailyBalances.balanceDate));

const monthlyOf = (accountId: number) =>
  db()
    .select()
    .from(monthlyBalances)
    .where(eq(monthlyBalances.accountId, accountId))
    .orderBy(asc(monthlyBalances.month));

const groupDailyOf = (groupId: number) =>
  db()
    .select({ date: accountGroupDailyBalances.balanceDate, balance: accountGroupDailyBalances.balance })
    .from(accountGroupDailyBalances)
    .where(eq(accountGroupDailyBalances.accountGroupId, groupId))
    .orderBy(asc(accountGroupDailyBalances.balanceDate));

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe('the balance tables job', () => {
  let clientId: number;
  let first: number;
  let second: number;
  let groupId: number;

  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'Balances')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    // Anchor 1,000.00 at the end of 2024-01-31; one transaction before the anchor, three after.
    first = await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '1000.00',
      accountBalanceDate: '2024-01-31',
    });
    await insertTransactions(ctx, clientId, first, [
      { transactionDate: '2024-01-30', amount: '100.00' },
      { transactionDate: '2024-02-01', amount: '-200.00' },
      { transactionDate: '2024-02-01', amount: '50.00' },
      { transactionDate: '2024-02-03', amount: '25.00' },
    ]);
    // Anchor 500.00 at the end of 2024-02-02, which includes that day's 10.00.
    second = await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '500.00',
      accountBalanceDate: '2024-02-02',
    });
    await insertTransactions(ctx, clientId, second, [{ transactionDate: '2024-02-02', amount: '10.00' }]);
    // A group of the two accounts, besides the client's 'All Accounts'.
    const [group] = await db()
      .insert(accountGroups)
      .values({ clientId, groupName: 'Both' })
      .returning({ groupId: accountGroups.groupId });
    groupId = group!.groupId;
    await db()
      .insert(accountGroupAccounts)
      .values([first, second].map((accountId) => ({ clientId, groupId, accountId })));
  });

  it('writes a row per day from the first transaction to the client’s last day', async () => {
    progress.length = 0;
    const result = await run({ clientId, userId: 1 });
    expect(result).toMatchObject({ dataUntil: '2024-02-03', accountCount: 2, groupCount: 2, skipped: [] });
    expect(progress.at(-1)).toBe(100);
    expect(await dailyOf(first)).toEqual([
      // Before the anchor: the anchor less the transactions after the day up to the anchor date.
      { date: '2024-01-30', balance: '1000.00', credits: '100.00', debits: '0.00', count: 1 },
      { date: '2024-01-31', balance: '1000.00', credits: '0.00', debits: '0.00', count: 0 },
      { date: '2024-02-01', balance: '850.00', credits: '50.00', debits: '-200.00', count: 2 },
      { date: '2024-02-02', balance: '850.00', credits: '0.00', debits: '0.00', count: 0 },
      { date: '2024-02-03', balance: '875.00', credits: '25.00', debits: '0.00', count: 1 },
    ]);
    expect(await dailyOf(second)).toEqual([
      { date: '2024-02-02', balance: '500.00', credits: '10.00', debits: '0.00', count: 1 },
      { date: '2024-02-03', balance: '500.00', credits: '0.00', debits: '0.00', count: 0 },
    ]);
  });

  it('writes the monthly table of each account', async () => {
    const rows = await monthlyOf(first);
    expect(rows.map(({ computedAt: _c, ...row }) => row)).toEqual([
      {
        accountId: first,
        clientId,
        month: '2024-01-01',
        monthEndBalance: '1000.00',
        averageDailyBalance: '1000.00',
        minimumBalance: '1000.00',
        maximumBalance: '1000.00',
        totalCredits: '100.00',
        totalDebits: '0.00',
        transactionCount: 1,
        dayCount: 2,
      },
      {
        accountId: first,
        clientId,
        month: '2024-02-01',
        monthEndBalance: '875.00',
        // (850 + 850 + 875) / 3
        averageDailyBalance: '858.33',
        minimumBalance: '850.00',
        maximumBalance: '875.00',
        totalCredits: '75.00',
        totalDebits: '-200.00',
        transactionCount: 3,
        dayCount: 3,
      },
    ]);
  });

  it('writes the group tables as the sums of the member accounts', async () => {
    // The second account before its anchor: 500 less the 10.00 of 2024-02-02.
    expect(await groupDailyOf(groupId)).toEqual([
      { date: '2024-01-30', balance: '1490.00' },
      { date: '2024-01-31', balance: '1490.00' },
      { date: '2024-02-01', balance: '1340.00' },
      { date: '2024-02-02', balance: '1350.00' },
      { date: '2024-02-03', balance: '1375.00' },
    ]);
    const monthly = await db()
      .select()
      .from(accountGroupMonthlyBalances)
      .where(eq(accountGroupMonthlyBalances.accountGroupId, groupId))
      .orderBy(asc(accountGroupMonthlyBalances.month));
    expect(monthly.map((m) => [m.month, m.monthEndBalance, m.totalCredits, m.totalDebits])).toEqual([
      ['2024-01-01', '1490.00', '100.00', '0.00'],
      ['2024-02-01', '1375.00', '85.00', '-200.00'],
    ]);
  });

  it('rewrites the same rows when it runs again', async () => {
    const before = {
      first: await dailyOf(first),
      months: await monthlyOf(first),
      group: await groupDailyOf(groupId),
    };
    const again = await run({ clientId, accountIds: [first], userId: 1 });
    expect(again).toMatchObject({ accountCount: 1, groupCount: 2 });
    expect(await dailyOf(first)).toEqual(before.first);
    expect((await monthlyOf(first)).map(({ computedAt: _c, ...row }) => row)).toEqual(
      before.months.map(({ computedAt: _c, ...row }) => row),
    );
    expect(await groupDailyOf(groupId)).toEqual(before.group);
  });

  it('recomputes only the accounts it is given, and the groups that hold them', async () => {
    await insertTransactions(ctx, clientId, second, [{ transactionDate: '2024-02-03', amount: '-40.00' }]);
    await run({ clientId, accountIds: [second], userId: 1 });
    expect((await dailyOf(second)).at(-1)).toMatchObject({ date: '2024-02-03', balance: '460.00' });
    expect((await groupDailyOf(groupId)).at(-1)).toEqual({ date: '2024-02-03', balance: '1335.00' });
  });
});

describe('an account whose history is not valid', () => {
  it('is left out with a message, and the others are written', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Balances bad')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    const good = await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '10.00',
      accountBalanceDate: '2024-03-01',
    });
    // Outside the calendar the models know (1990-2100).
    const bad = await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '10.00',
      accountBalanceDate: '1980-01-01',
    });
    const result = await run({ clientId, userId: 1 });
    expect(result.skipped).toEqual([{ accountId: bad, message: expect.stringContaining(`Account ${bad}`) }]);
    expect(result.skipped[0]!.message).toContain('1990-01-01');
    expect(result).toMatchObject({ accountCount: 1, groupCount: 1 });
    expect(await dailyOf(good)).toHaveLength(1);
    expect(await dailyOf(bad)).toEqual([]);
    const [all] = await db()
      .select({ groupId: accountGroups.groupId })
      .from(accountGroups)
      .where(inArray(accountGroups.clientId, [clientId]));
    expect(await groupDailyOf(all!.groupId)).toEqual([{ date: '2024-03-01', balance: '10.00' }]);
  });
});
