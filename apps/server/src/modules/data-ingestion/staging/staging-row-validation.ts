import {
  notRowsOfBatchAccountMessage,
  STAGING_ROW_MSG,
} from '@tideline/contracts/data-ingestion/staging-rows.schemas';
import type { Db, Tx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { badRequest, conflict } from '../../../platform/http/app-error';
import { lockChangeableBatchAccount, reopenBatchAccounts } from './staging-row-locks';

// ingestion-analysis.md 4 "Staging row validationStatus": Validate moves rows No -> Yes, Invalidate
// Yes -> No, for every kind of staging row; each kind names its table's queries here.

export interface StagingRowKind {
  /** How the 400 names the rows: 'Staging transaction(s)'. */
  rowsLabel: string;
  /** The body's list of ids, where the 400 is reported: 'stagingTransactionIds'. */
  idsField: string;
  /** The audit action's prefix: 'staging_transaction' writes 'staging_transaction.validated'. */
  auditPrefix: string;
  selectIdsInBatchAccount: (tx: Tx, batchAccountId: number, ids: readonly number[]) => Promise<Set<number>>;
  /** Sets the flag on the rows whose flag differs; answers the ids that changed. */
  updateValidationStatus: (tx: Tx, ids: readonly number[], isValidated: boolean) => Promise<number[]>;
  /** How many of the rows are already in the books, which an invalidate would never reach (issue 39). */
  countBooked?: (tx: Tx, ids: readonly number[]) => Promise<number>;
  /** Where a booked row is changed instead. */
  books?: 'Transactions' | 'Investments';
}

/**
 * PUT /staging/validate and /staging/invalidate: rows of one batch account, all of them its rows or
 * nothing changes (400 naming the others). Validating never changes the account's status (VALIDATE on
 * the account does); invalidating returns a Validated account to Needs Validation. Answers how many
 * rows changed.
 */
export async function setStagingValidationStatus(
  db: Db,
  kind: StagingRowKind,
  user: CurrentUser,
  input: { batchAccountId: number; ids: readonly number[] },
  isValidated: boolean,
  ctx: AuditContext,
): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const account = await lockChangeableBatchAccount(tx, user, input.batchAccountId);
    const inAccount = await kind.selectIdsInBatchAccount(tx, input.batchAccountId, ids);
    const strangers = ids.filter((id) => !inAccount.has(id));
    if (strangers.length > 0) {
      const msg = notRowsOfBatchAccountMessage(kind.rowsLabel, strangers, input.batchAccountId);
      throw badRequest(msg, { [kind.idsField]: [msg] });
    }
    const booked = isValidated || !kind.countBooked ? 0 : await kind.countBooked(tx, ids);
    if (booked > 0) throw conflict(STAGING_ROW_MSG.bookedRows(booked, kind.books ?? 'Transactions'));
    const changed = await kind.updateValidationStatus(tx, ids, isValidated);
    if (changed.length > 0)
      await writeAudit(tx, ctx, {
        action: `${kind.auditPrefix}.${isValidated ? 'validated' : 'invalidated'}`,
        entity: 'batch_account',
        entityId: input.batchAccountId,
        before: { [kind.idsField]: changed, validationStatus: isValidated ? 'No' : 'Yes' },
        after: { [kind.idsField]: changed, validationStatus: isValidated ? 'Yes' : 'No' },
        clientIds: [account.clientId],
      });
    if (!isValidated) await reopenBatchAccounts(tx, ctx, [input.batchAccountId]);
    return changed.length;
  });
}
