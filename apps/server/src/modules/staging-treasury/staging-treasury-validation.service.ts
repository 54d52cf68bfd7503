import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { reopenBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import { lockSectionForChange } from './staging-treasury-locks';
import * as q from './staging-treasury.queries';
import type { TreasurySection } from './treasury-sections';

// ingestion-analysis.md 4 "Staging row validationStatus" for the treasury sections: Validate moves rows
// No -> Yes, Invalidate Yes -> No; DELETE /balances/staging and /fees/staging.

/**
 * Validate or Invalidate rows of the batch's section. Validating never changes the section's status
 * (Validate Account does); invalidating returns a Validated section to Needs Validation. Answers how
 * many rows changed.
 */
export async function setTreasuryValidationStatus(
  db: Db,
  user: CurrentUser,
  section: TreasurySection,
  input: { batchId: number; ids: readonly number[] },
  isValidated: boolean,
  ctx: AuditContext,
): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const account = await lockSectionForChange(tx, user, section, input.batchId, ids, {
      isValidating: isValidated,
    });
    const changed = await q.updateValidationStatus(tx, section, ids, isValidated);
    if (changed.length > 0)
      await writeAudit(tx, ctx, {
        action: `${section.entity}.${isValidated ? 'validated' : 'invalidated'}`,
        entity: 'batch_account',
        entityId: account.batchAccountId,
        before: { ids: changed, validationStatus: isValidated ? 'No' : 'Yes' },
        after: { ids: changed, validationStatus: isValidated ? 'Yes' : 'No' },
        clientIds: [account.clientId],
      });
    if (!isValidated) await reopenBatchAccounts(tx, ctx, [account.batchAccountId]);
    return changed.length;
  });
}

/** Deletes rows of the batch's section, each audited; the section keeps its status. */
export async function deleteTreasuryRows(
  db: Db,
  user: CurrentUser,
  section: TreasurySection,
  input: { batchId: number; ids: readonly number[] },
  ctx: AuditContext,
): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    await lockSectionForChange(tx, user, section, input.batchId, ids);
    const gone = await q.deleteSectionRows(tx, section, ids);
    for (const { id, clientId, ...row } of gone) {
      await writeAudit(tx, ctx, {
        action: `${section.entity}.deleted`,
        entity: section.entity,
        entityId: id,
        before: { batchId: input.batchId, ...row },
        clientIds: [clientId],
      });
    }
    return gone.length;
  });
}
