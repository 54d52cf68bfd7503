import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/test-context';
import { selectClientById } from '../modules/clients/clients.queries';
import { preparedOnce } from './open-database';
import { clients } from './schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('preparedOnce', () => {
  it('prepares a statement once per database, under its name on a PostgreSQL server', async () => {
    const { db } = ctx.database;
    const names: string[] = [];
    const prepare = () =>
      preparedOnce(db, 'prepared_once_test', (root, name) => {
        names.push(name);
        return root
          .select({ name: clients.clientName })
          .from(clients)
          .where(eq(clients.clientId, sql.placeholder('id')))
          .prepare(name);
      });
    const first = prepare();
    expect(prepare()).toBe(first);
    // Named on a PostgreSQL server; unnamed on PGlite, whose connections share one session.
    const { rows } = await ctx.database.pool.query<{ version: string }>('select version()');
    const onPglite = rows[0]!.version.includes('PGlite');
    expect(names).toEqual([onPglite ? '' : 'prepared_once_test']);
    const [client] = await db
      .insert(clients)
      .values({ clientName: `Prepared ${Date.now()}` })
      .returning();
    try {
      // Run more often than the pool has connections: each one parses it on first use only.
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => first!.execute({ id: client!.clientId })),
      );
      expect(answers.every((rows) => rows[0]?.name === client!.clientName)).toBe(true);
    } finally {
      await db.delete(clients).where(eq(clients.clientId, client!.clientId));
    }
  });

  it('gives a transaction nothing, so its queries see what the transaction wrote', async () => {
    const { db } = ctx.database;
    const name = `In tx ${Date.now()}`;
    let seen: Awaited<ReturnType<typeof selectClientById>> = null;
    const rolledBack = await db
      .transaction(async (tx) => {
        expect(preparedOnce(tx, 'clients_by_id', () => 'never prepared')).toBeNull();
        const [client] = await tx.insert(clients).values({ clientName: name }).returning();
        seen = await selectClientById(tx, client!.clientId);
        tx.rollback();
      })
      .then(
        () => false,
        () => true,
      );
    expect(rolledBack).toBe(true);
    expect(seen).toMatchObject({ client: { clientName: name } });
  });
});
