import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../../lib/session-store';

export interface OriginState {
  from?: string;
}

/** Protected routes: without a signed-in user go to / and remember where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  const hasSignedOut = useSessionStore((s) => s.hasSignedOut);
  const location = useLocation();
  if (!user) {
    if (hasSignedOut) return <Navigate to="/" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/" replace state={{ from } satisfies OriginState} />;
  }
  return children;
}
