import { eq, inArray } from 'drizzle-orm';
import {
  BATCH_ACCOUNT_MSG,
  type BatchAccount,
} from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { batchAccounts } from '../../../db/schema';
import { assertClientAccess } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { notFound } from '../../../platform/http/app-error';
import { checkBatchAccounts, type AccountCheck } from '../reconciliation/account-reconciliations';
import * as q from './batch-accounts.queries';
import { findVisibleBatch } from './batches.service';

const toNumber = (v: string | null) => (v === null ? null : Number(v));

/**
 * An account's transactions reconcile, whatever its batch's type (an investment account's cash
 * statement too); a treasury section has none, and an Investment batch's account of positions only
 * has nothing to reconcile.
 */
const isReconciled = (row: q.BatchAccountRow, check: AccountCheck) =>
  row.accountId !== null &&
  !(row.templateType === 'Investment' && check.reconciliation.status === 'No Statements');

function toBatchAccount(row: q.BatchAccountRow, check: AccountCheck | undefined): BatchAccount {
  const {
    templateType: _type,
    overrideReason,
    overrideSummary,
    overrideAt,
    overrideUserName,
    ...fields
  } = row;
  const override =
    overrideReason !== null && overrideAt !== null
      ? {
          reason: overrideReason,
          summary: overrideSummary ?? '',
          userName: overrideUserName,
          at: overrideAt.toISOString(),
        }
      : null;
  return {
    ...fields,
    startBalance: check?.startBalance ?? null,
    endBalance: check?.endBalance ?? null,
    totalCharges: toNumber(row.totalCharges),
    promotedAt: row.promotedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    reconciliation: check && isReconciled(row, check) ? { ...check.reconciliation, override } : null,
    duplicates: check?.duplicates ?? { undecided: 0, kept: 0, dropped: 0 },
  };
}

/** The rows with their reconciliation and possible duplicates (one pass over their staged rows). */
async function toBatchAccounts(db: DbOrTx, rows: readonly q.BatchAccountRow[]): Promise<BatchAccount[]> {
  const checks = await checkBatchAccounts(
    db,
    rows.filter((r) => r.accountId !== null).map((r) => r.batchAccountId),
  );
  return rows.map((row) => toBatchAccount(row, checks.get(row.batchAccountId)));
}

/** GET /accounts/all/{batchId}: the Validate Batch dialog's rows. */
export async function listBatchAccounts(
  db: DbOrTx,
  user: CurrentUser,
  batchId: number,
): Promise<BatchAccount[]> {
  await findVisibleBatch(db, user, batchId);
  return toBatchAccounts(db, await q.selectBatchAccounts(db, eq(batchAccounts.batchId, batchId)));
}

/** GET /accounts/{id}: one batch account; another client's answers as a missing one. */
export async function findBatchAccount(
  db: DbOrTx,
  user: CurrentUser,
  batchAccountId: number,
): Promise<BatchAccount> {
  const owner = await q.selectBatchAccountClient(db, batchAccountId);
  if (!owner) throw notFound(BATCH_ACCOUNT_MSG.notFound);
  assertClientAccess(user, owner.clientId, BATCH_ACCOUNT_MSG.notFound);
  const [account] = await toBatchAccounts(
    db,
    await q.selectBatchAccounts(db, eq(batchAccounts.batchAccountId, batchAccountId)),
  );
  return account!;
}

/** The accounts as they now are, after an action on them (the caller checked access). */
export async function listBatchAccountsByIds(db: DbOrTx, ids: readonly number[]): Promise<BatchAccount[]> {
  if (ids.length === 0) return [];
  return toBatchAccounts(
    db,
    await q.selectBatchAccounts(db, inArray(batchAccounts.batchAccountId, [...ids])),
  );
}
