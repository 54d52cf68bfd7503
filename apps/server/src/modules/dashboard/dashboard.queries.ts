import { REPORT_STATUS } from '@tideline/contracts/dashboard/dashboard.schemas';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { clients, openReports } from '../../db/schema';
import { openBatchCountOfReport } from '../data-ingestion/batches/batches.queries';

/** The clients under `where`, by name. */
export function selectClientRows(db: DbOrTx, where: SQL) {
  return db
    .select({ clientId: clients.clientId, clientName: clients.clientName })
    .from(clients)
    .where(where)
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}

/**
 * The open reports of the clients under `where`, soonest due first. The dashboard says READY until
 * ingestion starts and IN PROGRESS while data is ingested; later the analysis status (shown grey).
 */
export function selectReportsInProgress(db: DbOrTx, where: SQL) {
  return db
    .select({
      clientId: clients.clientId,
      clientName: clients.clientName,
      startDate: openReports.startDate,
      dueDate: openReports.dueDate,
      numberOfOpenBatches: openBatchCountOfReport,
      status: sql<string>`case
        when ${openReports.ingestionStatus} = 'NOT STARTED' then ${REPORT_STATUS.ready}
        when ${openReports.analysisStatus} = 'Data Ingestion' then ${REPORT_STATUS.inProgress}
        else upper(${openReports.analysisStatus}) end`,
    })
    .from(openReports)
    .innerJoin(clients, eq(clients.clientId, openReports.clientId))
    .where(and(isNull(openReports.closedAt), where))
    .orderBy(
      sql`${openReports.dueDate} asc nulls last`,
      asc(sql`lower(${clients.clientName})`),
      asc(clients.clientId),
    );
}
