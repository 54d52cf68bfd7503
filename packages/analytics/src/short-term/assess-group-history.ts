import { foldToBusinessDays, type DayFlow } from '../calendar/fold-to-business-days';
import { formatIsoDate, parseIsoDate, type IsoDate } from '../core/iso-date';
import { fail, ok, type Result } from '../core/result';
import { checkHistoryReadiness, type ReadinessChecks } from './check-history-readiness';

export interface GroupHistory {
  /** Latest first-transaction date of the member accounts with data: from it on, each of them has data. */
  readonly minDate: IsoDate | null;
  /** YES when step 1's checks pass from minDate to the group's newest transaction. */
  readonly validationStatus: 'YES' | 'NO';
  /** Those checks; null when no account has a transaction. */
  readonly checks: ReadinessChecks | null;
}

/**
 * Short-term model section of analytics.md: whether an account group is ready for step 1, as the
 * Account Groups table shows it. `transactionDaysByAccount` holds each member account's transaction
 * dates (any order, repeats allowed); accounts without any add nothing. The checks are step 1's own
 * (checkHistoryReadiness over [minDate, newest transaction day], dates folded onto business days), so
 * a group marked YES passes step 1 run from its minDate to its newest transaction, and one marked NO
 * fails it. Outside 1990-2100 the calendar counts weekdays only, so no stored date is refused here.
 */
export function assessGroupHistory(
  transactionDaysByAccount: Iterable<readonly IsoDate[]>,
): Result<GroupHistory> {
  const flows: DayFlow[] = [];
  let minDay: number | undefined;
  let newestDay = -Infinity;
  let accountIndex = 0;
  for (const dates of transactionDaysByAccount) {
    let firstDay = Infinity;
    for (let index = 0; index < dates.length; index += 1) {
      const day = parseIsoDate(dates[index] as string);
      if (day === undefined) {
        const field = `transactionDaysByAccount[${accountIndex}][${index}]`;
        return fail(
          'INVALID_DATE',
          `${field} is not a valid date (YYYY-MM-DD): ${String(dates[index])}`,
          field,
        );
      }
      flows.push({ day, amount: 0 });
      firstDay = Math.min(firstDay, day);
      newestDay = Math.max(newestDay, day);
    }
    if (dates.length > 0 && (minDay === undefined || firstDay > minDay)) minDay = firstDay;
    accountIndex += 1;
  }
  if (minDay === undefined) return ok({ minDate: null, validationStatus: 'NO', checks: null });
  // As step 1 windows the group's flows: only those from the start day on count.
  const { days, counts } = foldToBusinessDays(flows, minDay, newestDay);
  const checks = checkHistoryReadiness(days, counts, minDay, minDay, newestDay);
  return ok({ minDate: formatIsoDate(minDay), validationStatus: checks.isReady ? 'YES' : 'NO', checks });
}
