import { randomUUID } from 'node:crypto';
import type { BatchTemplateType } from '@tideline/contracts';
import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { eq } from 'drizzle-orm';
import {
  bankClientRelationships,
  batchAccountFiles,
  batchAccounts,
  batchFiles,
  batches,
  files,
  openReports,
  stagingAccountBalances,
  stagingBalances,
  stagingFees,
  stagingInvestments,
  stagingTransactions,
} from '../src/db/schema';
import { createFinalKey } from '../src/platform/storage/storage-keys';
import type { TestContext } from './test-context';

/**
 * A batch of the client's open report (opened for 2026 Q3 if the client has none) on its first bank
 * relationship; answers the batch id. Start Ingestion has its own tests; the others place batches
 * directly.
 */
export async function createBatchRow(
  ctx: TestContext,
  clientId: number,
  templateType: BatchTemplateType = 'Transaction',
): Promise<number> {
  const db = ctx.database.db;
  const [rel] = await db
    .select({ id: bankClientRelationships.bankClientRelId })
    .from(bankClientRelationships)
    .where(eq(bankClientRelationships.clientId, clientId))
    .orderBy(bankClientRelationships.bankClientRelId)
    .limit(1);
  if (!rel) throw new Error(`client ${clientId} has no bank relationship to batch`);
  const [open] = await db
    .insert(openReports)
    .values({ clientId, startDate: '2026-07-01', endDate: '2026-09-30' })
    .onConflictDoNothing()
    .returning({ id: openReports.openReportId });
  const reportId =
    open?.id ??
    (
      await db
        .select({ id: openReports.openReportId })
        .from(openReports)
        .where(eq(openReports.clientId, clientId))
    )[0]!.id;
  const [batch] = await db
    .insert(batches)
    .values({
      openReportId: reportId,
      clientId,
      bankClientRelId: rel.id,
      templateType,
      startDate: '2026-07-01',
      endDate: '2026-09-30',
    })
    .returning({ id: batches.batchId });
  return batch!.id;
}

/** A batch account (Needs Files unless said) of an account or a treasury section; answers its id. */
export async function createBatchAccountRow(
  ctx: TestContext,
  clientId: number,
  batchId: number,
  values: Partial<typeof batchAccounts.$inferInsert> &
    ({ accountId: number } | { sectionType: TreasurySectionType }),
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(batchAccounts)
    .values({ clientId, batchId, statementMonths: 3, ...values })
    .returning({ id: batchAccounts.batchAccountId });
  return row!.id;
}

export interface StoredBatchFile {
  batchFileId: number;
  fileId: number;
  storageKey: string;
}

/** A stored object and its files row (status stored) of the client; answers the file id and key. */
async function createStoredFileRow(
  ctx: TestContext,
  clientId: number,
  fileName: string,
  contentType: string,
) {
  const storageKey = createFinalKey();
  const body = Buffer.from('Date,Amount\n');
  await ctx.platform.storage.putObject(storageKey, body, contentType);
  const [file] = await ctx.database.db
    .insert(files)
    .values({ storageKey, fileName, clientId, status: 'stored', contentType, sizeBytes: body.length })
    .returning({ fileId: files.fileId });
  return { fileId: file!.fileId, storageKey };
}

/** A statement uploaded to the batch: its object in storage, its files row and its batch file. */
export async function createBatchFileRow(
  ctx: TestContext,
  clientId: number,
  batchId: number,
  values: Partial<typeof batchFiles.$inferInsert> = {},
): Promise<StoredBatchFile> {
  const fileName = values.uploadedFileName ?? `statement-${randomUUID().slice(0, 8)}.csv`;
  const { fileId, storageKey } = await createStoredFileRow(ctx, clientId, fileName, 'text/csv');
  const [row] = await ctx.database.db
    .insert(batchFiles)
    .values({
      clientId,
      batchId,
      fileId,
      uploadedFileName: fileName,
      templateType: 'Transaction',
      status: 'Extracted',
      ...values,
    })
    .returning({ id: batchFiles.batchFileId });
  return { batchFileId: row!.id, fileId, storageKey };
}

/** The batch file's grid kept as .xlsx (hasExcel), as extraction leaves it. */
export async function attachExcelCopy(ctx: TestContext, clientId: number, batchFileId: number) {
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const { fileId } = await createStoredFileRow(ctx, clientId, `grid-${batchFileId}.xlsx`, xlsx);
  await ctx.database.db
    .update(batchFiles)
    .set({ excelFileId: fileId })
    .where(eq(batchFiles.batchFileId, batchFileId));
}

export interface StagingRefs {
  clientId: number;
  batchId: number;
  batchAccountId: number;
  batchFileId: number;
}

/** One staging row of the file in each of the five staging tables, from file row `rowNumber`. */
export async function insertStagingRows(ctx: TestContext, refs: StagingRefs, rowNumber = 1): Promise<void> {
  const db = ctx.database.db;
  const base = { ...refs, rowNumber };
  await db.insert(stagingTransactions).values({ ...base, transactionDate: '2026-07-15', amount: '-12.50' });
  await db.insert(stagingInvestments).values({
    ...base,
    investmentTypeName: 'Treasury Bill',
    faceValue: '100000.00',
    settlementAmount: '99000.00',
    interestRate: '4.5',
    settlementDate: '2026-07-01',
    maturityDate: '2027-01-01',
  });
  await db.insert(stagingFees).values({ ...base, description: 'Wire out', amount: '25.00' });
  await db.insert(stagingBalances).values({ ...base, description: 'Average ledger balance', amount: '1000' });
  await db.insert(stagingAccountBalances).values({ ...base, accountNumber: '1234', amount: '1000' });
  await db
    .insert(batchAccountFiles)
    .values({ ...refs, rowCount: 5 })
    .onConflictDoNothing();
}
