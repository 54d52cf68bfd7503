import { and, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { clientAssignees, clients } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { forbidden } from '../../platform/http/app-error';

/**
 * The dashboard widgets' 'my clients' of `userId` (issue 6, platform.md 2.5), as a condition on
 * clients.client_id: the clients assigned to them (assignTo), or for a client-scoped user asking for
 * themselves, their associated clients. A user asks for themselves; asking for someone else needs
 * VIEW_USERS (403 otherwise), and then keeps only the clients the asker may see.
 */
export function whereMyClients(user: CurrentUser, userId: number): SQL {
  assertMayAskFor(user, userId);
  if (userId === user.userId && user.isClientScoped) {
    return user.clientIds.length ? inArray(clients.clientId, user.clientIds) : sql`false`;
  }
  return and(whereAssignedTo(userId), whereClientVisible(user, clients.clientId))!;
}

/**
 * The whole of whereMyClients for an asker who sees every client, with `userId` a value or a
 * placeholder (the widgets' statements prepared once).
 */
export function whereAssignedTo(userId: number | Placeholder): SQL {
  // "in (subquery)" rather than "exists": the outer column stays bound to clients even when Drizzle
  // leaves it unqualified in a one-table select.
  return sql`${clients.clientId} in (select ca.client_id from ${clientAssignees} ca where ca.user_id = ${userId})`;
}

/** Someone else's clients need VIEW_USERS. */
export function assertMayAskFor(user: CurrentUser, userId: number): void {
  if (userId !== user.userId && !user.permList.includes('VIEW_USERS')) throw forbidden();
}
