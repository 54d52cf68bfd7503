import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import {
  canStartReport,
  nextReportPeriod,
  REPORTED_STATUS,
  START_REPORT_MSG,
  type StartReportInput,
} from '@tideline/contracts/data-ingestion/start-report.schemas';
import { formatDate } from '../../lib/format';

export interface StartReportGate {
  isAllowed: boolean;
  /** Why Start Report is disabled, shown beside it; null while it is allowed or the status loads. */
  reason: string | null;
  /** The form's first values: the period after the last report's, when there is one. */
  defaults: StartReportInput;
}

const EMPTY: StartReportInput = { startDate: '', endDate: '', dueDate: '' };

/**
 * Issue 42 point 2: Start Report is disabled, saying why, while a cycle is open (the server would refuse
 * it only once three dates are typed) and while the last report is Reported (spec 4); otherwise it opens
 * on the next period: the day after the last report's end, for the client's report frequency.
 */
export function gateStartReport(
  status: ClientReportStatus | null | undefined,
  reportFrequency: number | null,
): StartReportGate {
  if (!status) return { isAllowed: false, reason: null, defaults: EMPTY };
  const next = status.lastReportDate ? nextReportPeriod(status.lastReportDate, reportFrequency) : null;
  const defaults = next ? { ...next, dueDate: '' } : EMPTY;
  if (status.analysisOpenReportId !== null) {
    const period = `${formatDate(status.reportStartDate)} to ${formatDate(status.reportEndDate)}`;
    return {
      isAllowed: false,
      reason: `${START_REPORT_MSG.alreadyOpen.slice(0, -1)} (${period}).`,
      defaults,
    };
  }
  if (status.reportStatus === REPORTED_STATUS && status.lastReportDate && next)
    return {
      isAllowed: false,
      reason: `The report through ${formatDate(status.lastReportDate)} is complete; the next one can start after its period ends on ${formatDate(next.endDate)}.`,
      defaults,
    };
  return { isAllowed: canStartReport(status), reason: null, defaults };
}
