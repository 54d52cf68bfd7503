import { hasAnyPermission, holdsAllPermissions, USER_MSG } from '@tideline/contracts';
import type { CurrentUser } from '../../platform/access/route-access';
import { forbidden, notFound } from '../../platform/http/app-error';

// User management's per-record rules (security issue 14 point 4); the routes' permissions are the
// first gate, these the second. docs/architecture.md "User management rules" states them in prose.

/** What the rules look at of a user: their role's reach and their clients. */
export interface ScopeFacts {
  isClientScoped: boolean;
  clientIds: readonly number[];
}

/**
 * A client-scoped caller reaches only the client-scoped users sharing one of their clients: staff and
 * the users of other clients are out of reach, as every other record of another client is.
 */
export function isUserInScope(viewer: CurrentUser, user: ScopeFacts): boolean {
  if (!viewer.isClientScoped) return true;
  return user.isClientScoped && user.clientIds.some((id) => viewer.clientIds.includes(id));
}

/** Out of reach answers as if the user did not exist, so ids and emails cannot be probed. */
export function assertUserInScope<T extends ScopeFacts>(
  viewer: CurrentUser,
  user: T | null | undefined,
): asserts user is T {
  if (!user || !isUserInScope(viewer, user)) throw notFound(USER_MSG.notFound);
}

/**
 * Giving someone a role grants its permissions: the caller must hold them all, and a client-scoped
 * caller may only give client-scoped roles (an unscoped one would see every client).
 */
export function assertMayGrantRole(
  actor: CurrentUser,
  role: { permissions: readonly string[]; isClientScoped: boolean },
): void {
  if (!holdsAllPermissions(actor.permList, role.permissions)) throw forbidden(USER_MSG.cannotGrantRole);
  if (actor.isClientScoped && !role.isClientScoped) throw forbidden(USER_MSG.scopedRoleOnly);
}

/**
 * Changing a user who holds more than the caller (their email, then a password reset; their status;
 * their authenticator) would hand the caller that user's permissions.
 */
export function assertMayManageUser(actor: CurrentUser, target: { permissions: readonly string[] }): void {
  if (!holdsAllPermissions(actor.permList, target.permissions)) throw forbidden(USER_MSG.cannotManageUser);
}

/** Moving an existing user to another role is role administration (permissions.md: EDIT_ROLES). */
export function assertMayChangeRole(actor: CurrentUser): void {
  if (!hasAnyPermission(actor.permList, ['EDIT_ROLES'])) throw forbidden(USER_MSG.roleChangeNotAllowed);
}

export function assertMayChangeAssociation(actor: CurrentUser): void {
  if (!hasAnyPermission(actor.permList, ['EDIT_USER_CLIENT_ASSOCIATIONS']))
    throw forbidden(USER_MSG.associationNotAllowed);
}

export function assertMayChangeStatus(actor: CurrentUser): void {
  if (!hasAnyPermission(actor.permList, ['DEACTIVATE_USERS'])) throw forbidden();
}

/** Whether two id lists hold the same ids, whatever their order. */
export function isSameIdSet(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}
