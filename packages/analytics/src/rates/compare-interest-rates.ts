import type { AccountHistory } from '../core/account-history';
import { computeDailySeries } from '../core/daily-series';
import { fromDayNumber, toDayNumber, type IsoDate } from '../core/iso-date';
import { isFiniteAmount, roundRate } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import { sumInterest } from './sum-interest';
import { parseDateField, validateAccounts } from '../core/validate-accounts';

export const RATE_CATEGORIES = ['fixedIncome', 'lowYield', 'highYield'] as const;
export type RateCategory = (typeof RATE_CATEGORIES)[number];

export interface RateComparisonAccount {
  readonly bankId: string;
  readonly bankName: string;
  readonly category: RateCategory;
  readonly history: AccountHistory;
}

export interface NegotiatedRate {
  readonly bankId: string;
  readonly state: string;
  readonly category: RateCategory;
  /** Decimal fraction a year. */
  readonly rate: number;
}

export interface InterestRateComparisonInput {
  /** Last month and last quarter are the full calendar month and quarter before this date's. */
  readonly asOfDate: IsoDate;
  readonly clientState: string;
  readonly accounts: readonly RateComparisonAccount[];
  readonly negotiatedRates: readonly NegotiatedRate[];
}

/** All rates are decimal fractions a year; null when there is nothing to measure. */
export interface CategoryRates {
  readonly lastMonth: number | null;
  readonly lastQuarter: number | null;
  readonly bestRate: number | null;
  readonly bestInState: number | null;
  readonly average: number | null;
}

export interface BankRateComparison {
  readonly bankId: string;
  readonly bankName: string;
  /** The bank's state, from its negotiated rates (null when it has none). */
  readonly state: string | null;
  readonly fixedIncome: CategoryRates;
  readonly lowYield: CategoryRates;
  readonly highYield: CategoryRates;
}

function findPeriods(asOfDay: number): { month: [number, number]; quarter: [number, number] } {
  const { year, month } = fromDayNumber(asOfDay);
  const monthStart = toDayNumber(year, month - 1, 1);
  const quarterStartMonth = Math.floor((month - 1) / 3) * 3 + 1 - 3;
  const quarterStart = toDayNumber(year, quarterStartMonth, 1);
  return {
    month: [monthStart, toDayNumber(year, month, 1) - 1],
    quarter: [quarterStart, toDayNumber(year, quarterStartMonth + 3, 1) - 1],
  };
}

function pickStat(rates: number[], pick: (values: number[]) => number): number | null {
  return rates.length === 0 ? null : roundRate(pick(rates));
}

/**
 * Interest rate comparison (analytics.md; clients spec 3): per bank and category, the earned rate of
 * last month and last quarter = interest / average daily balance, annualised by 365 / days, and the
 * best, best-in-state and average negotiated rate of the category across banks.
 */
export function compareInterestRates(input: InterestRateComparisonInput): Result<BankRateComparison[]> {
  const asOf = parseDateField(input.asOfDate, 'asOfDate');
  if (!asOf.ok) return asOf;
  const parsed = validateAccounts(input.accounts.map((account) => account.history));
  if (!parsed.ok) return parsed;
  for (const [index, account] of input.accounts.entries()) {
    if (!RATE_CATEGORIES.includes(account.category)) {
      return fail(
        'INVALID_ARGUMENT',
        `accounts[${index}].category must be one of ${RATE_CATEGORIES.join(', ')}`,
        `accounts[${index}].category`,
      );
    }
  }
  for (const [index, negotiated] of input.negotiatedRates.entries()) {
    if (!isFiniteAmount(negotiated.rate)) {
      return fail(
        'NON_FINITE_AMOUNT',
        `negotiatedRates[${index}].rate must be a finite number`,
        `negotiatedRates[${index}].rate`,
      );
    }
  }
  const periods = findPeriods(asOf.value);
  const earnedRate = (members: number[], [from, to]: [number, number]): number | null => {
    let balanceDays = 0;
    let interest = 0;
    for (const member of members) {
      const account = parsed.value[member];
      const source = input.accounts[member];
      if (!account || !source) continue;
      const series = computeDailySeries(account, from, to);
      for (const balance of series.balances) balanceDays += balance;
      interest += sumInterest(source.history.transactions, from, to);
    }
    const days = to - from + 1;
    const averageDailyBalance = balanceDays / days;
    return members.length > 0 && averageDailyBalance > 0
      ? roundRate((interest / averageDailyBalance) * (365 / days))
      : null;
  };
  const banks = new Map<string, { bankName: string; members: Record<RateCategory, number[]> }>();
  input.accounts.forEach((account, index) => {
    const bank = banks.get(account.bankId) ?? {
      bankName: account.bankName,
      members: { fixedIncome: [], lowYield: [], highYield: [] },
    };
    bank.members[account.category].push(index);
    banks.set(account.bankId, bank);
  });
  const negotiatedStats = (category: RateCategory) => {
    const all = input.negotiatedRates.filter((item) => item.category === category).map((item) => item.rate);
    const inState = input.negotiatedRates
      .filter((item) => item.category === category && item.state === input.clientState)
      .map((item) => item.rate);
    return {
      bestRate: pickStat(all, (values) => Math.max(...values)),
      bestInState: pickStat(inState, (values) => Math.max(...values)),
      average: pickStat(all, (values) => values.reduce((sum, value) => sum + value, 0) / values.length),
    };
  };
  const result: BankRateComparison[] = [];
  for (const [bankId, bank] of banks) {
    const categoryRates = (category: RateCategory): CategoryRates => ({
      lastMonth: earnedRate(bank.members[category], periods.month),
      lastQuarter: earnedRate(bank.members[category], periods.quarter),
      ...negotiatedStats(category),
    });
    result.push({
      bankId,
      bankName: bank.bankName,
      state: input.negotiatedRates.find((item) => item.bankId === bankId)?.state ?? null,
      fixedIncome: categoryRates('fixedIncome'),
      lowYield: categoryRates('lowYield'),
      highYield: categoryRates('highYield'),
    });
  }
  return ok(result);
}
