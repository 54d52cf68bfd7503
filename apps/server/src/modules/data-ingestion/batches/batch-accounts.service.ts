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
import * as q from './batch-accounts.queries';
import { findVisibleBatch } from './batches.service';

const toNumber = (v: string | null) => (v === null ? null : Number(v));

function toBatchAccount(row: q.BatchAccountRow): BatchAccount {
  return {
    ...row,
    startBalance: toNumber(row.startBalance),
    endBalance: toNumber(row.endBalance),
    totalCharges: toNumber(row.totalCharges),
    promotedAt: row.promotedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /accounts/all/{batchId}: the Validate Batch dialog's rows. */
export async function listBatchAccounts(
  db: DbOrTx,
  user: CurrentUser,
  batchId: number,
): Promise<BatchAccount[]> {
  await findVisibleBatch(db, user, batchId);
  return (await q.selectBatchAccounts(db, eq(batchAccounts.batchId, batchId))).map(toBatchAccount);
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
  const [row] = await q.selectBatchAccounts(db, eq(batchAccounts.batchAccountId, batchAccountId));
  return toBatchAccount(row!);
}

/** The accounts as they now are, after an action on them (the caller checked access). */
export async function listBatchAccountsByIds(db: DbOrTx, ids: readonly number[]): Promise<BatchAccount[]> {
  if (ids.length === 0) return [];
  return (await q.selectBatchAccounts(db, inArray(batchAccounts.batchAccountId, [...ids]))).map(
    toBatchAccount,
  );
}
