import type { ReactNode } from 'react';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { ROUTE_PERMISSIONS, type ProtectedRoute } from '@tideline/contracts/access/route-permissions';
import { useSessionStore } from '../../lib/session-store';

interface RequirePermissionProps {
  route: ProtectedRoute;
  fallback: ReactNode;
  children: ReactNode;
}

/** platform.md 2.1: a failed permission check shows the fallback screen in place of the page. */
export function RequirePermission({ route, fallback, children }: RequirePermissionProps) {
  const user = useSessionStore((s) => s.user);
  const permission = ROUTE_PERMISSIONS[route];
  if (permission !== null && !hasAnyPermission(user?.permList ?? [], [permission])) return fallback;
  return children;
}
