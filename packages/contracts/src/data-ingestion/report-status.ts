// A client's report status (clients-accounts-investments-reports.md 4; ingestion.md "Reporting cycle"),
// without the Start Report schemas: the client summary's Report Status shows it on every profile.

/** The spec's client report status value that disables Start Report. */
export const REPORTED_STATUS = 'Reported';

/** Ours: a reported client whose next period has ended; Start Report is enabled again. */
export const REPORT_DUE_STATUS = 'Report Due';

/**
 * The status of a client with no open cycle whose last report covered up to `lastReportDate`: 'Reported'
 * until the next period (reportFrequency months, 3 when unset) has ended, then 'Report Due'. Without
 * this a reported client could never start its next cycle (spec 4 disables Start Report on Reported).
 */
export function statusAfterReport(
  lastReportDate: string,
  reportFrequency: number | null,
  today: string,
): typeof REPORTED_STATUS | typeof REPORT_DUE_STATUS {
  return today <= nextReportPeriod(lastReportDate, reportFrequency).endDate
    ? REPORTED_STATUS
    : REPORT_DUE_STATUS;
}

/**
 * The period after one that ended on `lastEndDate` (issue 42 point 2, Start Report prefilled): from the
 * next day to the last day of the month `reportFrequency` months (3 when unset) after its last month.
 */
export function nextReportPeriod(
  lastEndDate: string,
  reportFrequency: number | null,
): { startDate: string; endDate: string } {
  const [year, month, day] = lastEndDate.split('-').map(Number) as [number, number, number];
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);
  return {
    startDate: isoDay(new Date(Date.UTC(year, month - 1, day + 1))),
    endDate: isoDay(new Date(Date.UTC(year, month + (reportFrequency ?? 3), 0))),
  };
}

/**
 * Spec 4: enabled only when a report row exists and its status is not Reported; and not while a cycle is
 * open (issue 42 point 2), which the server would refuse only after the dates are typed.
 */
export function canStartReport(
  status: { reportStatus: string | null; analysisOpenReportId?: number | null } | null | undefined,
): boolean {
  return status != null && status.reportStatus !== REPORTED_STATUS && status.analysisOpenReportId == null;
}
