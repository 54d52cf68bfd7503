import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';

// What the quarter checklist counts, for one reporting cycle, in two statements: the cycle, then every
// count of its batches, files, runs and report (each an indexed lookup by client or report).

export interface ChecklistCycle {
  openReportId: number;
  startDate: string;
  endDate: string;
  isClosed: boolean;
  analysisCompletedAt: string | null;
}

/** The client's open cycle, else its latest closed one; undefined before the first Start Report. */
export async function selectChecklistCycle(
  db: DbOrTx,
  clientId: number,
): Promise<ChecklistCycle | undefined> {
  const { rows } = await db.execute(sql`
    select open_report_id as "openReportId", start_date::text as "startDate", end_date::text as "endDate",
      closed_at is not null as "isClosed", analysis_completed_at::text as "analysisCompletedAt"
    from open_reports where client_id = ${clientId}
    order by (closed_at is null) desc, coalesce(closed_at, created_at) desc, open_report_id desc
    limit 1`);
  return rows[0] as ChecklistCycle | undefined;
}

export interface ChecklistCounts {
  batches: number;
  batchesValidated: number;
  accounts: number;
  accountsNeedingFiles: number;
  accountsValidated: number;
  files: number;
  filesExtracting: number;
  filesExtracted: number;
  filesFailed: number;
  tablesComputedAt: string | null;
  tablesStale: boolean;
  monteCarloDone: number;
  monteCarloFailed: number;
  monteCarloRunning: number;
  shortTermDone: number;
  shortTermFailed: number;
  shortTermRunning: number;
  cashVestScores: number;
  reportsGenerated: number;
  reportsFailed: number;
  reportsRunning: number;
  reportsCompleted: number;
  reportsFinalized: number;
}

/**
 * Runs of the cycle: those for its period's end, or started in the cycle for a date inside the period
 * (a run of the cycle for an earlier quarter is not this quarter's analysis).
 */
function ofCycle(table: string, clientId: number, cycle: ChecklistCycle) {
  const t = sql.identifier(table);
  return sql`${t}.client_id = ${clientId}
    and (${t}.end_date = ${cycle.endDate}::date
      or (${t}.open_report_id = ${cycle.openReportId} and ${t}.end_date >= ${cycle.startDate}::date))`;
}

export async function selectChecklistCounts(
  db: DbOrTx,
  clientId: number,
  cycle: ChecklistCycle,
): Promise<ChecklistCounts> {
  const reportId = cycle.openReportId;
  const { rows } = await db.execute(sql`
    with b as (select batch_id, validated_at from batches where open_report_id = ${reportId}),
    a as (select ba.status from batch_accounts ba join b on b.batch_id = ba.batch_id where ba.status <> 'Ignored'),
    f as (select bf.status from batch_files bf join b on b.batch_id = bf.batch_id where bf.status <> 'Replaced'),
    t as (select max(computed_at) as computed_at from daily_balances where client_id = ${clientId}),
    mc as (select state from monte_carlo_runs where ${ofCycle('monte_carlo_runs', clientId, cycle)}),
    st as (select step1_state, step2_state from short_term_models
      where ${ofCycle('short_term_models', clientId, cycle)}),
    r as (select generation_state, user_file_id, finalized from reports where open_report_id = ${reportId})
    select
      (select count(*) from b)::int as "batches",
      (select count(*) filter (where validated_at is not null) from b)::int as "batchesValidated",
      (select count(*) from a)::int as "accounts",
      (select count(*) filter (where status = 'Needs Files') from a)::int as "accountsNeedingFiles",
      (select count(*) filter (where status = 'Validated') from a)::int as "accountsValidated",
      (select count(*) from f)::int as "files",
      (select count(*) filter (where status in ('Queued', 'In Progress')) from f)::int as "filesExtracting",
      (select count(*) filter (where status in ('Extracted', 'Validated')) from f)::int as "filesExtracted",
      (select count(*) filter (where status = 'Failed') from f)::int as "filesFailed",
      (select computed_at::text from t) as "tablesComputedAt",
      -- Stale: a transaction of an account changed after that account's tables were computed.
      exists (
        select 1 from transaction_changes c join accounts ac on ac.account_id = c.account_id
        where ac.client_id = ${clientId}
          and c.changed_at > coalesce(
            (select min(d.computed_at) from daily_balances d where d.account_id = c.account_id),
            '-infinity'::timestamptz)) as "tablesStale",
      (select count(*) filter (where state = 'done') from mc)::int as "monteCarloDone",
      (select count(*) filter (where state = 'failed') from mc)::int as "monteCarloFailed",
      (select count(*) filter (where state in ('queued', 'running')) from mc)::int as "monteCarloRunning",
      (select count(*) filter (where step2_state = 'done') from st)::int as "shortTermDone",
      (select count(*) filter (where step1_state = 'failed' or step2_state = 'failed') from st)::int
        as "shortTermFailed",
      (select count(*) filter (where step1_state in ('queued', 'running') or step2_state in ('queued', 'running'))
        from st)::int as "shortTermRunning",
      (select count(*) from cash_vest_scores where ${ofCycle('cash_vest_scores', clientId, cycle)}
        and total_score is not null)::int as "cashVestScores",
      (select count(*) filter (where generation_state = 'done') from r)::int as "reportsGenerated",
      (select count(*) filter (where generation_state = 'failed') from r)::int as "reportsFailed",
      (select count(*) filter (where generation_state in ('queued', 'running')) from r)::int as "reportsRunning",
      (select count(*) filter (where user_file_id is not null) from r)::int as "reportsCompleted",
      (select count(*) filter (where finalized) from r)::int as "reportsFinalized"`);
  return rows[0] as unknown as ChecklistCounts;
}
