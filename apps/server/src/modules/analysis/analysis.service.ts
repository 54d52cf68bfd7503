import { BATCH_RECOVERY_MSG } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import {
  ANALYSIS_MSG,
  type AnalysisOpenReportRow,
  type CompleteAnalysisResult,
} from '@tideline/contracts/analysis/analysis.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { openReports } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, notFound } from '../../platform/http/app-error';
import { findVisibleClient } from '../clients/clients.service';
import { listUnvalidatedBatchNames } from '../data-ingestion/batches/batches.service';
import { ANALYSIS_IN_PROGRESS } from './analysis-cycle.service';
import { frozenRunIdsOf } from './frozen-runs';
import { freezeCycleRuns } from './frozen-runs.service';
import * as q from './analysis.queries';

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** GET /api/analytics/open-reports: the visible clients' open reports whose analysis is open. */
export async function listAnalysisOpenReports(
  db: DbOrTx,
  user: CurrentUser,
): Promise<AnalysisOpenReportRow[]> {
  const rows = await q.selectAnalysisOpenReports(db, whereClientVisible(user, openReports.clientId));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastAnalysisDate: isoOrNull(r.lastAnalysisDate),
  }));
}

/**
 * PUT /api/analytics/complete-analysis/{clientId} (ingestion.md "Reporting cycle"): closes the analysis
 * side of the client's open cycle, which then waits for its report. Offered only while the client's
 * status is 'Analysis' (an analysis of the cycle was run): otherwise 409, and nothing changes. Under
 * the open report's lock, so a repeated request (a double click, another tab) gets 409
 * 'already completed' and writes no second audit row. The runs the analysis used (frozen-runs.ts) are
 * kept with it: nothing later changes the levels its period reads.
 */
export async function completeAnalysis(
  db: Db,
  user: CurrentUser,
  clientId: number,
  ctx: AuditContext,
): Promise<CompleteAnalysisResult> {
  await findVisibleClient(db, user, clientId);
  return db.transaction(async (tx) => {
    const report = await q.lockOpenReport(tx, clientId);
    if (!report) throw notFound(ANALYSIS_MSG.noOpenReport);
    if (report.analysisCompletedAt) throw conflict(ANALYSIS_MSG.alreadyCompleted);
    if (report.analysisStatus !== ANALYSIS_IN_PROGRESS) throw conflict(ANALYSIS_MSG.notInAnalysis);
    // Issue 42 point 7: the analysis reads validated data only; it waits for every batch, named.
    const unvalidated = await listUnvalidatedBatchNames(tx, report.openReportId);
    if (unvalidated.length > 0) throw conflict(BATCH_RECOVERY_MSG.unvalidatedBatches(unvalidated));
    // Issue 41 point 4: the runs the analysis used are kept with it, as they are now.
    const frozen = await freezeCycleRuns(tx, clientId, {
      openReportId: report.openReportId,
      analysisCompletedAt: null,
      closedAt: null,
      frozenRuns: null,
    });
    const frozenRuns = frozenRunIdsOf(frozen)!;
    const done = await q.completeAnalysisRow(tx, report.openReportId, user.userId, frozen);
    await writeAudit(tx, ctx, {
      action: 'open_report.analysis_completed',
      entity: 'open_report',
      entityId: report.openReportId,
      before: { clientId, analysisStatus: report.analysisStatus, analysisCompletedAt: null },
      after: {
        clientId,
        analysisStatus: report.analysisStatus,
        analysisCompletedAt: done.analysisCompletedAt?.toISOString() ?? null,
        frozenRuns,
      },
    });
    return { msg: ANALYSIS_MSG.completed, openReportId: report.openReportId, frozenRuns };
  });
}
