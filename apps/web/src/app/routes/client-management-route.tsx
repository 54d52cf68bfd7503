import { lazy, Suspense } from 'react';
import ClientManagementPage from '../../features/clients/client-management-page';
import type { ClientBadge } from '../../features/clients/clients-table';
import { useCan } from '../../lib/use-can';

// The client list composes the exception count of issue 43 beside each name (style.md: features do not
// import each other).
const ClientExceptionBadge = lazy(() =>
  import('../../features/exceptions/client-exception-badge').then((m) => ({
    default: m.ClientExceptionBadge,
  })),
);

const exceptionBadge: ClientBadge = (clientId) => (
  <Suspense fallback={null}>
    <ClientExceptionBadge clientId={clientId} />
  </Suspense>
);

export default function ClientManagementRoute() {
  // GET /api/exceptions/counts needs VIEW_EXCEPTIONS: without it, no badge and no request.
  const canSeeExceptions = useCan('VIEW_EXCEPTIONS');
  return <ClientManagementPage clientBadge={canSeeExceptions ? exceptionBadge : undefined} />;
}
