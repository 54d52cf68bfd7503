import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { batchAccounts, batches } from '../../../db/schema';

// ingestion-analysis.md 4: the batch account side of every staging row change (transactions,
// investments…): whether its rows may change, and its return to Needs Validation.

/**
 * The batch accounts among `ids` that `visible` lets through, with what decides whether their rows may
 * change; locked when `isLocking` (a change of their rows or their status follows).
 */
export function selectBatchAccountStates(
  db: DbOrTx,
  ids: readonly number[],
  visible: SQL | undefined,
  isLocking: boolean,
) {
  const query = db
    .select({
      batchAccountId: batchAccounts.batchAccountId,
      clientId: batchAccounts.clientId,
      status: batchAccounts.status,
      batchValidatedAt: batches.validatedAt,
    })
    .from(batchAccounts)
    .innerJoin(batches, eq(batches.batchId, batchAccounts.batchId))
    .where(and(inArray(batchAccounts.batchAccountId, [...ids]), visible))
    .orderBy(batchAccounts.batchAccountId)
    .$dynamic();
  return isLocking ? query.for('no key update', { of: batchAccounts }) : query;
}

/** Validated batch accounts among `ids` go back to Needs Validation; answers those that did. */
export async function reopenValidatedBatchAccounts(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .update(batchAccounts)
    .set({
      status: 'Needs Validation',
      // An override covered the rows as they were (issue 39).
      overrideReason: null,
      overrideSummary: null,
      overrideBy: null,
      overrideAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(batchAccounts.batchAccountId, [...ids]), eq(batchAccounts.status, 'Validated')))
    .returning({ batchAccountId: batchAccounts.batchAccountId, clientId: batchAccounts.clientId });
}

/**
 * Deletes staging rows by id, keeping each (batch account, file) pair's row count in
 * batch_account_files (the lists' totals) right.
 */
export async function deleteStagingRowsKeepingCounts(
  db: DbOrTx,
  table: 'staging_transactions' | 'staging_investments',
  idColumn: 'staging_transaction_id' | 'staging_investment_id',
  ids: readonly number[],
): Promise<void> {
  await db.execute(sql`with gone as (
      delete from ${sql.identifier(table)} where ${sql.identifier(idColumn)} = any(${sql.param([...ids])}::bigint[])
      returning batch_account_id, batch_file_id),
    tally as (select batch_account_id, batch_file_id, count(*)::int as n from gone
      group by batch_account_id, batch_file_id)
    update batch_account_files baf set row_count = greatest(baf.row_count - tally.n, 0)
    from tally
    where baf.batch_account_id = tally.batch_account_id and baf.batch_file_id = tally.batch_file_id`);
}
