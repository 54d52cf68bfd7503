import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notFound } from '../http/app-error';
import type { CurrentUser } from './route-access';

// Client scoping (architecture.md "Access"): a client-scoped role's users see and change only the
// clients in their association, in every list and every call. Every query on tenant data uses these.

export function canAccessClient(user: CurrentUser, clientId: number): boolean {
  return !user.isClientScoped || user.clientIds.includes(clientId);
}

/** A record outside the user's clients answers as if it did not exist, so ids cannot be probed. */
export function assertClientAccess(
  user: CurrentUser,
  clientId: number,
  notFoundMsg = 'Client not found.',
): void {
  if (!canAccessClient(user, clientId)) throw notFound(notFoundMsg);
}

/** The WHERE condition restricting `column` (a client id column) to what the user may see. */
export function whereClientVisible(user: CurrentUser, column: AnyPgColumn): SQL | undefined {
  if (!user.isClientScoped) return undefined;
  if (user.clientIds.length === 0) return sql`false`;
  return inArray(column, user.clientIds);
}
