import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import {
  setStagingValidationStatus,
  type StagingRowKind,
} from '../data-ingestion/staging/staging-row-validation';
import { auditedRow, lockChangeableRows } from './staging-transaction-locks';
import * as q from './staging-transactions.queries';

// ingestion-analysis.md 4 "Staging row validationStatus": Validate moves rows No -> Yes, Invalidate
// Yes -> No; and DELETE /api/transactions/staging.

const STAGING_TRANSACTIONS: StagingRowKind = {
  rowsLabel: 'Staging transaction(s)',
  idsField: 'stagingTransactionIds',
  auditPrefix: 'staging_transaction',
  selectIdsInBatchAccount: q.selectIdsInBatchAccount,
  updateValidationStatus: q.updateValidationStatus,
};

/** PUT /staging/validate and /staging/invalidate: rows of one batch account; answers how many changed. */
export function setValidationStatus(
  db: Db,
  user: CurrentUser,
  input: { batchAccountId: number; stagingTransactionIds: number[] },
  isValidated: boolean,
  ctx: AuditContext,
): Promise<number> {
  const { batchAccountId, stagingTransactionIds: ids } = input;
  return setStagingValidationStatus(
    db,
    STAGING_TRANSACTIONS,
    user,
    { batchAccountId, ids },
    isValidated,
    ctx,
  );
}

/** DELETE /staging: the rows, each audited; the accounts keep their status. Answers how many went. */
export async function deleteStagingTransactions(
  db: Db,
  user: CurrentUser,
  stagingTransactionIds: readonly number[],
  ctx: AuditContext,
): Promise<number> {
  const ids = [...new Set(stagingTransactionIds)];
  return db.transaction(async (tx) => {
    const locked = await lockChangeableRows(tx, user, ids);
    for (const { row } of locked) {
      await writeAudit(tx, ctx, {
        action: 'staging_transaction.deleted',
        entity: 'staging_transaction',
        entityId: row.stagingTransactionId,
        before: { ...auditedRow(row), batchFileId: row.batchFileId, rowNumber: row.rowNumber },
        clientIds: [row.clientId],
      });
    }
    await q.deleteStagingRows(tx, ids);
    return locked.length;
  });
}
