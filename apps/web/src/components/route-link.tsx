import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useCanOpen } from '../lib/use-can-open';

interface RouteLinkProps {
  to: string;
  children: ReactNode;
  /** Navigation state (e.g. the tab to open). */
  state?: unknown;
  title?: string;
}

/**
 * A link inside the app that is a link only when the user may open its route (issue 20 point 2); for
 * anyone else it is the same text, so nobody is led to the not-found screen.
 */
export function RouteLink({ to, children, state, title }: RouteLinkProps) {
  const canOpen = useCanOpen(to);
  if (!canOpen) return <span title={title}>{children}</span>;
  return (
    <Link component={RouterLink} to={to} state={state} title={title}>
      {children}
    </Link>
  );
}
