import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { PERMISSIONS, ROLE_MSG, type Role } from '@tideline/contracts';
import { auditLog, roles, users } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  SYSTEM_CONTEXT,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { roleUsers } from '../users/users.service';
import { createRolesService } from './roles.service';

let ctx: TestContext;
let admin: SignedInUser;
let analyst: SignedInUser; // VIEW_ROLES but not EDIT_ROLES
let nobody: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  analyst = await createSignedInUser(ctx, 'Analyst');
  nobody = await createSignedInUser(ctx, (await createRole(ctx, [])).roleName);
});
afterAll(() => ctx.close());

// An actor holding every permission, for calling the service directly.
const ADMIN_ACTOR: CurrentUser = {
  userId: 0,
  email: 'system',
  firstName: 'System',
  lastName: 'Test',
  roleId: 0,
  roleName: 'Admin',
  permList: [...PERMISSIONS],
  isClientScoped: false,
  clientIds: [],
};

const uniqueName = (prefix = 'Role') => `${prefix} ${randomUUID().slice(0, 8)}`;
const roleBody = (roleName: string, permissions: string[] = ['VIEW_DASHBOARD'], isClientScoped = false) => ({
  role: { roleName, permissions, isClientScoped },
});

describe('GET /api/roles', () => {
  it('lists the roles with their permissions and how many users hold each', async () => {
    const role = await createRole(ctx, ['VIEW_CLIENTS']);
    await createSignedInUser(ctx, role.roleName);
    await createSignedInUser(ctx, role.roleName);
    const res = await call(ctx, 'GET', '/api/roles', analyst);
    expect(res.statusCode).toBe(200);
    const listed = (res.json() as Role[]).find((r) => r.roleId === role.roleId);
    expect(listed).toMatchObject({ roleName: role.roleName, permissions: ['VIEW_CLIENTS'], userCount: 2 });
    expect((res.json() as Role[]).find((r) => r.roleName === 'Admin')!.permissions).toContain('EDIT_ROLES');
  });

  it('refuses without VIEW_ROLES', async () => {
    expect((await call(ctx, 'GET', '/api/roles', nobody)).statusCode).toBe(403);
  });
});

describe('POST /api/roles', () => {
  it('creates a role and audits it', async () => {
    const roleName = uniqueName();
    const res = await call(
      ctx,
      'POST',
      '/api/roles',
      admin,
      roleBody(roleName, ['VIEW_USERS', 'VIEW_DASHBOARD'], true),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      msg: ROLE_MSG.created,
      // Catalogue order, duplicates dropped.
      role: { roleName, isClientScoped: true, permissions: ['VIEW_DASHBOARD', 'VIEW_USERS'], userCount: 0 },
    });
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(res.json().role.roleId))));
    expect(row).toMatchObject({ action: 'role.created', userId: admin.userId });
  });

  it('refuses a taken name whatever its case (409), an unknown permission (400), and without EDIT_ROLES (403)', async () => {
    const roleName = uniqueName();
    await call(ctx, 'POST', '/api/roles', admin, roleBody(roleName));
    const taken = await call(ctx, 'POST', '/api/roles', admin, roleBody(roleName.toUpperCase()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(ROLE_MSG.nameTaken);
    const unknown = await call(ctx, 'POST', '/api/roles', admin, roleBody(uniqueName(), ['FLY_TO_MOON']));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain(ROLE_MSG.unknownPermission);
    expect((await call(ctx, 'POST', '/api/roles', analyst, roleBody(uniqueName()))).statusCode).toBe(403);
  });
});

describe('PUT /api/roles/:id', () => {
  it('renames and changes permissions, audited with the permission lists before and after', async () => {
    const role = await createRole(ctx, ['VIEW_CLIENTS', 'VIEW_BANKS']);
    const roleName = uniqueName('Renamed');
    const res = await call(
      ctx,
      'PUT',
      `/api/roles/${role.roleId}`,
      admin,
      roleBody(roleName, ['VIEW_CLIENTS']),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: ROLE_MSG.updated,
      role: { roleName, permissions: ['VIEW_CLIENTS'] },
    });
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.roleId))))
      .orderBy(desc(auditLog.auditId));
    expect(row).toMatchObject({
      action: 'role.updated',
      before: { roleName: role.roleName, permissions: ['VIEW_CLIENTS', 'VIEW_BANKS'] },
      after: { roleName, permissions: ['VIEW_CLIENTS'] },
    });
  });

  it('applies to its users at their next request, with the same token', async () => {
    const role = await createRole(ctx, ['VIEW_DASHBOARD']);
    const member = await createSignedInUser(ctx, role.roleName);
    expect((await call(ctx, 'GET', '/api/audit/facets', member)).statusCode).toBe(403);
    await call(ctx, 'PUT', `/api/roles/${role.roleId}`, admin, roleBody(role.roleName, ['VIEW_AUDIT_LOG']));
    expect((await call(ctx, 'GET', '/api/audit/facets', member)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/users/logged-user', member)).json().permList).toEqual([
      'VIEW_AUDIT_LOG',
    ]);
  });

  it("clears its users' client associations when client scoping is turned off", async () => {
    const role = await createRole(ctx, ['VIEW_CLIENTS'], true);
    const member = await createSignedInUser(ctx, role.roleName, await createClients(ctx, 2, 'Roles'));
    await call(
      ctx,
      'PUT',
      `/api/roles/${role.roleId}`,
      admin,
      roleBody(role.roleName, ['VIEW_CLIENTS'], false),
    );
    const association = await call(ctx, 'GET', `/api/users/client-association/${member.userId}`, admin);
    expect(association.json()).toEqual([]);
  });

  it('answers 404 for an unknown role, 409 for a taken name, 403 without EDIT_ROLES', async () => {
    const role = await createRole(ctx, []);
    const other = await createRole(ctx, []);
    expect((await call(ctx, 'PUT', '/api/roles/987654', admin, roleBody(uniqueName()))).statusCode).toBe(404);
    const taken = await call(
      ctx,
      'PUT',
      `/api/roles/${role.roleId}`,
      admin,
      roleBody(other.roleName.toLowerCase()),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(ROLE_MSG.nameTaken);
    expect(
      (await call(ctx, 'PUT', `/api/roles/${role.roleId}`, analyst, roleBody(uniqueName()))).statusCode,
    ).toBe(403);
  });

  it('refuses a change that leaves no active user able to edit roles, changing nothing', async () => {
    // The shared database always has other administrators, so the count is faked to the edge here...
    const lastEditorGone = createRolesService({
      db: ctx.database.db,
      users: { ...roleUsers, countActiveUsersWithPermission: async () => 0 },
    });
    const role = await createRole(ctx, ['EDIT_ROLES']);
    await expect(
      lastEditorGone.editRole(
        ADMIN_ACTOR,
        role.roleId,
        { roleName: role.roleName, permissions: [], isClientScoped: false },
        SYSTEM_CONTEXT,
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: ROLE_MSG.lastRoleEditor });
    const [row] = await ctx.database.db.select().from(roles).where(eq(roles.roleId, role.roleId));
    expect(row!.permissions).toEqual(['EDIT_ROLES']);
  });

  it('counts only active users whose role holds the permission', async () => {
    // ...and the count itself is checked with a permission string no other test uses.
    const marker = `TEST_MARK_${randomUUID().slice(0, 8)}`;
    const count = () => roleUsers.countActiveUsersWithPermission(ctx.database.db, marker as never);
    const role = await createRole(ctx, [marker]);
    expect(await count()).toBe(0);
    const member = await createSignedInUser(ctx, role.roleName);
    expect(await count()).toBe(1);
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.userId, member.userId));
    expect(await count()).toBe(0);
  });
});
