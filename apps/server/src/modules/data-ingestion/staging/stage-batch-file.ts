import type { Database } from '../../../db/open-database';
import { withPoolTransaction } from '../../../db/pool-transaction';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import * as fq from '../upload/batch-files.queries';
import { completeStaging, describeStaged } from './complete-staging';
import { createExcelCopy, type ExcelCopy } from '../extraction/excel-copy';
import type { ExtractionPlan } from '../extraction/extraction-plan';
import { readIntoStaging, type ReadDeps, type ReadFailure } from '../extraction/read-into-staging';
import * as sq from './stage-file.queries';

export interface StageDeps extends ReadDeps {
  database: Pick<Database, 'pool'>;
}

export type StageOutcome =
  | { kind: 'staged'; rowCount: number; duplicateCount: number; message: string }
  | { kind: 'failed'; failure: ReadFailure }
  /** Another run finished the file first, or its batch was deleted meanwhile: nothing to write. */
  | { kind: 'skipped' };

/**
 * One file's staging transaction (ingestion.md steps 5-8): under the file's lock, the rows of an
 * earlier attempt and of the files this one replaces are deleted, the file is read into staging, and
 * everything that follows from its rows is written; committed whole, or rolled back whole.
 */
export async function stageBatchFile(
  deps: StageDeps,
  plan: ExtractionPlan,
  ctx: AuditContext,
): Promise<StageOutcome> {
  let storedExcelKey: string | null = null;
  let excel: ExcelCopy | undefined;
  // Asked outside the transaction: on PGlite another connection waits while a transaction is open.
  const canCopy = await deps.canCopy();
  try {
    return await withPoolTransaction(deps.database, async ({ client, tx, rollbackOnly }) => {
      const { file, batch } = plan;
      await fq.lockBatchFileExtraction(tx, file.batchFileId);
      if ((await fq.selectBatchFileStatus(tx, file.batchFileId)) !== 'In Progress') {
        rollbackOnly();
        return { kind: 'skipped' } as const;
      }
      const replaced = await fq.selectReplacedFileIds(tx, file);
      const touched = await sq.deleteFilesStagingRows(tx, [file.batchFileId, ...replaced]);
      excel = await createExcelCopy();
      const read = await readIntoStaging(deps, client, tx, plan, excel, canCopy);
      if (!read.ok) {
        rollbackOnly();
        return { kind: 'failed', failure: read } as const;
      }
      const header = read.headerRowIndex === null ? null : excel.describeHeader(read.headerRowIndex);
      const done = await completeStaging(deps.storage, tx, plan, read, touched, await excel.finish(), ctx);
      storedExcelKey = done.excel?.storageKey ?? null;
      const message = describeStaged(read, done.duplicates, read.notes);
      const updated = await fq.updateBatchFile(tx, file.batchFileId, {
        status: 'Extracted',
        extractionMessage: message,
        rowCount: read.rowCount,
        excelFileId: done.excel?.fileId ?? null,
        headerRow: header?.headerRow ?? null,
        headerRowNumber: header?.headerRow ? read.headerRowIndex : null,
        firstCell: header?.firstCell ?? null,
      });
      if (!updated) throw new Error(`batch file ${file.batchFileId} is gone`);
      await writeAudit(tx, ctx, {
        action: 'batch_file.extracted',
        entity: 'batch_file',
        entityId: file.batchFileId,
        before: { clientId: batch.clientId, status: 'In Progress' },
        after: {
          clientId: batch.clientId,
          status: 'Extracted',
          rowCount: read.rowCount,
          duplicateCount: done.duplicateCount,
          replacedFileAuditIds: replaced,
          excelFileId: done.excel?.fileId ?? null,
        },
      });
      return {
        kind: 'staged',
        rowCount: read.rowCount,
        duplicateCount: done.duplicateCount,
        message,
      } as const;
    });
  } catch (err) {
    // The .xlsx object was written before the rollback took its row: it belongs to nothing now.
    const key: string | null = storedExcelKey;
    if (key) await deps.storage.deleteObject(key).catch(() => undefined);
    throw err;
  } finally {
    // The temporary .xlsx file goes whatever happened: stored, failed, skipped or rolled back.
    await excel?.discard().catch(() => undefined);
  }
}
