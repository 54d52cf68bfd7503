import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import { jobRuns, openReports } from '../../db/schema';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';

// ingestion.md "Reporting cycle", the analysis side: the client's open report whose analysis is not
// completed is the one the analyses of the cycle belong to; the first analysis run moves its analysis
// status to 'In Progress' (the client status then reads 'Analysis' and Complete Analysis is offered).

export const ANALYSIS_IN_PROGRESS = 'In Progress';

/** The open report an analysis run of the client belongs to, or null (analysis outside a cycle). */
export async function findAnalysisOpenReportId(db: DbOrTx, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ openReportId: openReports.openReportId })
    .from(openReports)
    .where(
      and(
        eq(openReports.clientId, clientId),
        isNull(openReports.closedAt),
        isNull(openReports.analysisCompletedAt),
      ),
    );
  return row?.openReportId ?? null;
}

/**
 * Issue 40 point 4: the starts of one kind of run (its job queue) for one client take turns, to the
 * end of the transaction, so the second of two requests at once (a double click, two tabs) sees the
 * run the first committed. Take it first in the transaction, before any row lock.
 */
export async function lockClientStarts(tx: DbOrTx, queue: string, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${queue}), ${clientId})`);
}

/** job_runs' states of a run not yet ended: the predicate of its partial index job_runs_in_flight_idx. */
const JOB_IN_FLIGHT = sql`${jobRuns.state} in ('queued', 'active', 'retrying')`;

/** A module's run row: its table, and the columns naming its client, its job and its state. */
export interface RunRow {
  table: PgTable;
  clientId: PgColumn;
  jobId: PgColumn;
  state: PgColumn;
}

/**
 * Whether a run of `queue` for the client is in flight (job_runs_in_flight_idx). With `run`, the
 * module's row must say queued or running too: a run whose job has just ended, or one left behind
 * without a job, holds nothing up. Without it (a queue with no row of its own), any job counts.
 */
export async function hasRunInFlight(
  db: DbOrTx,
  queue: string,
  clientId: number,
  run?: RunRow,
): Promise<boolean> {
  const ofClient = and(eq(jobRuns.queue, queue), eq(jobRuns.clientId, clientId), JOB_IN_FLIGHT);
  const query = run
    ? db
        .select({ jobId: jobRuns.jobId })
        .from(jobRuns)
        .innerJoin(run.table, and(eq(run.clientId, clientId), sql`${run.jobId} = ${jobRuns.jobId}::text`))
        .where(and(ofClient, inArray(run.state, ['queued', 'running'])))
    : db.select({ jobId: jobRuns.jobId }).from(jobRuns).where(ofClient);
  const [row] = await query.limit(1);
  return row !== undefined;
}

/**
 * Called in the transaction that records an analysis run: the cycle's analysis is now in progress.
 * Answers the open report id (null: the client has no open cycle, the run stands alone).
 */
export async function markAnalysisInProgress(
  tx: DbOrTx,
  ctx: AuditContext,
  clientId: number,
): Promise<number | null> {
  const [report] = await tx
    .select({ openReportId: openReports.openReportId, analysisStatus: openReports.analysisStatus })
    .from(openReports)
    .where(
      and(
        eq(openReports.clientId, clientId),
        isNull(openReports.closedAt),
        isNull(openReports.analysisCompletedAt),
      ),
    )
    .for('update');
  if (!report) return null;
  if (report.analysisStatus !== ANALYSIS_IN_PROGRESS) {
    await tx
      .update(openReports)
      .set({ analysisStatus: ANALYSIS_IN_PROGRESS })
      .where(eq(openReports.openReportId, report.openReportId));
    await writeAudit(tx, ctx, {
      action: 'open_report.analysis_started',
      entity: 'open_report',
      entityId: report.openReportId,
      before: { clientId, analysisStatus: report.analysisStatus },
      after: { clientId, analysisStatus: ANALYSIS_IN_PROGRESS },
    });
  }
  return report.openReportId;
}

/**
 * 'Data Has Changed?' of a run over (group, start, end) that read its data at `dataAsOf`: YES when
 * a transaction of a member account dated in the range was added, removed or had its amount, date or
 * account changed since (transaction_changes), or the group's membership changed since. A run that
 * has not read its data yet is NO.
 */
export function dataHasChangedSql(
  run: Record<'accountGroupId' | 'startDate' | 'endDate' | 'dataAsOf', SQLWrapper>,
): SQL<boolean> {
  return sql<boolean>`(${run.dataAsOf} is not null and (
    exists (
      select 1 from account_group_accounts m
      join transaction_changes c on c.account_id = m.account_id
      where m.group_id = ${run.accountGroupId} and c.changed_at > ${run.dataAsOf}
        and c.first_date <= ${run.endDate} and c.last_date >= ${run.startDate})
    or exists (
      select 1 from account_groups g where g.group_id = ${run.accountGroupId} and g.updated_at > ${run.dataAsOf})))`;
}
