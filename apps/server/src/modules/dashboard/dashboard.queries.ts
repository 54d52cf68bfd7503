import { asc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { clients } from '../../db/schema';

/** The clients under `where`, by name. */
export function selectClientRows(db: DbOrTx, where: SQL) {
  return db
    .select({ clientId: clients.clientId, clientName: clients.clientName })
    .from(clients)
    .where(where)
    .orderBy(asc(sql`lower(${clients.clientName})`), asc(clients.clientId));
}
