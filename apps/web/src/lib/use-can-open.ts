import { matchPath } from 'react-router';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { ROUTE_PERMISSIONS, type ProtectedRoute } from '@tideline/contracts/access/route-permissions';
import { usePermList } from './use-can';

const ROUTES = Object.keys(ROUTE_PERMISSIONS) as ProtectedRoute[];

/**
 * Whether a user with `permList` may open `path` (platform.md 2.1): the route it matches needs no
 * permission or one they hold. A path outside the route table cannot be opened.
 */
export function canOpenPath(permList: readonly string[], path: string): boolean {
  const pathname = path.split(/[?#]/)[0]!;
  const route = ROUTES.find((r) => matchPath({ path: r, end: true }, pathname));
  if (!route) return false;
  const permission = ROUTE_PERMISSIONS[route];
  return permission === null || hasAnyPermission(permList, [permission]);
}

/** Issue 20 point 2: no link is offered to a route the signed-in user may not open. */
export function useCanOpen(path: string): boolean {
  return canOpenPath(usePermList(), path);
}
