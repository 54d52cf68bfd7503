import {
  BATCH_RECOVERY_MSG as MSG,
  hasDecisionsLeft,
  type BatchInOneStep,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { BATCH_VALIDATION_MSG } from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { CurrentUser } from '../../../platform/access/route-access';
import type { AuditContext } from '../../../platform/audit/write-audit';
import { AppError, forbidden } from '../../../platform/http/app-error';
import { describeBatches, findVisibleBatch, type BatchRecord } from '../batches/batches.service';
import { lockOpenReport } from '../batches/open-reports.queries';
import { validateReconciledAccounts } from '../batches/validate-reconciled-accounts';
import { refreshAnalysisStatus, refreshBatchClosure } from './batch-closure';
import * as q from './promote-batch.queries';
import {
  findRowRefusal,
  promoteBatch,
  queueTablesOf,
  refusalMessage,
  type PromotionDeps,
  type Promoted,
} from './promote-batch.service';

// Issue 42 point 2: VALIDATE THIS BATCH in one action, for one batch or the rows selected in the
// upload dashboard: every reconciled Needs Validation account is validated, then the batch promoted.
// Each batch is its own transaction, so one batch the books refuse (an unknown investment type) leaves
// the others validated; the answer says, per batch, what was validated and what was left and why.

async function validateOneBatch(
  deps: PromotionDeps,
  batch: BatchRecord,
  name: string,
  ctx: AuditContext,
): Promise<{ result: BatchInOneStep; promoted: Promoted | null }> {
  const base = { batchId: batch.batchId, batch: name };
  try {
    return await deps.db.transaction(async (tx) => {
      // The report's lock queues this behind a delete or Start Ingestion of the same client.
      await lockOpenReport(tx, batch.clientId);
      const { validated, left } = await validateReconciledAccounts(tx, batch.batchId, ctx);
      const isEligible = (await q.lockEligibleAccounts(tx, batch.batchId)).length > 0;
      const promoted = isEligible ? await promoteBatch(tx, batch, ctx) : null;
      const closed = await refreshBatchClosure(tx, [batch.batchId], ctx);
      await refreshAnalysisStatus(tx, [batch.batchId], ctx);
      const batchValidated = closed.get(batch.batchId) ?? false;
      const refusal =
        promoted || left.length > 0 || batchValidated
          ? null
          : batch.validatedAt
            ? BATCH_VALIDATION_MSG.alreadyValidated
            : MSG.nothingToValidate;
      const result: BatchInOneStep = {
        ...base,
        validatedAccounts: validated.map((s) => s.label),
        accountsLeft: left,
        promoted: promoted?.counts ?? null,
        batchValidated,
        refusal,
      };
      return { result, promoted };
    });
  } catch (err) {
    const refusal = err instanceof AppError ? err.message : findRowRefusal(err);
    if (refusal === undefined) throw err;
    const message = typeof refusal === 'string' ? refusal : refusalMessage(refusal);
    const result: BatchInOneStep = {
      ...base,
      validatedAccounts: [],
      accountsLeft: [],
      promoted: null,
      batchValidated: false,
      refusal: message,
    };
    return { result, promoted: null };
  }
}

/**
 * PUT /batches/validate-all (VALIDATE_BATCHES, and VALIDATE_ACCOUNT_BATCHES for the accounts): spec 8's
 * 'Batches Validated Successfully' unless an account or a batch needs a person's decision, then how
 * many batches are closed; the results either way.
 */
export async function validateBatchesInOneStep(
  deps: PromotionDeps,
  user: CurrentUser,
  batchIds: readonly number[],
  ctx: AuditContext,
): Promise<BatchesValidatedInOneStep> {
  if (!user.permList.includes('VALIDATE_ACCOUNT_BATCHES')) throw forbidden(MSG.needsAccountPermission);
  const visible: BatchRecord[] = [];
  for (const id of new Set(batchIds)) visible.push(await findVisibleBatch(deps.db, user, id));
  const names = await describeBatches(
    deps.db,
    visible.map((b) => b.batchId),
  );
  const results: BatchInOneStep[] = [];
  const promoted: Promoted[] = [];
  for (const batch of visible) {
    const one = await validateOneBatch(deps, batch, names.get(batch.batchId) ?? '', ctx);
    results.push(one.result);
    if (one.promoted) promoted.push(one.promoted);
  }
  // Sent once the rows are committed, so the job reads them.
  await queueTablesOf(deps, user, promoted);
  // Accounts still waiting for files keep a batch open without anyone having to decide anything.
  const isDecisionLeft = hasDecisionsLeft({ batches: results });
  const closed = results.filter((r) => r.batchValidated).length;
  return {
    msg: isDecisionLeft ? MSG.batchesPartlyValidated(closed, results.length) : MSG.batchesValidated,
    batches: results,
  };
}
