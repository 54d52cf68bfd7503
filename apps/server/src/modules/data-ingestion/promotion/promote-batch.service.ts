import {
  BATCH_VALIDATION_MSG,
  type BatchesValidated,
  type PromotionCounts,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { Tx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import type { JobRunner } from '../../../platform/jobs/job-runner';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { AppError, badRequest, conflict } from '../../../platform/http/app-error';
import { queueBalanceTables } from '../../balance-tables/balance-tables.service';
import { refreshAnalysisStatus, refreshBatchClosure } from './batch-closure';
import { findVisibleBatch, type BatchRecord } from '../batches/batches.service';
import type { IngestionDeps } from '../ingestion-deps';
import { lockOpenReport } from '../batches/open-reports.queries';
import * as q from './promote-batch.queries';

// VALIDATE THIS BATCH (ingestion.md "Batches and batch accounts"), in ONE database transaction: a row
// the books refuse rolls back every batch of the request, leaving staging and the books as they were.
// After it commits, a balance-tables job per client recomputes the promoted accounts' daily and
// monthly tables (and their groups').

/** VALIDATE THIS BATCH also sends the balance-tables job. */
export type PromotionDeps = IngestionDeps & { jobs: JobRunner };

export interface PgRefusal {
  code: string;
  table?: string;
  constraint?: string;
}

/** The PostgreSQL error naming a row the books refuse (integrity or data class); Drizzle wraps it. */
export function findRowRefusal(error: unknown): PgRefusal | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && (code.startsWith('23') || code.startsWith('22'))) return e as PgRefusal;
  }
  return undefined;
}

export function refusalMessage(err: PgRefusal): string {
  const where = err.constraint
    ? `${err.table ?? 'the books'} (${err.constraint})`
    : (err.table ?? 'the books');
  return BATCH_VALIDATION_MSG.promotionRefused(`A row could not be added to ${where}; nothing was promoted.`);
}

export interface Promoted {
  batch: BatchRecord;
  counts: PromotionCounts;
  /** The books' accounts of the promoted batch accounts. */
  accountIds: number[];
}

/** The batch's Validated, not yet promoted accounts into the books (400 when there is none). */
export async function promoteBatch(tx: Tx, batch: BatchRecord, ctx: AuditContext): Promise<Promoted> {
  const ids = await q.lockEligibleAccounts(tx, batch.batchId);
  if (ids.length === 0) {
    throw badRequest(
      batch.validatedAt ? BATCH_VALIDATION_MSG.alreadyValidated : BATCH_VALIDATION_MSG.nothingToPromote,
    );
  }
  const untyped = await q.selectUntypedInvestments(tx, ids);
  if (untyped.length > 0) throw conflict(BATCH_VALIDATION_MSG.unknownInvestmentType(untyped));
  const transactions = await q.promoteTransactions(tx, ids);
  const investments = await q.promoteInvestments(tx, ids);
  const counts: PromotionCounts = {
    transactions,
    investmentsInserted: investments.inserted,
    investmentsUpdated: investments.updated,
    fees: await q.promoteFees(tx, ids),
    balances: await q.promoteBalances(tx, ids),
    accountBalances: await q.promoteAccountBalances(tx, ids),
  };
  await q.markPromoted(tx, ids);
  await writeAudit(tx, ctx, {
    action: 'batch.validated',
    entity: 'batch',
    entityId: batch.batchId,
    after: { clientId: batch.clientId, batchAccountIds: ids, ...counts },
    clientIds: [batch.clientId],
  });
  return { batch, counts, accountIds: await q.selectAccountIdsOf(tx, ids) };
}

/** One job per client, with the accounts of the batches that promoted transactions. */
export async function queueTablesOf(deps: PromotionDeps, user: CurrentUser, promoted: readonly Promoted[]) {
  const byClient = new Map<number, number[]>();
  for (const { batch, counts, accountIds } of promoted) {
    if (counts.transactions === 0) continue;
    byClient.set(batch.clientId, [...(byClient.get(batch.clientId) ?? []), ...accountIds]);
  }
  for (const [clientId, accountIds] of byClient) {
    await queueBalanceTables(deps, { clientId, userId: user.userId }, accountIds);
  }
}

/**
 * PUT /batches/validate (VALIDATE_BATCHES): each batch's eligible accounts (Validated, not promoted)
 * go into the books; a batch whose accounts are all Validated or Ignored is closed (validated_at), and
 * the open report is 'Ready For Analysis' once all its batches are. Answers the report's status (of
 * the last batch's report when several clients' batches are sent together).
 */
export async function validateBatches(
  deps: PromotionDeps,
  user: CurrentUser,
  batchIds: readonly number[],
  ctx: AuditContext,
): Promise<BatchesValidated> {
  const visible: BatchRecord[] = [];
  for (const id of new Set(batchIds)) visible.push(await findVisibleBatch(deps.db, user, id));
  try {
    const { answer, promoted } = await deps.db.transaction(async (tx) => {
      // The report's lock queues a promotion behind a delete or Start Ingestion of the same client.
      for (const clientId of new Set(visible.map((b) => b.clientId))) await lockOpenReport(tx, clientId);
      const promoted: Promoted[] = [];
      for (const batch of visible) promoted.push(await promoteBatch(tx, batch, ctx));
      const ids = visible.map((b) => b.batchId);
      const closed = await refreshBatchClosure(tx, ids, ctx);
      const statuses = await refreshAnalysisStatus(tx, ids, ctx);
      const answer: BatchesValidated = {
        msg: BATCH_VALIDATION_MSG.batchesValidated,
        batches: promoted.map(({ batch, counts }) => ({
          batchId: batch.batchId,
          promoted: counts,
          batchValidated: closed.get(batch.batchId) ?? false,
        })),
        analysisStatus: statuses.get(visible.at(-1)!.openReportId) ?? '',
      };
      return { answer, promoted };
    });
    // Sent once the rows are committed, so the job reads them.
    await queueTablesOf(deps, user, promoted);
    return answer;
  } catch (err) {
    const refusal = err instanceof AppError ? undefined : findRowRefusal(err);
    if (!refusal) throw err;
    throw conflict(refusalMessage(refusal));
  }
}
