import { asc } from 'drizzle-orm';
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

export async function selectDistinct(db: DbOrTx, column: typeof auditLog.entity | typeof auditLog.action) {
  const rows = await db.selectDistinct({ value: column }).from(auditLog).orderBy(asc(column));
  return rows.map((r) => r.value);
}
