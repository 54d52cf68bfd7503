import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function selectFile(db: DbOrTx, fileId: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.fileId, fileId));
  return row ?? null;
}

/** The row under a lock held to the end of the transaction: one /complete at a time per file. */
export async function selectFileForUpdate(db: DbOrTx, fileId: number): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.fileId, fileId)).for('update');
  return row ?? null;
}

export async function selectFileByUploadKey(db: DbOrTx, uploadKey: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.uploadKey, uploadKey));
  return row ?? null;
}

export async function insertPendingFile(
  db: DbOrTx,
  values: {
    uploadKey: string;
    fileName: string;
    clientId: number | null;
    uploadedBy: number;
    sizeBytes: number;
  },
): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ ...values, storageKey: values.uploadKey })
    .returning();
  return row!;
}

/**
 * Marks the upload form of `uploadKey` used, if it is still unused and its file still pending; answers
 * the row, or null when the form was used already (or was never issued). One statement, so of two
 * concurrent posts exactly one gets the row.
 */
export async function claimUploadForm(db: DbOrTx, uploadKey: string): Promise<FileRow | null> {
  const [row] = await db
    .update(files)
    .set({ uploadedAt: new Date() })
    .where(and(eq(files.uploadKey, uploadKey), eq(files.status, 'pending'), isNull(files.uploadedAt)))
    .returning();
  return row ?? null;
}

export async function updateCheckedFile(
  db: DbOrTx,
  fileId: number,
  values: Pick<FileRow, 'status' | 'storageKey' | 'contentType' | 'sizeBytes' | 'rejectReason'>,
): Promise<FileRow> {
  const [row] = await db.update(files).set(values).where(eq(files.fileId, fileId)).returning();
  return row!;
}

/** A checked file written by the server itself (an .xlsx copy, a pulled statement): stored at once. */
export async function insertStoredFile(
  db: DbOrTx,
  values: {
    storageKey: string;
    fileName: string;
    clientId: number | null;
    uploadedBy: number | null;
    contentType: string;
    sizeBytes: number;
  },
): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ ...values, status: 'stored' })
    .returning();
  return row!;
}

/**
 * The files of `fileIds` something keeps: a batch file (source or .xlsx copy), a transaction, an
 * investment or an account came from it, or it is a report's PDF. Such a file is not discarded.
 */
export async function selectHeldFileIds(db: DbOrTx, fileIds: readonly number[]): Promise<number[]> {
  if (fileIds.length === 0) return [];
  const ids = sql.param([...fileIds]);
  const { rows } = await db.execute(sql`select f.file_id as "fileId" from files f
    where f.file_id = any(${ids}::int[]) and (
      exists (select 1 from batch_files b where b.file_id = f.file_id or b.excel_file_id = f.file_id)
      or exists (select 1 from transactions t where t.file_id = f.file_id)
      or exists (select 1 from investments i where i.file_id = f.file_id)
      or exists (select 1 from accounts a where a.source_file_id = f.file_id)
      or exists (select 1 from reports r where r.system_file_id = f.file_id or r.user_file_id = f.file_id))`);
  return (rows as { fileId: number }[]).map((r) => r.fileId);
}

export function deleteFileRows(db: DbOrTx, fileIds: readonly number[]): Promise<FileRow[]> {
  return db
    .delete(files)
    .where(inArray(files.fileId, [...fileIds]))
    .returning();
}
