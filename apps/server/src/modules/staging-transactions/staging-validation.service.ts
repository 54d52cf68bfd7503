import type { StagingMatchingSchema } from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import {
  setStagingValidationStatus,
  type StagingRowKind,
} from '../data-ingestion/staging/staging-row-validation';
import { resolveSelection } from './staging-selection';
import { auditedRow, lockChangeableRows } from './staging-transaction-locks';
import * as q from './staging-transactions.queries';

// ingestion-analysis.md 4 "Staging row validationStatus": Validate moves rows No -> Yes, Invalidate
// Yes -> No; and DELETE /api/transactions/staging. Each takes the rows ticked, or (issue 39) every
// row matching the list's filter.

type Matching = z.output<typeof StagingMatchingSchema>;

const STAGING_TRANSACTIONS: StagingRowKind = {
  rowsLabel: 'Staging transaction(s)',
  idsField: 'stagingTransactionIds',
  auditPrefix: 'staging_transaction',
  selectIdsInBatchAccount: q.selectIdsInBatchAccount,
  updateValidationStatus: q.updateValidationStatus,
  countBooked: q.countBookedRows,
};

/** PUT /staging/validate and /staging/invalidate: rows of one batch account; answers how many changed. */
export async function setValidationStatus(
  db: Db,
  user: CurrentUser,
  input: {
    batchAccountId: number;
    stagingTransactionIds?: number[] | undefined;
    matching?: Omit<Matching, 'batchAccountIds'> | undefined;
  },
  isValidated: boolean,
  ctx: AuditContext,
): Promise<number> {
  const { batchAccountId, stagingTransactionIds, matching } = input;
  const ids = await resolveSelection(db, user, {
    stagingTransactionIds,
    matching: matching && { ...matching, batchAccountIds: [batchAccountId] },
  });
  if (ids.length === 0) return 0;
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
  selection: { stagingTransactionId?: number[] | undefined; matching?: Matching | undefined },
  ctx: AuditContext,
): Promise<number> {
  const ids = await resolveSelection(db, user, {
    stagingTransactionIds: selection.stagingTransactionId,
    matching: selection.matching,
  });
  if (ids.length === 0) return 0;
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
