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
  const [year, month] = lastReportDate.split('-').map(Number) as [number, number];
  // The last day of the month `reportFrequency` months after the reported period's last month.
  const nextEnd = new Date(Date.UTC(year, month + (reportFrequency ?? 3), 0)).toISOString().slice(0, 10);
  return today <= nextEnd ? REPORTED_STATUS : REPORT_DUE_STATUS;
}

/** Spec 4: enabled only when a report row exists and its status is not Reported. */
export function canStartReport(status: { reportStatus: string | null } | null | undefined): boolean {
  return status != null && status.reportStatus !== REPORTED_STATUS;
}
