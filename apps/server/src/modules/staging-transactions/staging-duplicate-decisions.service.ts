import type { StagingDuplicateDecisionBodySchema } from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { reopenBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import { resolveSelection } from './staging-selection';
import { lockChangeableRows } from './staging-transaction-locks';
import * as q from './staging-transactions.queries';

// Issue 39 point 2: a possible duplicate is a person's decision. Keep books the row as a real one,
// drop leaves it out of the books (it stays staged: it is the bank's row and its statement still adds
// up with it); undecided rows block their account's validation.

type DecisionInput = z.output<typeof StagingDuplicateDecisionBodySchema>;

/**
 * PUT /staging/duplicates: the decision on the flagged rows of the selection (the others are left
 * alone), audited per batch account; a Validated account whose rows change goes back to Needs
 * Validation. Answers how many rows changed.
 */
export async function decideDuplicates(
  db: Db,
  user: CurrentUser,
  input: DecisionInput,
  ctx: AuditContext,
): Promise<number> {
  const ids = await resolveSelection(db, user, input);
  if (ids.length === 0) return 0;
  const decision = input.decision === 'undecided' ? null : input.decision;
  return db.transaction(async (tx) => {
    await lockChangeableRows(tx, user, ids);
    const changed = await q.updateDuplicateDecision(tx, ids, decision);
    const byAccount = new Map<number, typeof changed>();
    for (const c of changed) byAccount.set(c.batchAccountId, [...(byAccount.get(c.batchAccountId) ?? []), c]);
    for (const [batchAccountId, rows] of byAccount) {
      await writeAudit(tx, ctx, {
        action: 'staging_transaction.duplicates_decided',
        entity: 'batch_account',
        entityId: batchAccountId,
        after: { stagingTransactionIds: rows.map((r) => r.id), decision: input.decision },
        clientIds: [rows[0]!.clientId],
      });
    }
    await reopenBatchAccounts(tx, ctx, [...byAccount.keys()]);
    return changed.length;
  });
}
