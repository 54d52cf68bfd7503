import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { clients, openReports } from '../../db/schema';
import type { FrozenRuns } from './frozen-runs';

// The analysis side of the open reports. Subqueries bind to the outer row, so they name it by hand.

/** 'Clients with Open Reports' under `where`: open, analysis not completed, newest first. */
export function selectAnalysisOpenReports(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      openReportId: openReports.openReportId,
      clientId: openReports.clientId,
      clientName: clients.clientName,
      createdAt: openReports.createdAt,
      reportStartDate: openReports.startDate,
      reportEndDate: openReports.endDate,
      dueDate: openReports.dueDate,
      status: openReports.analysisStatus,
      lastAnalysisDate: sql<string | null>`(select max(at) from (
          select max(created_at) as at from monte_carlo_runs where open_report_id = "open_reports"."open_report_id"
          union all
          select max(created_at) from short_term_models where open_report_id = "open_reports"."open_report_id"
          union all
          select max(updated_at) from cash_vest_scores where open_report_id = "open_reports"."open_report_id"
        ) runs)`,
    })
    .from(openReports)
    .innerJoin(clients, eq(clients.clientId, openReports.clientId))
    .where(and(isNull(openReports.closedAt), isNull(openReports.analysisCompletedAt), where))
    .orderBy(desc(openReports.createdAt), desc(openReports.openReportId));
}

/**
 * The client's open report (at most one), locked to the end of the transaction whether or not its
 * analysis is completed: a second Complete Analysis waits for the first, then reads its completion.
 */
export async function lockOpenReport(tx: DbOrTx, clientId: number) {
  const [row] = await tx
    .select()
    .from(openReports)
    .where(and(eq(openReports.clientId, clientId), isNull(openReports.closedAt)))
    .for('no key update');
  return row ?? null;
}

export async function completeAnalysisRow(
  tx: DbOrTx,
  openReportId: number,
  userId: number,
  frozenRuns: FrozenRuns,
) {
  const [row] = await tx
    .update(openReports)
    .set({ analysisCompletedAt: new Date(), analysisCompletedBy: userId, frozenRuns })
    .where(eq(openReports.openReportId, openReportId))
    .returning({ analysisCompletedAt: openReports.analysisCompletedAt });
  return row!;
}
