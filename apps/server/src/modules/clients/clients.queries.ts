import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { clients } from '../../db/schema';

export async function selectClientOptions(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ clientId: clients.clientId, clientName: clients.clientName })
    .from(clients)
    .where(and(eq(clients.status, 1), where))
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}

export async function selectClientsByIds(db: DbOrTx, clientIds: readonly number[]) {
  if (clientIds.length === 0) return [];
  return db
    .select({ clientId: clients.clientId, clientName: clients.clientName })
    .from(clients)
    .where(inArray(clients.clientId, [...clientIds]))
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}
