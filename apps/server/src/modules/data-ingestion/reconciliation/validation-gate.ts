import { RECONCILIATION_MSG } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import type { Tx } from '../../../db/open-database';
import { conflict } from '../../../platform/http/app-error';
import type { BatchAccountState } from '../batches/batch-account-actions.queries';
import { checkBatchAccounts, needsOverride } from './account-reconciliations';

// Issue 39 points 1 and 2, at Validate: nothing is validated on a doubt without a person deciding it.
// An account with undecided possible duplicates is refused; one that does not reconcile (or states no
// balance to reconcile against) needs an override with a reason, kept with what the check said.

/**
 * Refuses (409, naming the account and why) unless every account reconciles or comes with a reason;
 * answers the overrides to record, by batch account.
 */
export async function assertReconciledOrOverridden(
  tx: Tx,
  states: readonly BatchAccountState[],
  reasons: ReadonlyMap<number, string>,
): Promise<Map<number, { reason: string; summary: string }>> {
  const accounts = states.filter((s) => s.accountId !== null);
  const checks = await checkBatchAccounts(
    tx,
    accounts.map((s) => s.batchAccountId),
  );
  const overrides = new Map<number, { reason: string; summary: string }>();
  for (const s of accounts) {
    const check = checks.get(s.batchAccountId)!;
    if (check.duplicates.undecided > 0)
      throw conflict(RECONCILIATION_MSG.undecidedDuplicates(s.label, check.duplicates.undecided));
    if (!needsOverride(check)) continue;
    const reason = reasons.get(s.batchAccountId);
    if (!reason) throw conflict(RECONCILIATION_MSG.notReconciled(s.label, check.reconciliation.explanation));
    overrides.set(s.batchAccountId, { reason, summary: check.reconciliation.problems.join(' ') });
  }
  return overrides;
}
