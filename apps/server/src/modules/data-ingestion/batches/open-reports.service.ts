import { eq } from 'drizzle-orm';
import {
  OPEN_REPORT_MSG,
  type OpenReportDeleted,
  type OpenReportRow,
} from '@tideline/contracts/data-ingestion/open-reports.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { batches, openReports } from '../../../db/schema';
import { whereClientVisible } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { notFound } from '../../../platform/http/app-error';
import { deleteBatchesInTransaction, removeStoredObjects } from './delete-batches.service';
import type { IngestionDeps } from '../ingestion-deps';
import * as q from './open-reports.queries';
import { findVisibleClientOption } from '../visible-client';

/** GET /open-reports: the open reports of the clients the user may see, newest first. */
export async function listOpenReports(db: DbOrTx, user: CurrentUser): Promise<OpenReportRow[]> {
  const rows = await q.selectOpenReportRows(db, whereClientVisible(user, openReports.clientId));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * DELETE /open-reports/{clientId} (ingestion.md "Reporting cycle"): the client's open report goes, with
 * its batches, batch accounts, batch files, staging rows and the stored files nothing validated refers
 * to, in one transaction; transactions and investments already validated stay. The stored objects are
 * removed after the commit.
 */
export async function deleteOpenReport(
  deps: IngestionDeps,
  user: CurrentUser,
  clientId: number,
  ctx: AuditContext,
): Promise<OpenReportDeleted> {
  await findVisibleClientOption(deps.db, user, clientId, OPEN_REPORT_MSG.notFound);
  const { deleted, storageKeys } = await deps.db.transaction(async (tx) => {
    const report = await q.lockOpenReport(tx, clientId);
    if (!report) throw notFound(OPEN_REPORT_MSG.notFound);
    const batchIds = (
      await tx
        .select({ batchId: batches.batchId })
        .from(batches)
        .where(eq(batches.openReportId, report.openReportId))
    ).map((b) => b.batchId);
    const result = await deleteBatchesInTransaction(tx, clientId, batchIds, ctx);
    await q.deleteOpenReportRow(tx, report.openReportId);
    await writeAudit(tx, ctx, {
      action: 'open_report.deleted',
      entity: 'open_report',
      entityId: report.openReportId,
      before: {
        clientId,
        startDate: report.startDate,
        endDate: report.endDate,
        dueDate: report.dueDate,
        ingestionStatus: report.ingestionStatus,
        analysisStatus: report.analysisStatus,
        batchIds,
        deleted: result.deleted,
      },
    });
    return result;
  });
  await removeStoredObjects(deps.storage, storageKeys, (err, key) =>
    deps.log.warn({ err, key }, 'could not remove the object of a deleted batch file'),
  );
  return { msg: OPEN_REPORT_MSG.deleted, deleted };
}
