import { aliasedTable, and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroups, accounts, files, openReports, reports, users } from '../../db/schema';
import { hasRunInFlight } from '../analysis/analysis-cycle.service';

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;

const systemFile = aliasedTable(files, 'system_file');
const userFile = aliasedTable(files, 'user_file');
const uploader = aliasedTable(users, 'uploader');
const creator = aliasedTable(users, 'creator');
const nameOf = (u: typeof users) => sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/** A report with the names the list shows: its files' and the users'. */
function selectListed(db: DbOrTx) {
  return db
    .select({
      report: reports,
      systemFileName: systemFile.fileName,
      userFileName: userFile.fileName,
      uploadedByName: nameOf(uploader),
      createdByName: nameOf(creator),
    })
    .from(reports)
    .leftJoin(systemFile, eq(systemFile.fileId, reports.systemFileId))
    .leftJoin(userFile, eq(userFile.fileId, reports.userFileId))
    .leftJoin(uploader, eq(uploader.userId, reports.uploadedBy))
    .leftJoin(creator, eq(creator.userId, reports.createdBy));
}
export type ListedReport = Awaited<ReturnType<typeof selectListed>>[number];

/** The client's reports, newest generation first (spec 2 'Reports List'); `publishedOnly` for viewers. */
export function selectClientReports(db: DbOrTx, clientId: number, publishedOnly: boolean) {
  const where: SQL[] = [eq(reports.clientId, clientId)];
  if (publishedOnly) where.push(eq(reports.published, true));
  return selectListed(db)
    .where(and(...where))
    .orderBy(desc(reports.generatedAt), desc(reports.reportId));
}

export async function selectListedReport(db: DbOrTx, reportId: number): Promise<ListedReport | null> {
  const [row] = await selectListed(db).where(eq(reports.reportId, reportId));
  return row ?? null;
}

export async function selectReport(db: DbOrTx, reportId: number): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.reportId, reportId));
  return row ?? null;
}

/** The row under a lock held to the end of the transaction. */
export async function lockReport(db: DbOrTx, reportId: number): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.reportId, reportId)).for('update');
  return row ?? null;
}

export async function insertReport(db: DbOrTx, values: NewReportRow): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

export async function updateReport(
  db: DbOrTx,
  reportId: number,
  values: Partial<NewReportRow>,
): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reports.reportId, reportId))
    .returning();
  return row ?? null;
}

export async function deleteReport(db: DbOrTx, reportId: number): Promise<void> {
  await db.delete(reports).where(eq(reports.reportId, reportId));
}

/** Whether some report holds the file as its system or user report. */
export async function isReportFile(db: DbOrTx, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ reportId: reports.reportId })
    .from(reports)
    .where(or(eq(reports.systemFileId, fileId), eq(reports.userFileId, fileId)))
    .limit(1);
  return row !== undefined;
}

/** ingestion.md "Reporting cycle": the client's open cycle (at most one), locked when asked. */
export async function selectOpenCycle(db: DbOrTx, clientId: number, lock = false) {
  const query = db
    .select({
      openReportId: openReports.openReportId,
      startDate: openReports.startDate,
      endDate: openReports.endDate,
    })
    .from(openReports)
    .where(and(eq(openReports.clientId, clientId), isNull(openReports.closedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Closes the cycle if it is still open; answers whether it did. */
export async function closeCycle(db: DbOrTx, openReportId: number, closedAt: Date): Promise<boolean> {
  const rows = await db
    .update(openReports)
    .set({ closedAt })
    .where(and(eq(openReports.openReportId, openReportId), isNull(openReports.closedAt)))
    .returning({ openReportId: openReports.openReportId });
  return rows.length > 0;
}

export function selectGroupsByIds(db: DbOrTx, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      groupId: accountGroups.groupId,
      clientId: accountGroups.clientId,
      groupName: accountGroups.groupName,
    })
    .from(accountGroups)
    .where(inArray(accountGroups.groupId, [...groupIds]));
}

/** Completed accounts only: a staging account is not yet an account of the client. */
export function selectAccountsByIds(db: DbOrTx, accountIds: readonly number[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      accountId: accounts.accountId,
      clientId: accounts.clientId,
      accountName: accounts.accountName,
    })
    .from(accounts)
    .where(and(inArray(accounts.accountId, [...accountIds]), eq(accounts.isStaging, false)));
}

/** Whose upload a file is (any status), for discarding a cancelled upload. */
export async function selectFileOwner(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({ clientId: files.clientId, uploadedBy: files.uploadedBy })
    .from(files)
    .where(eq(files.fileId, fileId));
  return row ?? null;
}

/** Whether a report of the client is being generated: queued or running, its job not ended. */
export const hasGenerationInFlight = (db: DbOrTx, queue: string, clientId: number) =>
  hasRunInFlight(db, queue, clientId, {
    table: reports,
    clientId: reports.clientId,
    jobId: reports.jobId,
    state: reports.generationState,
  });
