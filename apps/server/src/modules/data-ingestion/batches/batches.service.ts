import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  BATCH_MSG,
  BATCH_TEMPLATE_TYPE_LABELS,
  type BatchSummary,
  type ClientBatch,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { batches } from '../../../db/schema';
import { assertClientAccess } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { notFound } from '../../../platform/http/app-error';
import * as q from './batches.queries';
import { findVisibleClientOption } from '../visible-client';

export type BatchRecord = typeof batches.$inferSelect;

/** A batch the user may see: 404 alike for a missing batch and another client's (no existence leak). */
export async function findVisibleBatch(db: DbOrTx, user: CurrentUser, batchId: number): Promise<BatchRecord> {
  const batch = await q.selectBatchById(db, batchId);
  if (!batch) throw notFound(BATCH_MSG.notFound);
  assertClientAccess(user, batch.clientId, BATCH_MSG.notFound);
  return batch;
}

export function toClientBatch(row: q.ClientBatchRow): ClientBatch {
  return {
    ...row,
    status: row.status as ClientBatch['status'],
    createdAt: row.createdAt.toISOString(),
    validatedAt: row.validatedAt?.toISOString() ?? null,
  };
}

/** GET /batches/all/{clientId}: the batches of the client's open report ('Batches Ready for Files'). */
export async function listClientBatches(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<ClientBatch[]> {
  await findVisibleClientOption(db, user, clientId);
  return (await q.selectClientBatches(db, q.whereOpenReportBatches(clientId))).map(toClientBatch);
}

/** GET /batches/{id}. */
export async function findClientBatch(db: DbOrTx, user: CurrentUser, batchId: number): Promise<ClientBatch> {
  await findVisibleBatch(db, user, batchId);
  const [row] = await q.selectClientBatches(db, eq(batches.batchId, batchId));
  return toClientBatch(row!);
}

/** GET /batches/summary/{clientId}: the 4-second poll of the upload dashboard. */
export async function summarizeClientBatches(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<BatchSummary[]> {
  await findVisibleClientOption(db, user, clientId);
  const rows = await q.selectBatchSummaries(db, clientId);
  return rows.map((r) => ({ ...r, status: r.status as BatchSummary['status'] }));
}

/** How results name a batch: 'bank / accounts (type)', as the upload dashboard's rows read. */
const labelOf = (row: q.ClientBatchRow) =>
  `${row.bankName} / ${row.accountName ?? '---'} (${BATCH_TEMPLATE_TYPE_LABELS[row.templateType]})`;

/** The batches' names by id. */
export async function describeBatches(db: DbOrTx, batchIds: readonly number[]): Promise<Map<number, string>> {
  if (batchIds.length === 0) return new Map();
  const rows = await q.selectClientBatches(db, inArray(batches.batchId, [...batchIds]));
  return new Map(rows.map((r) => [r.batchId, labelOf(r)]));
}

/**
 * The batches of the open report not validated yet (neither promoted nor every account ignored), by
 * name: what Complete Analysis waits for (issue 42 point 7).
 */
export async function listUnvalidatedBatchNames(db: DbOrTx, openReportId: number): Promise<string[]> {
  const rows = await q.selectClientBatches(
    db,
    and(eq(batches.openReportId, openReportId), isNull(batches.validatedAt)),
  );
  return rows.map(labelOf);
}
