import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ROLE_MSG } from '@tideline/contracts';
import { roles } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Security issue 14 point 4: EDIT_ROLES does not let a caller put into a role a permission they do
// not hold, nor change a role that holds more than they do; a client-scoped editor keeps to
// client-scoped roles of their own clients' users. Refusals change no role.
let ctx: TestContext;
let editor: SignedInUser; // EDIT_ROLES with VIEW_ROLES and VIEW_CLIENTS only
let clientA: number;
let clientB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Role grants')) as [number, number];
  editor = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_ROLES', 'EDIT_ROLES', 'VIEW_CLIENTS'])).roleName,
  );
});
afterAll(() => ctx.close());

const uniqueName = () => `Grant ${randomUUID().slice(0, 8)}`;
const roleBody = (roleName: string, permissions: string[], isClientScoped = false) => ({
  role: { roleName, permissions, isClientScoped },
});
const permissionsOf = async (roleId: number) =>
  (await ctx.database.db.select().from(roles).where(eq(roles.roleId, roleId)))[0]!.permissions;

describe('POST /api/roles', () => {
  it('refuses a permission the caller does not hold, creating nothing', async () => {
    const roleName = uniqueName();
    const res = await call(
      ctx,
      'POST',
      '/api/roles',
      editor,
      roleBody(roleName, ['VIEW_CLIENTS', 'EDIT_USERS']),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: ROLE_MSG.cannotGrantPermissions });
    expect(await ctx.database.db.select().from(roles).where(eq(roles.roleName, roleName))).toEqual([]);
    const within = await call(ctx, 'POST', '/api/roles', editor, roleBody(uniqueName(), ['VIEW_CLIENTS']));
    expect(within.statusCode).toBe(201);
  });
});

describe('PUT /api/roles/:id', () => {
  it('refuses adding a permission the caller does not hold, to their own role too', async () => {
    const role = await createRole(ctx, ['VIEW_CLIENTS']);
    const res = await call(
      ctx,
      'PUT',
      `/api/roles/${role.roleId}`,
      editor,
      roleBody(role.roleName, ['VIEW_CLIENTS', 'DELETE_ACCOUNTS']),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: ROLE_MSG.cannotGrantPermissions });
    expect(await permissionsOf(role.roleId)).toEqual(['VIEW_CLIENTS']);
    const self = await createRole(ctx, ['VIEW_ROLES', 'EDIT_ROLES']);
    const me = await createSignedInUser(ctx, self.roleName);
    const promoted = await call(
      ctx,
      'PUT',
      `/api/roles/${self.roleId}`,
      me,
      roleBody(self.roleName, ['VIEW_ROLES', 'EDIT_ROLES', 'VIEW_AUDIT_LOG']),
    );
    expect(promoted.statusCode).toBe(403);
    expect(await permissionsOf(self.roleId)).toEqual(['VIEW_ROLES', 'EDIT_ROLES']);
  });

  it('refuses changing a role that holds more than the caller, such as Admin', async () => {
    const [admin] = await ctx.database.db.select().from(roles).where(eq(roles.roleName, 'Admin'));
    const res = await call(
      ctx,
      'PUT',
      `/api/roles/${admin!.roleId}`,
      editor,
      roleBody('Admin', ['VIEW_CLIENTS']),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: ROLE_MSG.cannotEditRole });
    expect(await permissionsOf(admin!.roleId)).toContain('EDIT_ROLES');
  });

  it('keeps a client-scoped editor to client-scoped roles held within their clients', async () => {
    const scoped = await createRole(ctx, ['VIEW_ROLES', 'EDIT_ROLES', 'VIEW_CLIENTS'], true);
    const scopedEditor = await createSignedInUser(ctx, scoped.roleName, [clientA]);
    const put = (roleId: number, body: ReturnType<typeof roleBody>) =>
      call(ctx, 'PUT', `/api/roles/${roleId}`, scopedEditor, body);

    const unscoped = await call(
      ctx,
      'POST',
      '/api/roles',
      scopedEditor,
      roleBody(uniqueName(), ['VIEW_CLIENTS']),
    );
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json()).toEqual({ msg: ROLE_MSG.scopedRoleOnly });
    // Turning their own role unscoped would show them every client.
    const escape = await put(scoped.roleId, roleBody(scoped.roleName, ['VIEW_ROLES', 'EDIT_ROLES'], false));
    expect(escape.statusCode).toBe(403);
    expect(
      (await ctx.database.db.select().from(roles).where(eq(roles.roleId, scoped.roleId)))[0]!.isClientScoped,
    ).toBe(true);

    const shared = await createRole(ctx, ['VIEW_CLIENTS'], true);
    await createSignedInUser(ctx, shared.roleName, [clientA]);
    await createSignedInUser(ctx, shared.roleName, [clientB]);
    const outside = await put(shared.roleId, roleBody(shared.roleName, [], true));
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ msg: ROLE_MSG.roleHeldOutsideClients });
    expect(await permissionsOf(shared.roleId)).toEqual(['VIEW_CLIENTS']);

    const own = await createRole(ctx, ['VIEW_CLIENTS'], true);
    await createSignedInUser(ctx, own.roleName, [clientA, clientB]);
    expect((await put(own.roleId, roleBody(own.roleName, [], true))).statusCode).toBe(200);
  });
});
