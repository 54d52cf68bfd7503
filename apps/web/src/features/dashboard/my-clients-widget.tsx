import { useQuery } from '@tanstack/react-query';
import TableCell from '@mui/material/TableCell';
import { MY_CLIENTS_PAGE_SIZE, WIDGET_NAME_CUTS } from '@tideline/contracts/dashboard/dashboard.schemas';
import { PagedWidget } from '../../components/paged-widget';
import { RouteLink } from '../../components/route-link';
import { cutName } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';
import { dashboardQueries } from './dashboard.queries';

/** platform.md 2.5: the user's own clients, 5 a page, each name linking to the client. */
export function MyClientsWidget() {
  const userId = useSessionStore((s) => s.user?.userId ?? 0);
  const myClients = useQuery(dashboardQueries.myClients(userId));
  return (
    <PagedWidget
      id="widget-my-clients"
      title="My Clients"
      isLoading={myClients.isLoading}
      rows={myClients.data ?? []}
      pageSize={MY_CLIENTS_PAGE_SIZE}
      columns={['Client']}
      rowKey={(c) => c.clientId}
      renderRow={(c) => (
        <TableCell>
          <RouteLink to={`/client-management/${c.clientId}`} title={c.clientName}>
            {cutName(c.clientName, WIDGET_NAME_CUTS.myClients)}
          </RouteLink>
        </TableCell>
      )}
    />
  );
}
