import type {
  StagingTransactionBulkEditBodySchema,
  StagingTransactionEditBodySchema,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { TRANSACTION_MSG } from '@tideline/contracts/transactions/transactions.schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/open-database';
import type { stagingTransactions } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest } from '../../platform/http/app-error';
import { recomputeDuplicates } from './staging-duplicates.queries';
import { reopenBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import { auditedRow, lockChangeableRows } from './staging-transaction-locks';
import * as q from './staging-transactions.queries';

// ingestion-analysis.md 5: Edit staging transaction (every field) and bulk edit (only the sent fields).

type EditInput = z.output<typeof StagingTransactionEditBodySchema>;
type BulkEditInput = z.output<typeof StagingTransactionBulkEditBodySchema>;
type StagingRowValues = typeof stagingTransactions.$inferSelect;
type Changes = Partial<Pick<StagingRowValues, 'transactionDate' | 'description' | 'amount' | 'keywordId'>>;

const isRealDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

async function assertKeyword(tx: Tx, keywordId: number | undefined) {
  if (keywordId !== undefined && !(await q.keywordExists(tx, keywordId)))
    throw badRequest(TRANSACTION_MSG.keywordNotFound, { keyword: [TRANSACTION_MSG.keywordNotFound] });
}

/** Whether the change touches what a duplicate is matched on (the account never changes here). */
const isMatchChanged = (before: StagingRowValues, after: StagingRowValues) =>
  before.transactionDate !== after.transactionDate ||
  Number(before.amount) !== Number(after.amount) ||
  before.description !== after.description;

/** Writes each row's changes with its audit row; re-decides duplicates and reopens Validated accounts. */
async function applyChanges(
  tx: Tx,
  ctx: AuditContext,
  changes: readonly { before: StagingRowValues; values: Changes }[],
): Promise<number> {
  const rematch: number[] = [];
  let changedCount = 0;
  for (const { before, values } of changes) {
    const after = await q.updateStagingRow(tx, before.stagingTransactionId, values);
    const audited = { before: auditedRow(before), after: auditedRow(after) };
    if (JSON.stringify(audited.before) === JSON.stringify(audited.after)) continue;
    changedCount += 1;
    if (isMatchChanged(before, after)) rematch.push(after.stagingTransactionId);
    await writeAudit(tx, ctx, {
      action: 'staging_transaction.updated',
      entity: 'staging_transaction',
      entityId: after.stagingTransactionId,
      ...audited,
      clientIds: [after.clientId],
    });
  }
  await recomputeDuplicates(tx, rematch);
  if (changedCount > 0)
    await reopenBatchAccounts(
      tx,
      ctx,
      changes.map((c) => c.before.batchAccountId),
    );
  return changedCount;
}

/** PUT /staging/update/{stagingTransactionId}: amount, description, keyword and date, all required. */
export async function editStagingTransaction(
  db: Db,
  user: CurrentUser,
  stagingTransactionId: number,
  input: EditInput,
  ctx: AuditContext,
): Promise<void> {
  if (input.stagingTransactionId !== undefined && input.stagingTransactionId !== stagingTransactionId)
    throw badRequest('The body names another staging transaction than the address.', {
      stagingTransactionId: ['Does not match the address.'],
    });
  await db.transaction(async (tx) => {
    const [locked] = await lockChangeableRows(tx, user, [stagingTransactionId]);
    await assertKeyword(tx, input.keyword);
    await applyChanges(tx, ctx, [
      {
        before: locked!.row,
        values: {
          amount: input.amount,
          description: input.description,
          keywordId: input.keyword,
          transactionDate: input.date,
        },
      },
    ]);
  });
}

/** `year` replaces each row's year; a day that year lacks (29 February) refuses the whole edit. */
function withYear(rows: readonly StagingRowValues[], date: string | undefined, year: number | undefined) {
  const dated = rows.map((row) => {
    const day = date ?? row.transactionDate;
    return { row, day: year === undefined ? day : `${year}${day.slice(4)}` };
  });
  const impossible = dated.filter((d) => !isRealDay(d.day)).map((d) => d.row.stagingTransactionId);
  if (impossible.length > 0) {
    // The dates were real before, so only 29 February can fail.
    const msg = `${year} has no 29 February: staging transaction(s) ${impossible.join(', ')} cannot take that year.`;
    throw badRequest(msg, { year: [msg] });
  }
  return dated;
}

/** PUT /staging/update: the selected rows; only the sent fields change. Answers how many changed. */
export async function bulkEditStagingTransactions(
  db: Db,
  user: CurrentUser,
  input: BulkEditInput,
  ctx: AuditContext,
): Promise<number> {
  const ids = [...new Set(input.stagingTransactionIds)];
  return db.transaction(async (tx) => {
    const locked = await lockChangeableRows(tx, user, ids);
    await assertKeyword(tx, input.keyword);
    const dated = withYear(
      locked.map((l) => l.row),
      input.date,
      input.year,
    );
    return applyChanges(
      tx,
      ctx,
      dated.map(({ row, day }) => ({
        before: row,
        values: {
          transactionDate: day,
          ...(input.amount === undefined ? {} : { amount: input.amount }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.keyword === undefined ? {} : { keywordId: input.keyword }),
        },
      })),
    );
  });
}
