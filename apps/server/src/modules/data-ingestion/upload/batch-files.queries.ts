import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BatchFileStatus } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { batchFiles, batches } from '../../../db/schema';

// The batch_files rows extraction moves: Queued (start-extraction, retry) -> In Progress (the job
// claims it) -> Extracted or Failed; Replaced by a later upload of the same name (ingestion.md step 7).

export type BatchFileRow = typeof batchFiles.$inferSelect;

export async function selectBatchFile(db: DbOrTx, batchFileId: number): Promise<BatchFileRow | null> {
  const [row] = await db.select().from(batchFiles).where(eq(batchFiles.batchFileId, batchFileId));
  return row ?? null;
}

export function selectBatchFiles(db: DbOrTx, batchFileIds: readonly number[]) {
  return db
    .select()
    .from(batchFiles)
    .where(inArray(batchFiles.batchFileId, [...batchFileIds]))
    .orderBy(batchFiles.batchFileId);
}

/** Start-extraction on one batch at a time: the live-name check and its insert cannot interleave. */
export async function lockBatch(db: DbOrTx, batchId: number): Promise<void> {
  await db
    .select({ id: batches.batchId })
    .from(batches)
    .where(eq(batches.batchId, batchId))
    .for('no key update');
}

/** The batch's live file of that name (one at most: batch_files_live_name_key). */
export async function selectLiveFileByName(db: DbOrTx, batchId: number, fileName: string) {
  const [row] = await db
    .select()
    .from(batchFiles)
    .where(
      and(
        eq(batchFiles.batchId, batchId),
        eq(batchFiles.uploadedFileName, fileName),
        ne(batchFiles.status, 'Replaced'),
      ),
    );
  return row ?? null;
}

/** Stored files some batch file has taken as its source already. */
export async function selectTakenFileIds(db: DbOrTx, fileIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ fileId: batchFiles.fileId })
    .from(batchFiles)
    .where(inArray(batchFiles.fileId, [...fileIds]));
  return rows.map((r) => r.fileId);
}

export async function insertBatchFile(db: DbOrTx, values: typeof batchFiles.$inferInsert) {
  const [row] = await db.insert(batchFiles).values(values).returning();
  return row!;
}

export async function updateBatchFile(
  db: DbOrTx,
  batchFileId: number,
  values: Partial<Omit<BatchFileRow, 'batchFileId' | 'clientId' | 'batchId'>>,
): Promise<BatchFileRow | null> {
  const [row] = await db
    .update(batchFiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(batchFiles.batchFileId, batchFileId))
    .returning();
  return row ?? null;
}

/**
 * The job takes its file: Queued, or In Progress left by an attempt that died (pg-boss retries it).
 * A file already Extracted, Failed or Replaced is not read again (a job that runs twice stages once).
 */
export async function claimBatchFile(db: DbOrTx, batchFileId: number): Promise<BatchFileRow | null> {
  const [row] = await db
    .update(batchFiles)
    .set({ status: 'In Progress', updatedAt: sql`now()` })
    .where(
      and(eq(batchFiles.batchFileId, batchFileId), inArray(batchFiles.status, ['Queued', 'In Progress'])),
    )
    .returning();
  return row ?? null;
}

/**
 * One extraction of a file at a time, to the end of the transaction: a second worker that took the
 * same job (pg-boss expired the first while it was still alive) waits, then finds the file done.
 */
export async function lockBatchFileExtraction(db: DbOrTx, batchFileId: number): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('data-ingestion.extract-file'), ${batchFileId})`,
  );
}

export async function selectBatchFileStatus(
  db: DbOrTx,
  batchFileId: number,
): Promise<BatchFileStatus | null> {
  const [row] = await db
    .select({ status: batchFiles.status })
    .from(batchFiles)
    .where(eq(batchFiles.batchFileId, batchFileId));
  return row?.status ?? null;
}

/**
 * Files of the batch this file replaced (same name, Replaced) whose rows are still staged: the new
 * file's transaction deletes them, so the swap is all or nothing.
 */
export async function selectReplacedFileIds(db: DbOrTx, file: BatchFileRow): Promise<number[]> {
  const rows = await db
    .select({ id: batchFiles.batchFileId })
    .from(batchFiles)
    .where(
      and(
        eq(batchFiles.batchId, file.batchId),
        eq(batchFiles.uploadedFileName, file.uploadedFileName),
        eq(batchFiles.status, 'Replaced'),
        ne(batchFiles.batchFileId, file.batchFileId),
      ),
    );
  return rows.map((r) => r.id);
}
