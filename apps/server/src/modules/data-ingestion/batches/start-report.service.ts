import {
  START_REPORT_MSG,
  type StartReportInputParsed,
  type StartReportResult,
} from '@tideline/contracts/data-ingestion/start-report.schemas';
import type { Db } from '../../../db/open-database';
import { isUniqueViolation } from '../../../db/pg-errors';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { conflict } from '../../../platform/http/app-error';
import { reportStatusOf } from '../../clients/clients.service';
import * as q from './open-reports.queries';
import { findVisibleClientOption } from '../visible-client';

/**
 * Start Report (START_REPORT; ingestion.md "Reporting cycle"): opens the client's cycle for the period,
 * ingestion NOT STARTED, analysis 'Data Ingestion'. One open cycle per client: a second is a 409, also
 * when two requests race (the partial unique index decides).
 */
export async function startReport(
  db: Db,
  user: CurrentUser,
  clientId: number,
  input: StartReportInputParsed,
  ctx: AuditContext,
): Promise<StartReportResult> {
  await findVisibleClientOption(db, user, clientId);
  const report = await db
    .transaction(async (tx) => {
      if (await q.lockOpenReport(tx, clientId)) throw conflict(START_REPORT_MSG.alreadyOpen);
      const row = await q.insertOpenReport(tx, {
        clientId,
        startDate: input.startDate,
        endDate: input.endDate,
        dueDate: input.dueDate ?? null,
        createdBy: user.userId,
      });
      await writeAudit(tx, ctx, {
        action: 'open_report.created',
        entity: 'open_report',
        entityId: row.openReportId,
        after: {
          clientId,
          startDate: row.startDate,
          endDate: row.endDate,
          dueDate: row.dueDate,
          ingestionStatus: row.ingestionStatus,
          analysisStatus: row.analysisStatus,
        },
      });
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'open_reports_one_open_per_client_idx')) {
        throw conflict(START_REPORT_MSG.alreadyOpen);
      }
      throw error;
    });
  const [reportStatus] = await reportStatusOf(db, user, clientId);
  return { msg: START_REPORT_MSG.started, openReportId: report.openReportId, reportStatus: reportStatus! };
}
