import type { AccountHistory } from '../core/account-history';
import { computeDayToDayVariance, type DayToDayVarianceRow } from './compute-day-to-day-variance';
import { computeMonthlyTable, type MonthlyBalanceRow } from './compute-monthly-table';
import { computeDailySeries, findFirstDay, sumDailySeries, type DailySeries } from '../core/daily-series';
import { formatIsoDate, type IsoDate } from '../core/iso-date';
import { roundCents } from '../core/money';
import { reconcileBalances, type ReconciliationRow } from './reconcile-balances';
import { fail, ok, type Result } from '../core/result';
import { parseDateField, validateAccounts } from '../core/validate-accounts';

export interface DailyBalanceRow {
  readonly date: IsoDate;
  readonly balance: number;
  readonly credits: number;
  readonly debits: number;
  readonly transactionCount: number;
}

export interface AccountBalanceTables {
  readonly accountId: string;
  readonly daily: DailyBalanceRow[];
  readonly monthly: MonthlyBalanceRow[];
  readonly reconciliation: ReconciliationRow[];
}

export interface BalanceTables {
  readonly accounts: AccountBalanceTables[];
  /** Sums over the member accounts, from the earliest account's first day to `dataUntil`. */
  readonly group: {
    readonly daily: DailyBalanceRow[];
    readonly monthly: MonthlyBalanceRow[];
    readonly dayToDayVariance: DayToDayVarianceRow[];
  };
}

export interface BalanceTablesInput {
  readonly accounts: readonly AccountHistory[];
  /** The client's `dataUntil`: last day that gets a row. */
  readonly dataUntil: IsoDate;
}

function toDailyRows(series: DailySeries): DailyBalanceRow[] {
  const rows: DailyBalanceRow[] = new Array<DailyBalanceRow>(series.balances.length);
  for (let slot = 0; slot < series.balances.length; slot += 1) {
    rows[slot] = {
      date: formatIsoDate(series.firstDay + slot),
      balance: roundCents(series.balances[slot] as number),
      credits: roundCents(series.credits[slot] as number),
      debits: roundCents(series.debits[slot] as number),
      transactionCount: series.counts[slot] as number,
    };
  }
  return rows;
}

/**
 * "Calculate Daily and Monthly Tables" (Balance tables section of analytics.md): per account a row for
 * every calendar day from its first transaction (or anchor) to `dataUntil`, its monthly table and its
 * reconciliation; for the group the sums, the group's monthly table and the day-to-day variance.
 */
export function buildBalanceTables(input: BalanceTablesInput): Result<BalanceTables> {
  const parsed = validateAccounts(input.accounts);
  if (!parsed.ok) return parsed;
  const until = parseDateField(input.dataUntil, 'dataUntil');
  if (!until.ok) return until;
  const firstDays = parsed.value.map(findFirstDay);
  const groupFirstDay = Math.min(...firstDays);
  if (groupFirstDay > until.value) {
    return fail(
      'EMPTY_HISTORY',
      'No account has a transaction or anchor on or before dataUntil',
      'dataUntil',
    );
  }
  const accounts: AccountBalanceTables[] = [];
  const groupParts: DailySeries[] = [];
  parsed.value.forEach((account, index) => {
    const firstDay = Math.min(firstDays[index] as number, until.value);
    const own = computeDailySeries(account, firstDay, until.value);
    accounts.push({
      accountId: account.accountId,
      daily: toDailyRows(own),
      monthly: computeMonthlyTable(own),
      reconciliation: reconcileBalances(account),
    });
    groupParts.push(computeDailySeries(account, groupFirstDay, until.value));
  });
  const group = sumDailySeries(groupParts, groupFirstDay, until.value);
  return ok({
    accounts,
    group: {
      daily: toDailyRows(group),
      monthly: computeMonthlyTable(group),
      dayToDayVariance: computeDayToDayVariance(group),
    },
  });
}
