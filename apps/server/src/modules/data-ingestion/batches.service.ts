import { BATCH_MSG } from '@tideline/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { batches } from '../../db/schema';
import { assertClientAccess } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { notFound } from '../../platform/http/app-error';

export type BatchRecord = typeof batches.$inferSelect;

/** A batch the user may see: 404 alike for a missing batch and another client's (no existence leak). */
export async function findVisibleBatch(db: DbOrTx, user: CurrentUser, batchId: number): Promise<BatchRecord> {
  const [batch] = await db.select().from(batches).where(eq(batches.batchId, batchId));
  if (!batch) throw notFound(BATCH_MSG.notFound);
  assertClientAccess(user, batch.clientId, BATCH_MSG.notFound);
  return batch;
}
