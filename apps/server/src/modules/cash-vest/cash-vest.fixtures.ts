import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatIsoDate, parseIsoDate, runMonteCarlo } from '@tideline/analytics';
import {
  accountGroups,
  balances,
  bankClientRelationships,
  cashVestScores,
  fees,
  keywordCategories,
  keywords,
  liquidityLevelOverrides,
  marketRateObservations,
  monteCarloRuns,
  openReports,
  shortTermModels,
} from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { insertInvestment, investmentTypeId } from '../../../test/investment-fixtures';
import type { TestContext } from '../../../test/test-context';

// Test records of the cashVest tests: a client with an operating account and a money market account
// over the first quarter of 2037 (the dates no other test file uses), interest received on the money
// market, and the other inputs of the suggestion, each added on demand.

export const PERIOD = { startDate: '2037-01-01', endDate: '2037-03-31' } as const;
/** Days in PERIOD (2037 is no leap year). */
export const PERIOD_DAYS = 90;
/** Interest on the money market account: two in the period, one in the 12 months before its end. */
export const INTEREST = [
  { transactionDate: '2036-06-15', amount: '900.00' },
  { transactionDate: '2037-01-31', amount: '2500.00' },
  { transactionDate: '2037-02-28', amount: '3500.00' },
] as const;
/** Anchors on 2036-12-31 and the operating account's flows (the last one carries the tables to 03-31). */
export const OPERATING = {
  anchor: 400_000,
  flows: [
    { transactionDate: '2037-01-15', amount: '-50000.00' },
    { transactionDate: '2037-03-31', amount: '50000.00' },
  ],
};
export const MONEY_MARKET_ANCHOR = 600_000;

/** A keyword in the category named Interest (shared by the test files: created once). */
export async function interestKeywordId(ctx: TestContext): Promise<number> {
  const db = ctx.database.db;
  await db.insert(keywordCategories).values({ categoryName: 'Interest' }).onConflictDoNothing();
  const [category] = await db
    .select({ id: keywordCategories.categoryId })
    .from(keywordCategories)
    .where(sql`lower(${keywordCategories.categoryName}) = 'interest'`);
  const [keyword] = await db
    .insert(keywords)
    .values({ keywordName: `INTEREST ${randomUUID().slice(0, 8)}`, keywordCategoryId: category!.id })
    .returning({ keywordId: keywords.keywordId });
  return keyword!.keywordId;
}

export interface CashVestWorld {
  clientId: number;
  bankId: number;
  relId: number;
  groupId: number;
  operatingId: number;
  moneyMarketId: number;
}

/** The client, its bank, the two accounts with their transactions (tables not computed yet). */
export async function createCashVestWorld(ctx: TestContext, clientId: number): Promise<CashVestWorld> {
  const db = ctx.database.db;
  const bankId = await createRelatedBank(ctx, clientId, {
    bankName: `Cash Vest Bank ${randomUUID().slice(0, 6)}`,
  });
  const anchor = { accountBalanceDate: '2036-12-31' };
  const operatingId = await createAccountRow(ctx, clientId, bankId, {
    ...anchor,
    accountName: 'General Operating',
    accountCategory: 'Operating',
    accountBalance: OPERATING.anchor.toFixed(2),
  });
  const moneyMarketId = await createAccountRow(ctx, clientId, bankId, {
    ...anchor,
    accountName: 'Reserve Money Market',
    accountCategory: 'Money Market',
    accountBalance: MONEY_MARKET_ANCHOR.toFixed(2),
  });
  const keywordId = await interestKeywordId(ctx);
  await insertTransactions(ctx, clientId, operatingId, OPERATING.flows);
  await insertTransactions(
    ctx,
    clientId,
    moneyMarketId,
    INTEREST.map((t) => ({ ...t, keywordId, description: 'INTEREST PAID' })),
  );
  const [group] = await db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  const [rel] = await db
    .select({ relId: bankClientRelationships.bankClientRelId })
    .from(bankClientRelationships)
    .where(and(eq(bankClientRelationships.clientId, clientId), eq(bankClientRelationships.bankId, bankId)));
  return { clientId, bankId, relId: rel!.relId, groupId: group!.groupId, operatingId, moneyMarketId };
}

/** A cashVest row over PERIOD (no scores), as 'New cashVest Score' makes within a cycle. */
export async function insertCashVestRow(
  ctx: TestContext,
  clientId: number,
  values: Partial<typeof cashVestScores.$inferInsert> = {},
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(cashVestScores)
    .values({ clientId, ...PERIOD, ...values })
    .returning({ id: cashVestScores.cashVestId });
  return row!.id;
}

export const LEVELS = {
  levelOne: 100_000,
  levelTwo: 200_000,
  levelThree: 200_000,
  levelFour: 300_000,
  levelFive: 150_000,
  cushion: 50_000,
};

/**
 * A finished Monte Carlo run of the group (the real model on a small synthetic history ending at a
 * balance of exactly the levels' sum) with LEVELS set by the analyst (Set Liquidity Levels).
 */
export async function insertLevels(ctx: TestContext, world: CashVestWorld): Promise<number> {
  const startBalance = Object.values(LEVELS).reduce((sum, amount) => sum + amount, 0);
  const transactions = Array.from({ length: 400 }, (_, i) => ({
    date: formatIsoDate(parseIsoDate('2036-02-01')! + i),
    amount: ((i * 7919) % 9000) - 4500,
  }));
  const result = runMonteCarlo({
    accounts: [
      { accountId: 'synthetic', anchorBalance: startBalance, anchorDate: PERIOD.endDate, transactions },
    ],
    endDate: PERIOD.endDate,
    numberOfYears: 1,
    today: PERIOD.endDate,
    seed: 7,
    paths: 100,
  });
  if (!result.ok) throw new Error(result.error.message);
  const db = ctx.database.db;
  const [run] = await db
    .insert(monteCarloRuns)
    .values({
      clientId: world.clientId,
      accountGroupId: world.groupId,
      startDate: result.value.startDate,
      endDate: PERIOD.endDate,
      monteCarloName: 'Quarter levels',
      numberOfYears: 1,
      seed: 7,
      paths: 100,
      state: 'done',
      result: result.value,
    })
    .returning({ id: monteCarloRuns.monteCarloId });
  const amount = (n: number) => n.toFixed(2);
  await db.insert(liquidityLevelOverrides).values({
    monteCarloId: run!.id,
    clientId: world.clientId,
    dateRange: result.value.liquidityLevels.dateRange,
    levelOne: amount(LEVELS.levelOne),
    levelTwo: amount(LEVELS.levelTwo),
    levelThree: amount(LEVELS.levelThree),
    levelFour: amount(LEVELS.levelFour),
    levelFive: amount(LEVELS.levelFive),
    cushion: amount(LEVELS.cushion),
  });
  return run!.id;
}

/** The five benchmark series (percent a year) on the period's last days. */
export const RATES = { EFFR: 4.0, DGS3MO: 4.2, DGS1: 4.4, DGS2: 4.6, HQMCB2YR: 5.0 };
const RATE_DATES = {
  EFFR: '2037-03-31',
  DGS3MO: '2037-03-30',
  DGS1: '2037-03-30',
  DGS2: '2037-03-30',
  HQMCB2YR: '2037-03-01',
};

/** RATES on the last days of the quarter ending in `year` March (2037 unless said). */
export async function insertRates(ctx: TestContext, year = 2037): Promise<void> {
  await ctx.database.db
    .insert(marketRateObservations)
    .values(
      Object.entries(RATES).map(([seriesId, value]) => ({
        seriesId,
        observationDate: RATE_DATES[seriesId as keyof typeof RATES].replace('2037', String(year)),
        value,
        source: 'import' as const,
      })),
    )
    .onConflictDoNothing();
}

export async function deleteRates(ctx: TestContext): Promise<void> {
  await ctx.database.db
    .delete(marketRateObservations)
    .where(inArray(marketRateObservations.observationDate, [...new Set(Object.values(RATE_DATES))]));
}

/** Validated treasury records of March: $1,000 of fees and $500 of earnings credit. */
export async function insertTreasury(ctx: TestContext, world: CashVestWorld): Promise<void> {
  const common = {
    clientId: world.clientId,
    bankClientRelId: world.relId,
    periodStart: '2037-03-01',
    periodEnd: '2037-03-31',
    batchId: 1,
    batchFileId: 1,
    sourceRowNumber: 1,
  };
  await ctx.database.db
    .insert(fees)
    .values({ ...common, description: 'Account maintenance', amount: '1000.00' });
  await ctx.database.db.insert(balances).values({
    ...common,
    description: 'Earnings credit',
    standardizedDescription: 'Earnings Credit Allowance',
    amount: '500',
  });
}

/** A finished step 1 of the group whose back-test missed by 20%. */
export async function insertBackTest(ctx: TestContext, world: CashVestWorld): Promise<void> {
  await ctx.database.db.insert(shortTermModels).values({
    clientId: world.clientId,
    accountGroupId: world.groupId,
    startDate: '2035-01-01',
    endDate: PERIOD.endDate,
    shortTermModelName: 'Spring forecast',
    step1State: 'done',
    step1Result: { backTest: { weeks: [], meanAbsoluteError: 1, relativeError: 0.2 } },
    step1CompletedAt: new Date(),
  });
}

/** A $100,000 note on the money market account maturing in 2038-06 (level four at the period's end). */
export async function insertNote(ctx: TestContext, world: CashVestWorld): Promise<void> {
  await insertInvestment(ctx, world.clientId, world.moneyMarketId, {
    investmentTypeId: await investmentTypeId(ctx, 'Treasury Bill'),
    faceValue: '100000.00',
    settlementAmount: '98000.00',
    settlementDate: '2036-12-01',
    maturityDate: '2038-06-30',
  });
}

/** The client's open cycle over PERIOD. */
export async function insertOpenReport(ctx: TestContext, clientId: number): Promise<number> {
  const [report] = await ctx.database.db
    .insert(openReports)
    .values({ clientId, ...PERIOD })
    .returning({ id: openReports.openReportId });
  return report!.id;
}
