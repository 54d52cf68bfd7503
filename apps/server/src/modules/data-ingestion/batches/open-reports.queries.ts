import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { clients, openReports } from '../../../db/schema';

// Subqueries bind to the outer open report row, so they name it by hand ("open_reports").

/** 'Clients with Reports in Progress' under `where`, newest first (spec 2's default sort). */
export function selectOpenReportRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      openReportId: openReports.openReportId,
      clientId: openReports.clientId,
      clientName: clients.clientName,
      createdAt: openReports.createdAt,
      startDate: openReports.startDate,
      endDate: openReports.endDate,
      dueDate: openReports.dueDate,
      sourcesRequired: sql<number>`(select coalesce(sum(b.sources_required), 0)::int from batches b
        where b.open_report_id = "open_reports"."open_report_id")`,
      // How the client's data arrives: its active relationships' collection types.
      collectionType: sql<string | null>`(select string_agg(distinct r.collection_type, ', '
        order by r.collection_type) from bank_client_relationships r
        where r.client_id = "open_reports"."client_id" and r.status = 1)`,
      status: openReports.ingestionStatus,
      analysisStatus: openReports.analysisStatus,
      numberOfBatches: sql<number>`(select count(*)::int from batches b
        where b.open_report_id = "open_reports"."open_report_id")`,
      hasNotes: sql<boolean>`exists (select 1 from batches b join notes n
        on n.table_linked_to = 'batches' and n.linked_id = b.batch_id and not n.is_resolved
        where b.open_report_id = "open_reports"."open_report_id")`,
    })
    .from(openReports)
    .innerJoin(clients, eq(clients.clientId, openReports.clientId))
    .where(and(isNull(openReports.closedAt), where))
    .orderBy(desc(openReports.createdAt), desc(openReports.openReportId));
}

/** The client's open report under a row lock: Start Ingestion and deletes of one client queue up. */
export async function lockOpenReport(db: DbOrTx, clientId: number) {
  const [row] = await db
    .select()
    .from(openReports)
    .where(and(eq(openReports.clientId, clientId), isNull(openReports.closedAt)))
    .for('update');
  return row ?? null;
}

export async function insertOpenReport(db: DbOrTx, values: typeof openReports.$inferInsert) {
  const [row] = await db.insert(openReports).values(values).returning();
  return row!;
}

export async function updateIngestionStatus(db: DbOrTx, openReportId: number, ingestionStatus: string) {
  await db.update(openReports).set({ ingestionStatus }).where(eq(openReports.openReportId, openReportId));
}

export async function deleteOpenReportRow(db: DbOrTx, openReportId: number) {
  await db.delete(openReports).where(eq(openReports.openReportId, openReportId));
}
