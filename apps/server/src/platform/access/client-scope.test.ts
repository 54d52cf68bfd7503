import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { assertClientAccess, canAccessClient, whereClientVisible } from './client-scope';
import type { CurrentUser } from './route-access';

const table = `scope_probe_${Date.now()}`;
const probe = pgTable(table, { clientId: integer('client_id').notNull(), name: text('name').notNull() });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.db.execute(
    sql.raw(`create table ${table} (client_id int not null, name text not null)`),
  );
  await ctx.database.db
    .insert(probe)
    .values([1, 2, 3].map((clientId) => ({ clientId, name: `client ${clientId}` })));
});
afterAll(async () => {
  await ctx.database.db.execute(sql.raw(`drop table ${table}`));
  await ctx.close();
});

const user = (isClientScoped: boolean, clientIds: number[]): CurrentUser => ({
  userId: 1,
  email: 'x@example.com',
  firstName: 'X',
  lastName: 'Y',
  roleId: 1,
  roleName: 'R',
  permList: [],
  isClientScoped,
  clientIds,
});

async function visibleClients(u: CurrentUser) {
  const rows = await ctx.database.db
    .select()
    .from(probe)
    .where(whereClientVisible(u, probe.clientId))
    .orderBy(probe.clientId);
  return rows.map((r) => r.clientId);
}

describe('client scoping', () => {
  it('shows everything to unscoped roles', async () => {
    expect(await visibleClients(user(false, []))).toEqual([1, 2, 3]);
  });

  it('shows a scoped user only their associated clients, and nothing without any', async () => {
    expect(await visibleClients(user(true, [1, 3]))).toEqual([1, 3]);
    expect(await visibleClients(user(true, []))).toEqual([]);
  });

  it('answers a single record outside the scope as not found', () => {
    expect(canAccessClient(user(true, [1]), 2)).toBe(false);
    expect(() => assertClientAccess(user(true, [1]), 2)).toThrowError('Client not found.');
    expect(() => assertClientAccess(user(false, []), 2)).not.toThrow();
  });
});
