import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
const ids: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const tag = Date.now().toString(36);
  const rows = await ctx.database.db
    .insert(clients)
    .values(['Zephyr', 'acme', 'Mesa', 'Dormant'].map((n) => ({ clientName: `${n} ${tag}` })))
    .returning();
  ids.push(...rows.map((r) => r.clientId));
  await ctx.database.db.update(clients).set({ status: 0 }).where(eq(clients.clientId, ids[3]!));
});
afterAll(async () => {
  await ctx.database.db.delete(clients).where(inArray(clients.clientId, ids));
  await ctx.close();
});

const ours = (list: { clientId: number; clientName: string }[]) =>
  list.filter((c) => ids.includes(c.clientId));

describe('GET /api/clients/list', () => {
  it('lists the active clients by name', async () => {
    const admin = await createSignedInUser(ctx, 'Admin');
    const res = await call(ctx, 'GET', '/api/clients/list', admin);
    expect(res.statusCode).toBe(200);
    expect(ours(res.json()).map((c) => c.clientName.split(' ')[0])).toEqual(['acme', 'Mesa', 'Zephyr']);
  });

  it('shows a client-scoped user only their own clients', async () => {
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [ids[0]!]);
    const res = await call(ctx, 'GET', '/api/clients/list', viewer);
    expect(res.json().map((c: { clientId: number }) => c.clientId)).toEqual([ids[0]]);
  });

  it('is open to user editors without VIEW_CLIENTS, and refuses others', async () => {
    const editor = await createSignedInUser(ctx, (await createRole(ctx, ['EDIT_USERS'])).roleName);
    expect((await call(ctx, 'GET', '/api/clients/list', editor)).statusCode).toBe(200);
    const nobody = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_USERS'])).roleName);
    expect((await call(ctx, 'GET', '/api/clients/list', nobody)).statusCode).toBe(403);
  });
});
