import { and, between, inArray, max, sql } from 'drizzle-orm';
import type { RateCategory } from '@tideline/analytics';
import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { DbOrTx } from '../../db/open-database';
import { accountBalances } from '../../db/schema';
import { findRunRates, rateSeriesName } from '../monte-carlo/run-rates';

// Which accounts earn, and which rate group an account or a negotiated rate belongs to. The spec names
// the groups (fixedIncome, lowYield, highYield) and analytics.md "cashVest score" the earning accounts,
// but neither says how an account is placed: these rules are ours (docs/models.md "cashVest
// suggestions"). judgeEarningAccounts reads what the rule needs (earnings credit rates, benchmark).

/** Issue 41 point 5: the share of its level's benchmark an account's rate must reach to "earn". */
export const DEFAULT_EARNING_SHARE_PERCENT = 75;

/**
 * EARNING_RATE_SHARE_PERCENT (README "Configuration"): 0 to 100, default 75. An account earns when
 * its rate is at least this percent of its level's benchmark rate. A bad value is refused at start
 * (platform/config.ts reads it too), so here it can only be missing or valid.
 */
export function readEarningSharePercent(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.EARNING_RATE_SHARE_PERCENT?.trim();
  if (!text) return DEFAULT_EARNING_SHARE_PERCENT;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 100)
    throw new Error(`EARNING_RATE_SHARE_PERCENT must be a number from 0 to 100 (got '${text}').`);
  return value;
}

/**
 * The liquidity level whose benchmark an account is measured against: a term instrument (fixed
 * income: certificates of deposit, investment pools, investment accounts) against level two's 90-day
 * rate; a deposit that can be drawn any day (low and high yield) against level one's overnight rate.
 */
export function benchmarkLevelOfAccount(
  accountCategory: string | null,
  accountType: string | null,
): 'levelOne' | 'levelTwo' {
  return rateCategoryOfAccount(accountCategory, accountType) === 'fixedIncome' ? 'levelTwo' : 'levelOne';
}

/** A percent a year with 2 decimals, for the reason texts. */
const pct = (value: number) => `${(Math.round(value * 100) / 100).toFixed(2)}%`;

export interface EarningVerdict {
  isEarning: boolean;
  /** Why it earns or not, in words (the rates compared). */
  reason: string;
  /** The account's rate, percent a year: the higher of interest earned and earnings credit rate. */
  rate: number | null;
}

/**
 * Value Score, Cash Flow Optimization and the report's high-yield target: an account earns when its
 * rate — interest received over its average balance, annualised (x 365 / days), or the earnings credit
 * rate of its analysis statements if higher — is at least `sharePercent` of its level's benchmark
 * (benchmarkLevelOfAccount). A category that "pays interest" is not enough by itself: a money market
 * account paying 0.29% while the market pays 3.33% is idle money. Without a benchmark rate (the level's
 * rate unavailable) an account with any rate above 0 earns, and the reason says the rule could not be
 * applied.
 */
export function judgeEarning(options: {
  accountCategory: string | null;
  interestReceived: number;
  averageBalance: number | null;
  days: number;
  /** Percent a year; null without an earnings credit rate on its statements. */
  earningsCreditRate: number | null;
  /** The benchmark of the account's level, percent a year; null when unavailable. */
  benchmark: { rate: number; label: string } | null;
  sharePercent: number;
}): EarningVerdict {
  const { interestReceived, averageBalance, days, earningsCreditRate, benchmark, sharePercent } = options;
  const interestRate =
    averageBalance !== null && averageBalance > 0 && days > 0
      ? (interestReceived / averageBalance) * (365 / days) * 100
      : null;
  const candidates: { rate: number; what: string }[] = [];
  if (interestRate !== null && interestReceived > 0)
    candidates.push({ rate: interestRate, what: 'Interest received' });
  if (earningsCreditRate !== null && earningsCreditRate > 0)
    candidates.push({ rate: earningsCreditRate, what: 'Earnings credit rate' });
  const best = candidates.sort((a, b) => b.rate - a.rate)[0] ?? null;
  const kind = options.accountCategory ? `${options.accountCategory} account` : 'Account';
  if (!best)
    return {
      isEarning: false,
      reason: `${kind} with no interest and no earnings credit in the period`,
      rate: interestRate ?? 0,
    };
  const said = `${best.what}: ${pct(best.rate)} a year`;
  if (!benchmark)
    return {
      isEarning: true,
      reason: `${said} (no benchmark rate to compare with, so any rate counts)`,
      rate: best.rate,
    };
  const needed = (benchmark.rate * sharePercent) / 100;
  // Compared to the hundredth of a basis point, so a rate shown equal to the threshold is not refused.
  const isEarning = Math.round(best.rate * 10_000) >= Math.round(needed * 10_000);
  return {
    isEarning,
    reason: `${said}, ${isEarning ? 'at least' : 'under'} ${sharePercent}% of the ${benchmark.label} (${pct(benchmark.rate)}), ${pct(needed)}`,
    rate: best.rate,
  };
}

/**
 * The highest earnings credit rate (percent a year, as the statements quote it) of each account's
 * analysis statements whose period ends in [from, to]; accounts without one are left out.
 */
async function selectEarningsCreditRates(
  db: DbOrTx,
  accountIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: accountBalances.accountId, rate: max(accountBalances.amount) })
    .from(accountBalances)
    .where(
      and(
        inArray(accountBalances.accountId, [...accountIds]),
        sql`${accountBalances.standardizedDescription} ilike 'earnings credit rate%'`,
        between(accountBalances.periodEnd, from, to),
      ),
    )
    .groupBy(accountBalances.accountId);
  return new Map(
    rows.flatMap((r) => (r.accountId === null || r.rate === null ? [] : [[r.accountId, Number(r.rate)]])),
  );
}

/**
 * judgeEarning for each account over [start, end], against the benchmarks of levels one and two on
 * the end date (read as a Monte Carlo run reads its rates, stand-in series included). `averages` and
 * `interestReceived` are the period's, as the caller already has them.
 */
export async function judgeEarningAccounts(
  db: DbOrTx,
  accounts: readonly { accountId: number; accountCategory: string | null; accountType: string | null }[],
  period: { start: string; end: string },
  known: { averages: ReadonlyMap<number, number | null>; interestReceived: ReadonlyMap<number, number> },
  sharePercent: number = readEarningSharePercent(),
): Promise<Map<number, EarningVerdict>> {
  const ids = accounts.map((a) => a.accountId);
  const [ecr, runRates] = await Promise.all([
    selectEarningsCreditRates(db, ids, period.start, period.end),
    findRunRates(db, period.end),
  ]);
  const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000 + 1;
  const benchmarkOf = (field: 'levelOne' | 'levelTwo') => {
    const rate = runRates.rates[field];
    if (!rate) return null;
    const term = LIQUIDITY_LEVEL_TERMS.find((t) => t.field === field)!;
    return { rate: rate.value, label: `${term.label} benchmark, ${rateSeriesName(rate.seriesId)}` };
  };
  const benchmarks = { levelOne: benchmarkOf('levelOne'), levelTwo: benchmarkOf('levelTwo') };
  return new Map(
    accounts.map((a) => [
      a.accountId,
      judgeEarning({
        accountCategory: a.accountCategory,
        interestReceived: known.interestReceived.get(a.accountId) ?? 0,
        averageBalance: known.averages.get(a.accountId) ?? null,
        days,
        earningsCreditRate: ecr.get(a.accountId) ?? null,
        benchmark: benchmarks[benchmarkLevelOfAccount(a.accountCategory, a.accountType)],
        sharePercent,
      }),
    ]),
  );
}

/**
 * Interest Rate Comparison: fixed income for term instruments (certificates of deposit, investment
 * pools, investment accounts), high yield for money market, savings and sweep accounts, low yield for
 * the rest (operating and other transaction accounts).
 */
export function rateCategoryOfAccount(
  accountCategory: string | null,
  accountType: string | null,
): RateCategory {
  if (accountType === 'Investment') return 'fixedIncome';
  if (accountCategory === 'Certificate of Deposit' || accountCategory === 'Investment Pool')
    return 'fixedIncome';
  if (accountCategory === 'Money Market' || accountCategory === 'Savings' || accountCategory === 'Sweep')
    return 'highYield';
  return 'lowYield';
}

/** Negotiated rates carry a term, not a category: over 31 days is a term deposit (fixed income). */
const LIQUID_TERM_DAYS = 31;

/**
 * The rate groups a negotiated rate is compared in: a term deposit (term over 31 days) with fixed
 * income; a liquid quote (31 days or less, or no term) with both deposit groups, low and high yield.
 */
export function rateCategoriesOfNegotiatedRate(termDays: number | null): RateCategory[] {
  return termDays !== null && termDays > LIQUID_TERM_DAYS ? ['fixedIncome'] : ['lowYield', 'highYield'];
}
