import { classifyLiquidityLevel, parseIsoDate } from '@tideline/analytics';
import {
  LIQUIDITY_SLICES,
  type AccountSummary,
  type BalanceHistory,
  type PeriodInterest,
} from '@tideline/contracts/account-summary/account-summary.schemas';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { findVisibleAccount } from '../accounts/accounts.service';
import * as q from './account-summary.queries';

const money = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100;

/** GET /api/accounts/balance-history/{accountId}: the Account Balance chart, from the daily table. */
export async function findBalanceHistory(
  db: DbOrTx,
  user: CurrentUser,
  accountId: number,
): Promise<BalanceHistory> {
  await findVisibleAccount(db, user, accountId);
  const [rows, state] = await Promise.all([
    q.selectDailyBalances(db, accountId),
    q.selectTablesState(db, accountId),
  ]);
  return {
    computedAt: state.computedAt?.toISOString() ?? null,
    isStale: state.isStale,
    points: rows.map((r) => ({ date: r.date, balance: Number(r.balance) })),
  };
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const endOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0));

/**
 * The last full month and the last full quarter ending on or before `asOf` (the last day of the
 * account's table): a month or quarter still running has not accrued all its interest.
 */
export function lastFullPeriods(asOf: string): { month: [string, string]; quarter: [string, string] } {
  const d = day(asOf);
  const year = d.getUTCFullYear();
  const isMonthEnd = iso(endOfMonth(year, d.getUTCMonth())) === asOf;
  const monthEnd = isMonthEnd ? endOfMonth(year, d.getUTCMonth()) : endOfMonth(year, d.getUTCMonth() - 1);
  const monthStart = new Date(Date.UTC(monthEnd.getUTCFullYear(), monthEnd.getUTCMonth(), 1));
  const quarterOf = (month: number) => Math.floor(month / 3);
  const endsQuarter = isMonthEnd && d.getUTCMonth() % 3 === 2;
  const quarterIndex = quarterOf(d.getUTCMonth()) - (endsQuarter ? 0 : 1);
  const quarterEnd = endOfMonth(year, quarterIndex * 3 + 2);
  const quarterStart = new Date(Date.UTC(quarterEnd.getUTCFullYear(), quarterEnd.getUTCMonth() - 2, 1));
  return { month: [iso(monthStart), iso(monthEnd)], quarter: [iso(quarterStart), iso(quarterEnd)] };
}

async function periodInterest(
  db: DbOrTx,
  accountId: number,
  [from, to]: [string, string],
): Promise<PeriodInterest | null> {
  const row = await q.selectPeriodInterest(db, accountId, from, to);
  if (row.average === null) return null;
  const interest = money(row.interest)!;
  const averageDailyBalance = money(row.average)!;
  const days = (day(to).getTime() - day(from).getTime()) / 86_400_000 + 1;
  const annualRate =
    averageDailyBalance > 0 ? Math.round((interest / averageDailyBalance) * (365 / days) * 1e6) / 1e4 : null;
  return { from, to, interest, averageDailyBalance, annualRate };
}

/**
 * GET /api/accounts/summary/{accountId}: the summary panel. Page one: the balance on the table's last
 * day with its 12-month average, low and high, and the liquidity pie (the cash balance, and the open
 * investments by liquidity level of their maturity, analytics.md). Page two: the interest rate earned
 * (annualised) and the interest accrued, last full month and last full quarter.
 */
export async function findAccountSummary(
  db: DbOrTx,
  user: CurrentUser,
  accountId: number,
): Promise<AccountSummary> {
  await findVisibleAccount(db, user, accountId);
  const figures = await q.selectBalanceFigures(db, accountId);
  if (!figures) {
    return {
      asOf: null,
      balance: { current: null, average12Months: null, minimum12Months: null, maximum12Months: null },
      liquidity: [],
      interestRate: [null, null],
      accruedInterest: { lastMonth: null, lastQuarter: null },
    };
  }
  const periods = lastFullPeriods(figures.asOf);
  const [lastMonth, lastQuarter, investments] = await Promise.all([
    periodInterest(db, accountId, periods.month),
    periodInterest(db, accountId, periods.quarter),
    q.selectOpenInvestments(db, accountId, figures.asOf),
  ]);
  const asOfDay = parseIsoDate(figures.asOf)!;
  const byLevel = new Map<string, number>();
  for (const investment of investments) {
    const level = classifyLiquidityLevel(parseIsoDate(investment.maturityDate)!, asOfDay);
    const label = LIQUIDITY_SLICES[level]!;
    byLevel.set(label, (byLevel.get(label) ?? 0) + Number(investment.amount));
  }
  const cash = money(figures.current)!;
  const liquidity = LIQUIDITY_SLICES.map((label) => ({
    label,
    amount: label === 'Cash' ? cash : money(byLevel.get(label) ?? 0)!,
  })).filter((slice) => slice.amount > 0);
  return {
    asOf: figures.asOf,
    balance: {
      current: cash,
      average12Months: money(figures.average),
      minimum12Months: money(figures.minimum),
      maximum12Months: money(figures.maximum),
    },
    liquidity,
    interestRate: [lastMonth?.annualRate ?? null, lastQuarter?.annualRate ?? null],
    accruedInterest: { lastMonth, lastQuarter },
  };
}
