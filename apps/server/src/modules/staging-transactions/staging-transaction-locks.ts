import { STAGING_TRANSACTION_MSG } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { Tx } from '../../db/open-database';
import { stagingTransactions as st } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { assertLockedChangeable } from '../data-ingestion/staging/staging-row-locks';
import * as q from './staging-transactions.queries';

// What every change of staging transactions checks first, inside its transaction (the account side is
// data-ingestion's staging-row-locks.ts).

/**
 * Locks the rows; any id missing or another client's answers 404, a read-only row 409. A row already
 * in the books is read-only too (issue 39 point 4): its edit would never reach the booked row, which
 * is changed in the account's Transactions instead.
 */
export async function lockChangeableRows(
  tx: Tx,
  user: CurrentUser,
  ids: readonly number[],
): Promise<q.LockedStagingRow[]> {
  const locked = await q.lockStagingRows(tx, ids, whereClientVisible(user, st.clientId));
  return assertLockedChangeable(locked, ids.length, STAGING_TRANSACTION_MSG.notFound, 'Transactions');
}

export const auditedRow = (r: typeof st.$inferSelect) => ({
  batchAccountId: r.batchAccountId,
  transactionDate: r.transactionDate,
  description: r.description,
  amount: r.amount,
  keywordId: r.keywordId,
  validationStatus: r.validationStatus,
});
