import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBalanceTables } from '@tideline/analytics';
import { accountGroupDailyBalances, accounts, dailyBalances, transactions } from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../test/test-context';
import { loadGroupHistory, refreshGroupTables } from './group-history';

// Issue 18 point 1: analyses read the balance tables. A group's daily table handed to the models as
// one history must give the same balances as the member accounts themselves, and tables older than a
// change in the books are rebuilt before an analysis reads them.

let ctx: TestContext;
const db = () => ctx.database.db;

async function allAccountsGroupOf(clientId: number): Promise<number> {
  const { rows } = await db().execute(
    sql`select group_id as "groupId" from account_groups where client_id = ${clientId} and is_all_accounts`,
  );
  return (rows[0] as { groupId: number }).groupId;
}

async function clientWithTwoAccounts() {
  const [clientId] = (await createClients(ctx, 1, 'Group history')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const first = await createAccountRow(ctx, clientId, bankId, {
    accountBalance: '1000.00',
    accountBalanceDate: '2026-01-05',
  });
  const second = await createAccountRow(ctx, clientId, bankId, {
    accountBalance: '250.00',
    accountBalanceDate: '2026-01-02',
  });
  await insertTransactions(ctx, clientId, first, [
    { transactionDate: '2026-01-05', amount: '-100.00' },
    { transactionDate: '2026-01-06', amount: '40.00' },
    { transactionDate: '2026-01-06', amount: '-40.00' },
    { transactionDate: '2026-01-09', amount: '500.00' },
  ]);
  await insertTransactions(ctx, clientId, second, [
    { transactionDate: '2026-01-07', amount: '-50.00' },
    { transactionDate: '2026-01-09', amount: '-25.00' },
  ]);
  return { clientId, first, second, groupId: await allAccountsGroupOf(clientId) };
}

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe('refreshGroupTables and loadGroupHistory', () => {
  it('builds missing tables, then hands the models the group’s balances and busy days', async () => {
    const { clientId, groupId } = await clientWithTwoAccounts();
    expect(await loadGroupHistory(db(), groupId)).toBeNull();
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(2);
    const history = (await loadGroupHistory(db(), groupId))!;
    // 2026-01-09: 1000 - 0 + 500 (first) and 250 - 50 - 25 (second).
    expect(history).toMatchObject({ anchorDate: '2026-01-09', anchorBalance: 1675 });
    // The day whose credits and debits cancel out stays a day with transactions.
    expect(history.transactions.filter((t) => t.date === '2026-01-06')).toEqual([
      { date: '2026-01-06', amount: 40 },
      { date: '2026-01-06', amount: -40 },
    ]);
    // Rebuilt from this one history, the group's daily balances are the table's.
    const rebuilt = buildBalanceTables({ accounts: [history], dataUntil: '2026-01-09' });
    expect(rebuilt.ok).toBe(true);
    const table = await db()
      .select({ date: accountGroupDailyBalances.balanceDate, balance: accountGroupDailyBalances.balance })
      .from(accountGroupDailyBalances)
      .where(eq(accountGroupDailyBalances.accountGroupId, groupId))
      .orderBy(accountGroupDailyBalances.balanceDate);
    // (The history starts on the first day with transactions; the table, at the earliest anchor.)
    const fromHistory = rebuilt.ok ? rebuilt.value.accounts[0]!.daily : [];
    expect(fromHistory.map((d) => [d.date, d.balance])).toEqual(
      table.filter((d) => d.date >= fromHistory[0]!.date).map((d) => [d.date, Number(d.balance)]),
    );
    expect(fromHistory.map((d) => d.date)).toContain('2026-01-09');
  });

  it('leaves fresh tables alone and rebuilds only what a change in the books made stale', async () => {
    const { clientId, first, second, groupId } = await clientWithTwoAccounts();
    await refreshGroupTables(db(), { clientId, userId: 1 }, groupId);
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(0);

    // A new description changes no balance: nothing is stale.
    await db().update(transactions).set({ description: 'Renamed' }).where(eq(transactions.accountId, first));
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(0);

    await insertTransactions(ctx, clientId, second, [{ transactionDate: '2026-01-08', amount: '-10.00' }]);
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(1);
    const history = (await loadGroupHistory(db(), groupId))!;
    expect(history.anchorBalance).toBe(1665);
    const secondDays = await db().select().from(dailyBalances).where(eq(dailyBalances.accountId, second));
    expect(secondDays.find((d) => d.balanceDate === '2026-01-09')!.balance).toBe('165.00');

    // An amount edit counts too.
    await db().update(transactions).set({ amount: '600.00' }).where(eq(transactions.amount, '500.00'));
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(1);
    expect((await loadGroupHistory(db(), groupId))!.anchorBalance).toBe(1765);
  });

  it('rebuilds the group when its membership changed after its table was computed', async () => {
    const { clientId, first, groupId } = await clientWithTwoAccounts();
    await refreshGroupTables(db(), { clientId, userId: 1 }, groupId);
    await db().execute(
      sql`update account_groups set updated_at = clock_timestamp() where group_id = ${groupId}`,
    );
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(2);
    // Staging accounts are never members the tables count.
    await db().update(accounts).set({ isStaging: true }).where(eq(accounts.accountId, first));
    expect(await refreshGroupTables(db(), { clientId, userId: 1 }, groupId)).toBe(0);
  });
});
