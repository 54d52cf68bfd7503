import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIsoDate, parseIsoDate, runMonteCarlo } from '@tideline/analytics';
import { accountGroups, exceptionItems, liquidityLevelOverrides, monteCarloRuns } from '../../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../../test/account-fixtures';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { refreshGroupTables } from '../../balance-tables/group-history';
import { insertRates, interestKeywordId } from '../../cash-vest/cash-vest.fixtures';
import { findRunRates } from '../../monte-carlo/run-rates';
import { detectExceptions } from '../detect-exceptions';
import type { DetectorScope } from '../finding';
import { idleCashDetector } from './idle-cash.detector';

// Issue 43 point 1, "idle cash": balances above the liquidity levels' operating need, in accounts
// earning under the benchmark share, with the dollars a year at stake. Each client: an operating
// account and a money market account over 2041 Q1 (dates no other test uses, so the benchmark rates
// stored here are the only ones near it), a finished Monte Carlo run with the analyst's levels.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

const Q1_2041 = { start: '2041-01-01', end: '2041-03-31' };
/** A quarter with no market rate within 45 days of its end. */
const Q1_2045 = { start: '2045-01-01', end: '2045-03-31' };
const LEVELS = {
  levelOne: 100_000,
  levelTwo: 200_000,
  levelThree: 200_000,
  levelFour: 300_000,
  levelFive: 150_000,
  cushion: 50_000,
};

const scopeOf = (clientIds: number[], today = '2041-04-15'): DetectorScope => ({
  clientIds,
  today,
  now: new Date(`${today}T15:00:00Z`),
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  await insertRates(ctx, 2041);
});
afterAll(() => ctx.close());

interface WorldOptions {
  /** Days are shifted into this quarter. */
  quarter?: { start: string; end: string };
  operatingAnchor: number;
  moneyMarketAnchor: number;
  /** Interest paid into the money market on the 31st of January and the 28th of February. */
  interestEach: number;
  hasRun?: boolean;
}

/** A finished run of the group with LEVELS set by the analyst, and the rates of its end date stored. */
async function insertRun(clientId: number, groupId: number, end: string) {
  const startBalance = Object.values(LEVELS).reduce((sum, amount) => sum + amount, 0);
  const history = Array.from({ length: 400 }, (_, i) => ({
    date: formatIsoDate(parseIsoDate(end)! - 400 + i),
    amount: ((i * 7919) % 9000) - 4500,
  }));
  const result = runMonteCarlo({
    accounts: [
      { accountId: 'synthetic', anchorBalance: startBalance, anchorDate: end, transactions: history },
    ],
    endDate: end,
    numberOfYears: 1,
    today: end,
    seed: 7,
    paths: 100,
  });
  if (!result.ok) throw new Error(result.error.message);
  const [run] = await db()
    .insert(monteCarloRuns)
    .values({
      clientId,
      accountGroupId: groupId,
      startDate: result.value.startDate,
      endDate: end,
      monteCarloName: 'Quarter levels',
      numberOfYears: 1,
      seed: 7,
      paths: 100,
      state: 'done',
      result: result.value,
      rates: await findRunRates(db(), end),
    })
    .returning({ id: monteCarloRuns.monteCarloId });
  const amount = (n: number) => n.toFixed(2);
  await db()
    .insert(liquidityLevelOverrides)
    .values({
      monteCarloId: run!.id,
      clientId,
      dateRange: result.value.liquidityLevels.dateRange,
      levelOne: amount(LEVELS.levelOne),
      levelTwo: amount(LEVELS.levelTwo),
      levelThree: amount(LEVELS.levelThree),
      levelFour: amount(LEVELS.levelFour),
      levelFive: amount(LEVELS.levelFive),
      cushion: amount(LEVELS.cushion),
    });
}

/** The client, its two accounts with their flows and daily tables, and (unless said) its run. */
async function createWorld(options: WorldOptions) {
  const quarter = options.quarter ?? Q1_2041;
  const year = quarter.start.slice(0, 4);
  const [clientId] = (await createClients(ctx, 1, 'Idle cash')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const anchor = { accountBalanceDate: `${Number(year) - 1}-12-31` };
  const operatingId = await createAccountRow(ctx, clientId, bankId, {
    ...anchor,
    accountName: 'General Operating',
    accountCategory: 'Operating',
    accountBalance: options.operatingAnchor.toFixed(2),
  });
  const moneyMarketId = await createAccountRow(ctx, clientId, bankId, {
    ...anchor,
    accountName: 'Reserve Money Market',
    accountCategory: 'Money Market',
    accountBalance: options.moneyMarketAnchor.toFixed(2),
  });
  await insertTransactions(ctx, clientId, operatingId, [
    { transactionDate: `${year}-01-15`, amount: '-50000.00' },
    { transactionDate: quarter.end, amount: '50000.00' },
  ]);
  const keywordId = await interestKeywordId(ctx);
  const interest = options.interestEach.toFixed(2);
  await insertTransactions(ctx, clientId, moneyMarketId, [
    { transactionDate: `${year}-01-31`, amount: interest, keywordId, description: 'INTEREST PAID' },
    { transactionDate: `${year}-02-28`, amount: interest, keywordId, description: 'INTEREST PAID' },
  ]);
  const [group] = await db()
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  await refreshGroupTables(db(), { clientId, userId: admin.userId }, group!.groupId);
  if (options.hasRun !== false) await insertRun(clientId, group!.groupId, quarter.end);
  return { clientId };
}

const IDLE = { operatingAnchor: 400_000, moneyMarketAnchor: 600_000, interestEach: 150 };

describe('idleCashDetector', () => {
  it('finds the balance above the operating need sitting in accounts that do not earn, with its dollars a year', async () => {
    const { clientId } = await createWorld(IDLE);
    // Above the need: levels two to five and the cushion, $900,000, at $40,500 a year of benchmark
    // interest (4.50%); the accounts earned $300 in 90 days ($1,216.67 a year), and neither earns by
    // the rule (0.13% and 0% against 75% of 4.00%), so all $900,000 is idle: $39,283.33 a year.
    expect(await idleCashDetector.detect(db(), scopeOf([clientId]))).toEqual([
      {
        clientId,
        kind: 'idle_cash',
        subjectKey: `client:${clientId}:idle-cash`,
        severity: 'Medium',
        summary:
          "$900,000 of the $900,000 above the operating need sits in accounts earning under 75% of their benchmark: 0.13% a year against 4.50%, $39,283 a year at stake (balances of 2041-01-01 to 2041-03-31, levels of 'Quarter levels').",
        link: { place: 'analysisCashVest', clientId },
        since: '2041-01-01T00:00:00.000Z',
        amount: 39_283.33,
      },
    ]);
    expect(await detectExceptions(db(), scopeOf([clientId]), [idleCashDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'idle_cash', amount: '39283.33', status: 'Open' });
  });

  it('counts only what earning accounts do not hold: the operating surplus of a client whose money market earns', async () => {
    // The money market earns 4.04% (at least 75% of 4.00%), holding $603,066.67 on average; the
    // operating account's $358,333.33 does not, so $296,933.33 of the $900,000 is idle, at 4.50%
    // against 0%: $13,362.00 a year (under the report's gap of $40,500 - $24,333.33 = $16,166.67).
    const { clientId } = await createWorld({ ...IDLE, interestEach: 3_000 });
    const [finding] = await idleCashDetector.detect(db(), scopeOf([clientId]));
    expect(finding).toMatchObject({ severity: 'Medium', amount: 13_362 });
    expect(finding!.summary).toContain('$296,933 of the $900,000 above the operating need');
    expect(finding!.summary).toContain('0.00% a year against 4.50%, $13,362 a year at stake');
  });

  it('finds nothing when earning accounts hold the balance above the need, without a run, or without a benchmark rate', async () => {
    const earning = await createWorld({
      operatingAnchor: 100_000,
      moneyMarketAnchor: 900_000,
      interestEach: 4_500,
    });
    const noRun = await createWorld({ ...IDLE, hasRun: false });
    const noRate = await createWorld({ ...IDLE, quarter: Q1_2045 });
    const ids = [earning.clientId, noRun.clientId];
    expect(await idleCashDetector.detect(db(), scopeOf(ids))).toEqual([]);
    expect(await idleCashDetector.detect(db(), scopeOf([noRate.clientId], '2045-04-15'))).toEqual([]);
    expect(await detectExceptions(db(), scopeOf(ids), [idleCashDetector])).toMatchObject({ found: 0 });
  });
});
