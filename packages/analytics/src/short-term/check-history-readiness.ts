import { formatIsoDate, fromDayNumber, type IsoDate } from '../core/iso-date';

export interface ReadinessChecks {
  /** Whole months from the first day with data (or the start date, if later) to the end date. */
  readonly historyMonths: number;
  readonly hasEnoughHistory: boolean;
  /** Longest run of consecutive business days without any transaction in the window. */
  readonly longestGapBusinessDays: number;
  readonly longestGapStart?: IsoDate;
  readonly hasNoLongGap: boolean;
  /** Step 1 Ready?: YES when both checks pass. */
  readonly isReady: boolean;
}

export const REQUIRED_HISTORY_MONTHS = 24;
export const MAX_GAP_BUSINESS_DAYS = 10;

function countWholeMonths(fromDay: number, toDay: number): number {
  const from = fromDayNumber(fromDay);
  const to = fromDayNumber(toDay);
  let months = (to.year - from.year) * 12 + (to.month - from.month);
  // A month counts once the day of month is reached again (Jan 15 -> Mar 14 is 1 month).
  if (to.day < from.day) months -= 1;
  return Math.max(0, months);
}

/**
 * Short-term model section of analytics.md, step 1 checks: at least 24 months of history and no gap
 * over 10 business days. `counts` is the number of transactions per business day of the window.
 */
export function checkHistoryReadiness(
  days: readonly number[],
  counts: Uint32Array,
  firstDataDay: number,
  startDay: number,
  endDay: number,
): ReadinessChecks {
  const historyMonths = countWholeMonths(Math.max(firstDataDay, startDay), endDay);
  let longest = 0;
  let longestStart: number | undefined;
  let run = 0;
  let runStart = 0;
  days.forEach((day, index) => {
    if ((counts[index] as number) === 0) {
      if (run === 0) runStart = day;
      run += 1;
      if (run > longest) {
        longest = run;
        longestStart = runStart;
      }
    } else run = 0;
  });
  const hasEnoughHistory = historyMonths >= REQUIRED_HISTORY_MONTHS;
  const hasNoLongGap = longest <= MAX_GAP_BUSINESS_DAYS;
  return {
    historyMonths,
    hasEnoughHistory,
    longestGapBusinessDays: longest,
    ...(longestStart === undefined ? {} : { longestGapStart: formatIsoDate(longestStart) }),
    hasNoLongGap,
    isReady: hasEnoughHistory && hasNoLongGap,
  };
}
