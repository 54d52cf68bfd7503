import type { ValidationHistoryRow } from '@tideline/contracts/data-ingestion/validation-history.schemas';
import type { DbOrTx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import * as q from './validation-history.queries';
import { findVisibleClientOption } from '../visible-client';

/**
 * GET /validation/{clientId}: the client's validated batches (the 'Ingested Batches' table), newest
 * validation first, each with its files and the accounts validated without reconciling (who, when,
 * why). Empty until a batch is validated (VALIDATE THIS BATCH).
 */
export async function listValidationHistory(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<ValidationHistoryRow[]> {
  await findVisibleClientOption(db, user, clientId);
  const validated = (await q.selectValidatedBatches(db, clientId)).sort(
    (a, b) => b.validatedAt!.getTime() - a.validatedAt!.getTime() || b.batchId - a.batchId,
  );
  if (validated.length === 0) return [];
  const batchIds = validated.map((b) => b.batchId);
  const files = await q.selectBatchFilesOf(db, batchIds);
  const overrides = await q.selectOverridesOf(db, batchIds);
  return validated.map((b) => {
    const own = files.filter((f) => f.batchId === b.batchId);
    return {
      batchId: b.batchId,
      bankName: b.bankName,
      accountName: b.accountName,
      templateType: b.templateType,
      createdAt: b.createdAt.toISOString(),
      totalFiles: own.length,
      completedAt: b.validatedAt!.toISOString(),
      files: own.map(({ batchId: _batchId, updatedAt, ...f }) => ({
        ...f,
        updatedAt: updatedAt.toISOString(),
      })),
      overrides: overrides
        .filter((o) => o.batchId === b.batchId)
        .map(({ batchId: _batchId, reason, summary, at, ...o }) => ({
          ...o,
          reason: reason ?? '',
          summary: summary ?? '',
          at: at!.toISOString(),
        })),
    };
  });
}
