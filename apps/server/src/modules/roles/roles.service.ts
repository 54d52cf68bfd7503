import {
  holdsAllPermissions,
  PERMISSIONS,
  ROLE_MSG,
  type Permission,
  type Role,
  type RoleInputSchema,
  type RoleHolders,
  type RoleOption,
} from '@tideline/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, forbidden, notFound } from '../../platform/http/app-error';
import * as q from './roles.queries';

/** What roles need to know about and do to users; the users area provides it (wired in app.ts). */
export interface RoleUsers {
  countUsersByRole(db: DbOrTx): Promise<Map<number, number>>;
  clearClientAssociationsOfRole(tx: DbOrTx, roleId: number): Promise<void>;
  countActiveUsersWithPermission(tx: DbOrTx, permission: Permission): Promise<number>;
  countUsersOfRoleOutsideClients(tx: DbOrTx, roleId: number, clientIds: readonly number[]): Promise<number>;
}

type RoleRow = NonNullable<Awaited<ReturnType<typeof q.selectRoleById>>>;

export async function findRoleById(db: DbOrTx, roleId: number): Promise<RoleRow | null> {
  return q.selectRoleById(db, roleId);
}

/** What the user form offers (GET /api/users/roles). */
export async function listRoleOptions(db: DbOrTx): Promise<RoleOption[]> {
  const rows = await q.selectRoles(db);
  return rows.map((r) => ({ roleId: r.roleId, roleName: r.roleName, isClientScoped: r.isClientScoped }));
}

// Catalogue order, so the audit's before/after and the screens list permissions the same way.
const catalogueOrder = (list: readonly string[]) =>
  [...list].sort((a, b) => PERMISSIONS.indexOf(a as Permission) - PERMISSIONS.indexOf(b as Permission));

const auditedFields = (r: { roleName: string; isClientScoped: boolean; permissions: string[] }) => ({
  roleName: r.roleName,
  isClientScoped: r.isClientScoped,
  permissions: catalogueOrder(r.permissions),
});

function toRole(row: RoleRow, userCount: number): Role {
  return {
    roleId: row.roleId,
    roleName: row.roleName,
    isClientScoped: row.isClientScoped,
    permissions: catalogueOrder(row.permissions),
    userCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ParsedRoleInput = z.output<typeof RoleInputSchema>;

/**
 * Security issue 14 point 4: nobody puts into a role a permission they do not hold, and a client-scoped
 * editor keeps roles client-scoped (an unscoped role sees every client, theirs or not).
 */
function assertMayDefineRole(actor: CurrentUser, input: ParsedRoleInput) {
  if (!holdsAllPermissions(actor.permList, input.permissions))
    throw forbidden(ROLE_MSG.cannotGrantPermissions);
  if (actor.isClientScoped && !input.isClientScoped) throw forbidden(ROLE_MSG.scopedRoleOnly);
}

// Roles (ours, issue 3): rows holding catalogue permissions. The access hook reloads the role on every
// request, so a change applies to its users at their next request.
export function createRolesService(deps: { db: Db; users: RoleUsers }) {
  const { db, users } = deps;

  /**
   * Editing a role changes what its users may do: the editor must hold everything it holds now, and a
   * client-scoped editor may change only client-scoped roles held by users of their own clients.
   */
  async function assertMayEditRole(tx: DbOrTx, actor: CurrentUser, before: RoleRow) {
    if (!holdsAllPermissions(actor.permList, before.permissions)) throw forbidden(ROLE_MSG.cannotEditRole);
    if (!actor.isClientScoped) return;
    if (!before.isClientScoped) throw forbidden(ROLE_MSG.scopedRoleOnly);
    if ((await users.countUsersOfRoleOutsideClients(tx, before.roleId, actor.clientIds)) > 0)
      throw forbidden(ROLE_MSG.roleHeldOutsideClients);
  }

  async function describeRole(tx: DbOrTx, row: RoleRow) {
    return toRole(row, (await users.countUsersByRole(tx)).get(row.roleId) ?? 0);
  }

  /** Unique names regardless of case; a racing twin hits the unique index and gets the same answer. */
  async function saveUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'roles_name_lower_key')) throw conflict(ROLE_MSG.nameTaken);
      throw error;
    }
  }

  return {
    async listRoles(): Promise<Role[]> {
      const [rows, counts] = await Promise.all([q.selectRoles(db), users.countUsersByRole(db)]);
      return rows.map((r) => toRole(r, counts.get(r.roleId) ?? 0));
    },

    /** Who may do what a screen refuses: the roles' names only, for any signed-in user. */
    async listRoleHolders(permission: Permission): Promise<RoleHolders> {
      return { permission, roleNames: await q.selectRoleNamesHolding(db, permission) };
    },

    async createRole(actor: CurrentUser, input: ParsedRoleInput, ctx: AuditContext): Promise<Role> {
      assertMayDefineRole(actor, input);
      return saveUnique(() =>
        db.transaction(async (tx) => {
          if (await q.findRoleIdByName(tx, input.roleName)) throw conflict(ROLE_MSG.nameTaken);
          const row = await q.insertRole(tx, {
            roleName: input.roleName,
            isClientScoped: input.isClientScoped,
            permissions: catalogueOrder(input.permissions),
          });
          await writeAudit(tx, ctx, {
            action: 'role.created',
            entity: 'role',
            entityId: row.roleId,
            after: auditedFields(row),
          });
          return toRole(row, 0);
        }),
      );
    },

    async editRole(
      actor: CurrentUser,
      roleId: number,
      input: ParsedRoleInput,
      ctx: AuditContext,
    ): Promise<Role> {
      assertMayDefineRole(actor, input);
      return saveUnique(() =>
        db.transaction(async (tx) => {
          const before = await q.selectRoleById(tx, roleId);
          if (!before) throw notFound(ROLE_MSG.notFound);
          await assertMayEditRole(tx, actor, before);
          if (await q.findRoleIdByName(tx, input.roleName, roleId)) throw conflict(ROLE_MSG.nameTaken);
          const row = await q.updateRole(tx, roleId, {
            roleName: input.roleName,
            isClientScoped: input.isClientScoped,
            permissions: catalogueOrder(input.permissions),
          });
          // Unscoped users see every client: an association left behind would mean nothing, then surprise.
          if (before.isClientScoped && !row.isClientScoped)
            await users.clearClientAssociationsOfRole(tx, roleId);
          if ((await users.countActiveUsersWithPermission(tx, 'EDIT_ROLES')) === 0)
            throw conflict(ROLE_MSG.lastRoleEditor);
          await writeAudit(tx, ctx, {
            action: 'role.updated',
            entity: 'role',
            entityId: roleId,
            before: auditedFields(before),
            after: auditedFields(row),
          });
          return describeRole(tx, row);
        }),
      );
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
