import { BATCH_ACCOUNT_MSG } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { STAGING_ROW_MSG } from '@tideline/contracts/data-ingestion/staging-rows.schemas';
import type { DbOrTx, Tx } from '../../../db/open-database';
import { batchAccounts } from '../../../db/schema';
import { whereClientVisible } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { conflict, notFound } from '../../../platform/http/app-error';
import * as q from './staging-rows.queries';

// What every change of staging rows (transactions, investments…) checks first, inside its transaction.

interface ChangeState {
  status: string;
  batchValidatedAt: Date | null;
}

/** Rows of a validated batch were promoted into the books; an Ignored account's rows wait for Restore. */
export function assertChangeable(states: readonly ChangeState[]) {
  if (states.some((s) => s.batchValidatedAt !== null)) throw conflict(STAGING_ROW_MSG.batchValidated);
  if (states.some((s) => s.status === 'Ignored')) throw conflict(STAGING_ROW_MSG.accountIgnored);
}

/**
 * The rows a change locked (only those the user may see): any asked id missing or another client's
 * answers 404 with `notFoundMsg`, a read-only row 409, and so is a row already in the books (issue 39
 * point 4: its change would never reach the booked row; `books` names where that one is changed).
 */
export function assertLockedChangeable<Row extends ChangeState & { isBooked: boolean }>(
  locked: Row[],
  askedCount: number,
  notFoundMsg: string,
  books: 'Transactions' | 'Investments',
): Row[] {
  if (locked.length !== askedCount) throw notFound(notFoundMsg);
  assertChangeable(locked);
  const booked = locked.filter((l) => l.isBooked).length;
  if (booked > 0) throw conflict(STAGING_ROW_MSG.bookedRows(booked, books));
  return locked;
}

/** The batch accounts, each one the user's; another client's answers as a missing one. */
export async function assertVisibleBatchAccounts(db: DbOrTx, user: CurrentUser, ids: readonly number[]) {
  const found = await q.selectBatchAccountStates(
    db,
    ids,
    whereClientVisible(user, batchAccounts.clientId),
    false,
  );
  if (found.length !== ids.length) throw notFound(BATCH_ACCOUNT_MSG.notFound);
}

/** Locks the user's batch account whose rows are about to change; 404 if not theirs, 409 if read only. */
export async function lockChangeableBatchAccount(tx: Tx, user: CurrentUser, batchAccountId: number) {
  const [account] = await q.selectBatchAccountStates(
    tx,
    [batchAccountId],
    whereClientVisible(user, batchAccounts.clientId),
    true,
  );
  if (!account) throw notFound(BATCH_ACCOUNT_MSG.notFound);
  assertChangeable([account]);
  return account;
}

/** A change to a Validated account's rows returns it to Needs Validation (audited). */
export async function reopenBatchAccounts(tx: Tx, ctx: AuditContext, batchAccountIds: readonly number[]) {
  const reopened = await q.reopenValidatedBatchAccounts(tx, [...new Set(batchAccountIds)]);
  for (const a of reopened) {
    await writeAudit(tx, ctx, {
      action: 'batch_account.updated',
      entity: 'batch_account',
      entityId: a.batchAccountId,
      before: { clientId: a.clientId, status: 'Validated' },
      after: { clientId: a.clientId, status: 'Needs Validation' },
      clientIds: [a.clientId],
    });
  }
}
