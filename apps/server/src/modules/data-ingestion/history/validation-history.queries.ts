import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { accounts, batchAccounts, batchFiles, batches, users } from '../../../db/schema';
import { selectClientBatches } from '../batches/batches.queries';

/** The client's validated batches, of every cycle, open or closed. */
export function selectValidatedBatches(db: DbOrTx, clientId: number) {
  return selectClientBatches(db, and(eq(batches.clientId, clientId), isNotNull(batches.validatedAt)));
}

/** The files of those batches that were not replaced, in upload order. */
export function selectBatchFilesOf(db: DbOrTx, batchIds: readonly number[]) {
  return db
    .select({
      batchId: batchFiles.batchId,
      fileAuditId: batchFiles.batchFileId,
      uploadedFileName: batchFiles.uploadedFileName,
      fileStatus: batchFiles.status,
      dataExtractionMsg: batchFiles.extractionMessage,
      updatedAt: batchFiles.updatedAt,
    })
    .from(batchFiles)
    .where(and(inArray(batchFiles.batchId, [...batchIds]), ne(batchFiles.status, 'Replaced')))
    .orderBy(asc(batchFiles.createdAt), asc(batchFiles.batchFileId));
}

/** Accounts of those batches validated without reconciling (issue 39), in the order they were. */
export function selectOverridesOf(db: DbOrTx, batchIds: readonly number[]) {
  return db
    .select({
      batchId: batchAccounts.batchId,
      accountName: accounts.accountName,
      accountNumber: accounts.accountNumber,
      reason: batchAccounts.overrideReason,
      summary: batchAccounts.overrideSummary,
      userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      at: batchAccounts.overrideAt,
    })
    .from(batchAccounts)
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .leftJoin(users, eq(users.userId, batchAccounts.overrideBy))
    .where(and(inArray(batchAccounts.batchId, [...batchIds]), isNotNull(batchAccounts.overrideAt)))
    .orderBy(asc(batchAccounts.overrideAt), asc(batchAccounts.batchAccountId));
}
