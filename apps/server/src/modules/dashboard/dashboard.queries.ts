import { REPORT_STATUS } from '@tideline/contracts/dashboard/dashboard.schemas';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { batches, clients, openReports } from '../../db/schema';

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
 * Every batch counts as open until batch accounts exist (platform.md 4.5: an empty list is open).
 */
export function selectReportsInProgress(db: DbOrTx, where: SQL) {
  return db
    .select({
      clientId: clients.clientId,
      clientName: clients.clientName,
      startDate: openReports.startDate,
      dueDate: openReports.dueDate,
      numberOfOpenBatches: sql<number>`(select count(*)::int from ${batches} b
        where b.open_report_id = ${openReports.openReportId})`,
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
