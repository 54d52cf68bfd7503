import { sql } from 'drizzle-orm';
import type { AccountLeft } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { RECONCILIATION_MSG } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import type { Tx } from '../../../db/open-database';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { checkBatchAccounts, needsOverride } from '../reconciliation/account-reconciliations';
import * as q from './batch-account-actions.queries';

// Issue 42 point 2: the batch's Needs Validation accounts validated at once, by the rule of Validate
// (validation-gate.ts), except that an account needing a person's decision is left, with the reason,
// instead of refusing the whole batch: undecided possible duplicates, or statements that do not
// reconcile (an override takes a person's reason, which this action never invents).

/** The batch's Needs Validation accounts, locked; answers those validated and those left, with why. */
export async function validateReconciledAccounts(
  tx: Tx,
  batchId: number,
  ctx: AuditContext,
): Promise<{ validated: q.BatchAccountState[]; left: AccountLeft[] }> {
  const states = await q.lockBatchAccountStates(
    tx,
    sql`ba.batch_id = ${batchId} and ba.status = 'Needs Validation'`,
  );
  const checks = await checkBatchAccounts(
    tx,
    states.filter((s) => s.accountId !== null).map((s) => s.batchAccountId),
  );
  const left: AccountLeft[] = [];
  const validated: q.BatchAccountState[] = [];
  for (const s of states) {
    const check = checks.get(s.batchAccountId);
    const reason = !check
      ? null
      : check.duplicates.undecided > 0
        ? RECONCILIATION_MSG.undecidedDuplicates(s.label, check.duplicates.undecided)
        : needsOverride(check)
          ? RECONCILIATION_MSG.notReconciled(s.label, check.reconciliation.explanation)
          : null;
    if (reason) left.push({ batchAccountId: s.batchAccountId, account: s.label, reason });
    else validated.push(s);
  }
  if (validated.length === 0) return { validated, left };
  await q.markAccountsValidated(
    tx,
    validated.map((s) => s.batchAccountId),
  );
  for (const s of validated) {
    await writeAudit(tx, ctx, {
      action: 'batch_account.updated',
      entity: 'batch_account',
      entityId: s.batchAccountId,
      before: { clientId: s.clientId, status: s.status },
      after: { clientId: s.clientId, status: 'Validated', validatedWithBatch: true },
      clientIds: [s.clientId],
    });
  }
  return { validated, left };
}
