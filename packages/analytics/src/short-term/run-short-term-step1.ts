import type { AccountHistory } from '../core/account-history';
import { backTestShortTerm, type BackTest, type ForecastMethod } from './back-test-short-term';
import { fitCalendarModel, type CalendarModel } from './calendar-model';
import { collectFlowSides } from './flow-sides';
import {
  checkHistoryReadiness,
  REQUIRED_HISTORY_MONTHS,
  type ReadinessChecks,
} from './check-history-readiness';
import { collectGroupWindow } from '../core/collect-group-window';
import { computeTrendRatio, type TrendRatio } from './compute-trend-ratio';
import { addMonths, formatIsoDate, type IsoDate } from '../core/iso-date';
import { isFiniteAmount, roundCents } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import { parseDateField, validateAccounts } from '../core/validate-accounts';

export interface BalanceAdjustment {
  readonly date: IsoDate;
  readonly amount: number;
}

export interface ShortTermStep1Input {
  readonly accounts: readonly AccountHistory[];
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  /** The group's minDate: the start date may not be earlier. */
  readonly minDate: IsoDate;
  readonly balanceAdjustments?: readonly BalanceAdjustment[];
}

/** A fitted step 1: plain JSON, stored with the run and handed to step 2. */
export interface ShortTermStep1Model {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly minDate: IsoDate;
  readonly checks: ReadinessChecks;
  readonly trend: TrendRatio;
  readonly backTest: BackTest;
  /** Group balance at the end of the end date: where the forecast starts. */
  readonly endBalance: number;
  readonly balanceAdjustments: BalanceAdjustment[];
  /** model: the calendar model; seasonalNaive: last year's flows (the model did not beat them). */
  readonly method: ForecastMethod;
  /** The calendar model fitted on the whole window (receipts and disbursements). */
  readonly calendarModel: CalendarModel;
  /** Net flow of each business day of the last 371 days of history (the seasonal naive's input). */
  readonly recentFlows: { readonly date: IsoDate; readonly flow: number }[];
  /** Group end-of-day balances of the last 13 months of history, for the prior-year actuals. */
  readonly recentBalances: { readonly date: IsoDate; readonly balance: number }[];
}

function validateAdjustments(adjustments: readonly BalanceAdjustment[]): Result<BalanceAdjustment[]> {
  const seen = new Set<number>();
  const valid: BalanceAdjustment[] = [];
  for (let index = 0; index < adjustments.length; index += 1) {
    const field = `balanceAdjustments[${index}]`;
    const adjustment = adjustments[index];
    if (!adjustment) return fail('INVALID_ARGUMENT', `${field} is missing`, field);
    const day = parseDateField(adjustment.date, `${field}.date`);
    if (!day.ok) return day;
    if (seen.has(day.value))
      return fail('DUPLICATE_DATE', `${field}.date has another adjustment`, `${field}.date`);
    seen.add(day.value);
    if (!isFiniteAmount(adjustment.amount))
      return fail('NON_FINITE_AMOUNT', `${field}.amount must be a number`, `${field}.amount`);
    valid.push({ date: formatIsoDate(day.value), amount: adjustment.amount });
  }
  return ok(valid.sort((a, b) => a.date.localeCompare(b.date)));
}

/**
 * Short-term model step 1 (docs/models.md "Short-term model"): readiness checks, the calendar model of
 * receipts and disbursements with their trends, and the rolling-origin back-test that decides whether
 * the model or the 52-week seasonal naive forecasts, over [startDate, endDate].
 */
export function runShortTermStep1(input: ShortTermStep1Input): Result<ShortTermStep1Model> {
  const accounts = validateAccounts(input.accounts);
  if (!accounts.ok) return accounts;
  const start = parseDateField(input.startDate, 'startDate');
  if (!start.ok) return start;
  const end = parseDateField(input.endDate, 'endDate');
  if (!end.ok) return end;
  const minDate = parseDateField(input.minDate, 'minDate');
  if (!minDate.ok) return minDate;
  if (start.value < minDate.value) {
    return fail(
      'DATE_OUT_OF_RANGE',
      `The start date cannot be before the group's minDate ${input.minDate}`,
      'startDate',
    );
  }
  if (end.value < addMonths(start.value, REQUIRED_HISTORY_MONTHS)) {
    return fail(
      'HISTORY_TOO_SHORT',
      'The end date must be at least 24 months after the start date',
      'endDate',
    );
  }
  const adjustments = validateAdjustments(input.balanceAdjustments ?? []);
  if (!adjustments.ok) return adjustments;
  const window = collectGroupWindow(accounts.value, start.value - 1, end.value);
  if (window.transactionCount === 0) {
    return fail('EMPTY_HISTORY', 'The group has no transactions between the start and end dates', 'accounts');
  }
  const { days, flows, counts } = window.businessFlows;
  const sides = collectFlowSides(accounts.value, start.value - 1, end.value);
  const calendarModel = fitCalendarModel(sides.days, sides.receipts, sides.disbursements);
  const backTest = backTestShortTerm(sides.days, sides.receipts, sides.disbursements, end.value);
  const recentFlows: { date: IsoDate; flow: number }[] = [];
  days.forEach((day, index) => {
    if (day > end.value - 371)
      recentFlows.push({ date: formatIsoDate(day), flow: roundCents(flows[index] as number) });
  });
  const recentFrom = Math.max(start.value, addMonths(end.value, -13));
  const recentBalances: { date: IsoDate; balance: number }[] = [];
  for (let day = recentFrom; day <= end.value; day += 1) {
    // The window's daily series starts the day before startDate.
    recentBalances.push({
      date: formatIsoDate(day),
      balance: roundCents(window.daily.balances[day - start.value + 1] as number),
    });
  }
  return ok({
    startDate: formatIsoDate(start.value),
    endDate: formatIsoDate(end.value),
    minDate: formatIsoDate(minDate.value),
    checks: checkHistoryReadiness(days, counts, window.firstDataDay, start.value, end.value),
    trend: computeTrendRatio(calendarModel),
    backTest,
    endBalance: roundCents(window.endBalance),
    balanceAdjustments: adjustments.value,
    method: backTest.accuracy.method,
    calendarModel,
    recentFlows,
    recentBalances,
  });
}
