import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import type { OriginState } from './require-auth';

function originOf(state: unknown): string {
  const from = (state as OriginState | null)?.from;
  // Only same-app paths: never bounce back to / (a loop) or to another origin.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/'
    ? from
    : '/dashboard';
}

/** Public routes: a signed-in user goes to /dashboard, or back to the origin remembered by RequireAuth. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  const location = useLocation();
  if (user) return <Navigate to={originOf(location.state)} replace />;
  return children;
}
