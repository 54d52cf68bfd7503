import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroupAccounts, accounts, dailyBalances, investments, investmentTypes } from '../../db/schema';

// Reads for the client summary widgets built on the Monte Carlo (Assets, Current Amounts Invested by
// Liquidity Level). An investment is held on `day` when settled on or before it and maturing after it.

const heldOn = (day: string) =>
  sql`${investments.settlementDate} <= ${day}::date and ${investments.maturityDate} > ${day}::date`;

/**
 * The client's complete accounts with their current balance: the last row of the account's daily
 * balance table, else its start balance (an account whose tables were never calculated).
 */
export function selectAssetAccounts(db: DbOrTx, clientId: number) {
  return db
    .select({
      accountId: accounts.accountId,
      category: accounts.accountCategory,
      isClosed: accounts.accountClosed,
      // Spelled out: inside a one-table select drizzle would leave the outer column unqualified.
      balance: sql<string>`coalesce((
        select d.balance from ${dailyBalances} d where d.account_id = "accounts"."account_id"
        order by d.balance_date desc limit 1), "accounts"."account_balance", 0)::text`,
    })
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.isStaging, false)))
    .orderBy(accounts.accountId);
}

/** The client's investments held on `day`, with their type. */
export function selectHeldInvestments(db: DbOrTx, clientId: number, day: string) {
  return db
    .select({
      id: investments.id,
      investmentType: investmentTypes.investmentTypeName,
      faceValue: investments.faceValue,
      maturityDate: investments.maturityDate,
    })
    .from(investments)
    .innerJoin(investmentTypes, eq(investmentTypes.investmentTypeId, investments.investmentTypeId))
    .where(and(eq(investments.clientId, clientId), heldOn(day)))
    .orderBy(investments.id);
}

/** The investments held on `day` in the accounts of one group. */
export function selectGroupHeldInvestments(db: DbOrTx, groupId: number, day: string) {
  return db
    .select({ id: investments.id, faceValue: investments.faceValue, maturityDate: investments.maturityDate })
    .from(investments)
    .innerJoin(
      accountGroupAccounts,
      and(
        eq(accountGroupAccounts.accountId, investments.accountId),
        eq(accountGroupAccounts.clientId, investments.clientId),
      ),
    )
    .where(and(eq(accountGroupAccounts.groupId, groupId), heldOn(day)))
    .orderBy(investments.id);
}
