import { arrayOverlaps, asc, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { auditLog } from '../../db/schema';
import type { CompiledListQuery } from '../../platform/paging/paged-list';

export function countAuditRows<F extends Record<string, SQL<number>>>(
  db: DbOrTx,
  fields: F,
  where: SQL | undefined,
) {
  return db.select(fields).from(auditLog).where(where);
}

export function selectAuditPage(db: DbOrTx, page: CompiledListQuery) {
  return db
    .select({
      auditId: auditLog.auditId,
      occurredAt: auditLog.occurredAt,
      userId: auditLog.userId,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ipAddress: auditLog.ipAddress,
    })
    .from(auditLog)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

export async function selectDistinct(
  db: DbOrTx,
  column: typeof auditLog.entity | typeof auditLog.action,
  where: SQL | undefined,
) {
  const rows = await db.selectDistinct({ value: column }).from(auditLog).where(where).orderBy(asc(column));
  return rows.map((r) => r.value);
}

/** Rows about at least one of `clientIds` (array overlap, served by the GIN index on client_ids). */
export function whereAboutClients(clientIds: readonly number[]): SQL {
  if (clientIds.length === 0) return sql`false`;
  return arrayOverlaps(auditLog.clientIds, [...clientIds]);
}
