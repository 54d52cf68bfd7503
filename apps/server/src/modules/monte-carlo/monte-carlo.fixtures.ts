import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { accountGroupAccounts, accountGroups, marketRateObservations } from '../../db/schema';
import {
  createAccountRow,
  createRelatedBank,
  insertTransactions,
  weekdays,
} from '../../../test/account-fixtures';
import type { TestContext } from '../../../test/test-context';
import { runMonteCarloNow } from './run-monte-carlo-now';

// Test records for the Monte Carlo tests and the security suite: a group whose one account has a known
// balance on the end date and a weekday history of deterministic flows before it.

export interface MonteCarloGroupOptions {
  bankId?: number;
  /** The group's balance at the end of endDate (the account's start balance is anchored there). */
  balance?: number;
  endDate?: string;
  /** First day of the history (its flows start the day after). */
  firstDate?: string;
  name?: string;
}

/** Deterministic daily flows averaging about 0: the balance wanders within ±$60,000 of the anchor. */
function flowOf(index: number): string {
  const swing = ((index * 7919) % 9000) - 4500;
  const payroll = index % 10 === 9 ? -12_000 : 0;
  const receipts = index % 10 === 4 ? 11_800 : 0;
  return (swing + payroll + receipts).toFixed(2);
}

export async function createMonteCarloGroup(
  ctx: TestContext,
  clientId: number,
  options: MonteCarloGroupOptions = {},
): Promise<{ accountId: number; groupId: number; bankId: number }> {
  const db = ctx.database.db;
  const endDate = options.endDate ?? '2001-06-29';
  const bankId = options.bankId ?? (await createRelatedBank(ctx, clientId));
  const name = options.name ?? `Liquidity ${randomUUID().slice(0, 6)}`;
  const accountId = await createAccountRow(ctx, clientId, bankId, {
    accountName: `${name} Operating`,
    accountBalance: (options.balance ?? 1_000_000).toFixed(2),
    accountBalanceDate: endDate,
  });
  const days = weekdays(options.firstDate ?? '2000-01-03', endDate);
  await insertTransactions(
    ctx,
    clientId,
    accountId,
    days.map((transactionDate, index) => ({ transactionDate, amount: flowOf(index) })),
  );
  const [group] = await db
    .insert(accountGroups)
    .values({ clientId, groupName: name })
    .returning({ groupId: accountGroups.groupId });
  await db.insert(accountGroupAccounts).values({ clientId, groupId: group!.groupId, accountId });
  return { accountId, groupId: group!.groupId, bankId };
}

/** The five benchmark series on `date` (percent a year), as the market-rates module stores them. */
export async function insertLevelRates(
  ctx: TestContext,
  date: string,
  values: readonly number[] = [5.33, 5.45, 5.1, 4.75, 5.6],
): Promise<void> {
  await ctx.database.db
    .insert(marketRateObservations)
    .values(
      LIQUIDITY_LEVEL_TERMS.map((term, index) => ({
        seriesId: term.seriesId,
        observationDate: date,
        value: values[index] as number,
        source: 'import' as const,
      })),
    )
    .onConflictDoUpdate({
      target: [marketRateObservations.seriesId, marketRateObservations.observationDate],
      set: { value: sql`excluded.value` },
    });
}

/** What the security suite needs of a client: a Monte Carlo group and a finished run of it. */
export const SECURITY_MONTE_CARLO = { endDate: '2025-12-31', balance: 1_000_000 } as const;

export async function createMonteCarloRecords(
  ctx: TestContext,
  clientId: number,
  bankId: number,
  marker: string,
  userId: number,
): Promise<{ monteCarloGroupId: number; monteCarloId: number }> {
  const { groupId } = await createMonteCarloGroup(ctx, clientId, {
    bankId,
    name: `${marker} Liquidity`,
    endDate: SECURITY_MONTE_CARLO.endDate,
    firstDate: '2024-11-01',
    balance: SECURITY_MONTE_CARLO.balance,
  });
  const run = await runMonteCarloNow(ctx.database.db, {
    clientId,
    accountGroupId: groupId,
    userId,
    name: `${marker} Monte Carlo`,
    endDate: SECURITY_MONTE_CARLO.endDate,
    numberOfYears: 1,
    paths: 200,
  });
  if (run.state !== 'done') throw new Error(`The security run failed: ${run.message}`);
  return { monteCarloGroupId: groupId, monteCarloId: run.monteCarloId };
}
