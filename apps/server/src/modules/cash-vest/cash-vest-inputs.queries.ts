import { and, asc, between, eq, gt, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import {
  accountBalances,
  accountGroupAccounts,
  accounts,
  balances,
  banks,
  clients,
  dailyBalances,
  fees,
  investments,
  keywordCategories,
  keywords,
  transactions,
} from '../../db/schema';

// What the cashVest suggestion and the interest-rate widgets read (analytics.md "cashVest score" and
// "Interest rate comparison"): balances from the daily balance tables (issue 18 point 1), interest
// transactions (keyword category Interest), validated treasury records, investments and the latest
// short-term back-test. Reads only; nothing here writes.

export interface MemberAccount {
  accountId: number;
  accountName: string;
  accountCategory: string | null;
  accountType: string | null;
  bankId: number | null;
  bankName: string | null;
}

/** The completed accounts of a group, by name. */
export function selectGroupAccounts(db: DbOrTx, groupId: number): Promise<MemberAccount[]> {
  return db
    .select({
      accountId: accounts.accountId,
      accountName: accounts.accountName,
      accountCategory: accounts.accountCategory,
      accountType: accounts.accountType,
      bankId: accounts.bankId,
      bankName: banks.bankName,
    })
    .from(accountGroupAccounts)
    .innerJoin(accounts, eq(accounts.accountId, accountGroupAccounts.accountId))
    .leftJoin(banks, eq(banks.bankId, accounts.bankId))
    .where(and(eq(accountGroupAccounts.groupId, groupId), eq(accounts.isStaging, false)))
    .orderBy(asc(accounts.accountName), asc(accounts.accountId));
}

/** Average end-of-day balance of each account over [from, to], from the daily table, with its day count. */
export async function selectAverageBalances(
  db: DbOrTx,
  accountIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, { average: number; days: number }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: dailyBalances.accountId,
      average: sql<string>`avg(${dailyBalances.balance})`,
      days: sql<number>`count(*)::int`,
    })
    .from(dailyBalances)
    .where(
      and(inArray(dailyBalances.accountId, [...accountIds]), between(dailyBalances.balanceDate, from, to)),
    )
    .groupBy(dailyBalances.accountId);
  return new Map(rows.map((r) => [r.accountId, { average: Number(r.average), days: r.days }]));
}

/** The daily balance rows of the accounts over [from, to], oldest first (the rate widgets' histories). */
export function selectDailyRows(db: DbOrTx, accountIds: readonly number[], from: string, to: string) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      accountId: dailyBalances.accountId,
      date: dailyBalances.balanceDate,
      balance: dailyBalances.balance,
      credits: dailyBalances.credits,
      debits: dailyBalances.debits,
    })
    .from(dailyBalances)
    .where(
      and(inArray(dailyBalances.accountId, [...accountIds]), between(dailyBalances.balanceDate, from, to)),
    )
    .orderBy(asc(dailyBalances.accountId), asc(dailyBalances.balanceDate));
}

/** The client's last day in the daily balance tables, or null. */
export async function selectLastBalanceDate(db: DbOrTx, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${dailyBalances.balanceDate})::text` })
    .from(dailyBalances)
    .where(eq(dailyBalances.clientId, clientId));
  return row?.last ?? null;
}

/** Interest received (keyword category Interest, any letter case) per account and day over [from, to]. */
export function selectInterestByDay(db: DbOrTx, accountIds: readonly number[], from: string, to: string) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      accountId: transactions.accountId,
      date: transactions.transactionDate,
      amount: sql<string>`sum(${transactions.amount})`,
    })
    .from(transactions)
    .innerJoin(keywords, eq(keywords.keywordId, transactions.keywordId))
    .innerJoin(keywordCategories, eq(keywordCategories.categoryId, keywords.keywordCategoryId))
    .where(
      and(
        inArray(transactions.accountId, [...accountIds]),
        between(transactions.transactionDate, from, to),
        sql`lower(trim(${keywordCategories.categoryName})) = 'interest'`,
      ),
    )
    .groupBy(transactions.accountId, transactions.transactionDate)
    .orderBy(asc(transactions.transactionDate));
}

/** Accounts whose validated analysis statements show an earnings credit rate above 0 in the period. */
export async function selectEcrAccounts(
  db: DbOrTx,
  accountIds: readonly number[],
  from: string,
  to: string,
): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ accountId: accountBalances.accountId })
    .from(accountBalances)
    .where(
      and(
        inArray(accountBalances.accountId, [...accountIds]),
        ilike(accountBalances.standardizedDescription, 'earnings credit rate%'),
        gt(accountBalances.amount, '0'),
        between(accountBalances.periodEnd, from, to),
      ),
    );
  return new Set(rows.map((r) => r.accountId).filter((id): id is number => id !== null));
}

/**
 * Fees and earnings credit of the validated treasury records whose statement period ends in [from, to]:
 * the rows of the member accounts, and the statement-level rows too when the group is 'All Accounts'.
 * `statements` counts the records found; 0 means there is nothing to say about fees.
 */
export async function selectTreasuryTotals(
  db: DbOrTx,
  scope: { clientId: number; accountIds: readonly number[]; isAllAccounts: boolean },
  from: string,
  to: string,
): Promise<{ statements: number; totalFees: number; earningsCredit: number }> {
  const ids = scope.accountIds.length ? [...scope.accountIds] : [-1];
  const ofScope = (accountId: typeof fees.accountId | typeof balances.accountId) =>
    scope.isAllAccounts ? or(isNull(accountId), inArray(accountId, ids)) : inArray(accountId, ids);
  const [fee] = await db
    .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${fees.amount}), 0)` })
    .from(fees)
    .where(
      and(eq(fees.clientId, scope.clientId), ofScope(fees.accountId), between(fees.periodEnd, from, to)),
    );
  const [credit] = await db
    .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${balances.amount}), 0)` })
    .from(balances)
    .where(
      and(
        eq(balances.clientId, scope.clientId),
        ofScope(balances.accountId),
        between(balances.periodEnd, from, to),
        ilike(balances.standardizedDescription, 'earnings credit allowance'),
      ),
    );
  const [anyBalance] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(balances)
    .where(and(eq(balances.clientId, scope.clientId), between(balances.periodEnd, from, to)));
  return {
    statements: (fee?.count ?? 0) + (anyBalance?.count ?? 0),
    totalFees: Number(fee?.total ?? 0),
    earningsCredit: Number(credit?.total ?? 0),
  };
}

/** Investments of the accounts held at the end of `asOf` (settled, not yet matured): face value and maturity. */
export function selectHeldInvestments(db: DbOrTx, accountIds: readonly number[], asOf: string) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({ faceValue: investments.faceValue, maturityDate: investments.maturityDate })
    .from(investments)
    .where(
      and(
        inArray(investments.accountId, [...accountIds]),
        lte(investments.settlementDate, asOf),
        gt(investments.maturityDate, asOf),
      ),
    );
}

/** The client's initialInterest and state. */
export async function selectClientFacts(db: DbOrTx, clientId: number) {
  const [row] = await db
    .select({ initialInterest: clients.initialInterest, state: clients.state })
    .from(clients)
    .where(eq(clients.clientId, clientId));
  return {
    initialInterest: row?.initialInterest == null ? null : Number(row.initialInterest),
    state: row?.state ?? null,
  };
}
