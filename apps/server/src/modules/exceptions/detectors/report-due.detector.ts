import { sql } from 'drizzle-orm';
import { EXCEPTION_RULES } from '@tideline/contracts/exceptions/exceptions.schemas';
import { scopeClients, type Detector, type Finding } from '../finding';

interface DueRow {
  clientId: number;
  openReportId: number;
  startDate: string;
  endDate: string;
  dueDate: string;
  daysLeft: number;
  isAnalysisCompleted: boolean;
  since: string;
  validated: number;
  accounts: number;
  generated: number;
}

const daysOf = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** What still stands between the cycle and its finished report, from cheap counts. */
function describeOpenWork(r: DueRow): string {
  if (!r.isAnalysisCompleted) {
    const ingestion =
      r.accounts === 0
        ? 'no accounts in ingestion yet'
        : `${r.validated} of ${r.accounts} accounts validated`;
    return `analysis not completed; ${ingestion}`;
  }
  return r.generated === 0
    ? 'analysis completed, no report generated yet'
    : 'analysis completed, report not finalized';
}

function describeDue(r: DueRow): string {
  if (r.daysLeft < 0) return `is ${daysOf(-r.daysLeft)} late (due ${r.dueDate})`;
  if (r.daysLeft === 0) return `is due today (${r.dueDate})`;
  return `is due ${r.dueDate}, in ${daysOf(r.daysLeft)}`;
}

/**
 * Open reports running late (issue 43 point 1, spec dueDate): due within reportDueSoonDays or past
 * while the analysis is not completed; or past due with the analysis completed but no finalized
 * report of the cycle (finalize is what publishes it, reports.finalized). Ignored batch accounts are
 * not counted: they need no validation.
 */
export const reportDueDetector: Detector = {
  kinds: ['report_due'],
  async detect(db, scope) {
    const window = EXCEPTION_RULES.reportDueSoonDays;
    const { rows } =
      await db.execute(sql`select r.client_id as "clientId", r.open_report_id as "openReportId",
        r.start_date::text as "startDate", r.end_date::text as "endDate", r.due_date::text as "dueDate",
        (r.due_date - ${scope.today}::date) as "daysLeft",
        r.analysis_completed_at is not null as "isAnalysisCompleted",
        greatest((r.due_date - ${window}::int)::timestamp at time zone 'UTC', r.created_at) as since,
        coalesce(ba.validated, 0) as validated, coalesce(ba.accounts, 0) as accounts,
        coalesce(rp.generated, 0) as generated
      from open_reports r
      left join lateral (select count(*) filter (where a.status = 'Validated')::int as validated,
          count(*) filter (where a.status <> 'Ignored')::int as accounts
        from batches b join batch_accounts a on a.batch_id = b.batch_id
        where b.open_report_id = r.open_report_id) ba on true
      left join lateral (select count(*)::int as generated, coalesce(bool_or(p.finalized), false) as finalized
        from reports p where p.open_report_id = r.open_report_id) rp on true
      where r.client_id = any(${scopeClients(scope)})
        and r.closed_at is null and r.due_date is not null
        and r.due_date <= ${scope.today}::date + ${window}::int
        and (r.analysis_completed_at is null
          or (r.due_date < ${scope.today}::date and not rp.finalized))`);
    return (rows as unknown as DueRow[]).map((r): Finding => ({
      clientId: r.clientId,
      kind: 'report_due',
      subjectKey: `open-report:${r.openReportId}`,
      severity: r.daysLeft < 0 ? 'High' : 'Medium',
      summary: `The report for ${r.startDate} to ${r.endDate} ${describeDue(r)}: ${describeOpenWork(r)}.`,
      link: { place: 'clientReport', clientId: r.clientId },
      since: new Date(r.since).toISOString(),
      amount: null,
    }));
  },
};
