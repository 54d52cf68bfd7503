import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Tx } from './open-database';
import * as schema from './schema';

export interface PoolTransaction {
  /** The connection itself, for what Drizzle does not speak (COPY FROM STDIN). */
  client: pg.PoolClient;
  tx: Tx;
  /** Roll back instead of committing when the work returns (an outcome that stages nothing). */
  rollbackOnly(): void;
}

/**
 * A transaction on one pooled connection that both Drizzle and raw node-postgres use: a statement
 * staged by COPY and the queries around it commit together. A connection that failed is not handed
 * back to the pool.
 */
export async function withPoolTransaction<T>(
  database: Pick<Database, 'pool'>,
  work: (t: PoolTransaction) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  const tx = drizzle(client, { schema }) as unknown as Tx;
  let isRollbackOnly = false;
  let isBroken = false;
  try {
    await client.query('begin');
    const value = await work({ client, tx, rollbackOnly: () => (isRollbackOnly = true) });
    await client.query(isRollbackOnly ? 'rollback' : 'commit');
    return value;
  } catch (err) {
    isBroken = true;
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release(isBroken);
  }
}
