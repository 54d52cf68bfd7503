import { useQuery } from '@tanstack/react-query';
import TableCell from '@mui/material/TableCell';
import { PagedWidget } from '../../components/paged-widget';
import { RouteLink } from '../../components/route-link';
import { cutName } from '../../lib/format';
import { DueDate, SeverityChip } from './exception-chips';
import { linkOfException } from './exception-link';
import { exceptionQueries } from './exceptions.queries';

/** Issue 43 point 3: 5 a page, as My Clients and Reports In Progress. */
export const MY_EXCEPTIONS_PAGE_SIZE = 5;
/**
 * platform.md 9's widget rule (a text over `over` characters keeps its first `keep`, then '...', the
 * whole of it on hover), with the cuts of Reports In Progress for the client and a sentence's for the
 * summary.
 */
export const MY_EXCEPTIONS_CUTS = {
  client: { over: 16, keep: 13 },
  summary: { over: 40, keep: 37 },
} as const;

/** The dashboard's 'My Exceptions' (issue 43): the user's open exceptions, worst and oldest first. */
export function MyExceptionsWidget() {
  const mine = useQuery(exceptionQueries.mine());
  return (
    <PagedWidget
      id="widget-my-exceptions"
      title="My Exceptions"
      action={<RouteLink to="/exceptions">View all</RouteLink>}
      isLoading={mine.isLoading}
      rows={mine.data ?? []}
      pageSize={MY_EXCEPTIONS_PAGE_SIZE}
      columns={['Severity', 'Client', 'What was found', 'Due', 'Fix']}
      rowKey={(e) => e.exceptionId}
      renderRow={(e) => {
        const { to, state } = linkOfException(e.link);
        return (
          <>
            <TableCell>
              <SeverityChip severity={e.severity} />
            </TableCell>
            <TableCell title={e.clientName}>{cutName(e.clientName, MY_EXCEPTIONS_CUTS.client)}</TableCell>
            <TableCell title={e.summary}>{cutName(e.summary, MY_EXCEPTIONS_CUTS.summary)}</TableCell>
            <TableCell>
              <DueDate dueDate={e.dueDate} />
            </TableCell>
            <TableCell>
              <RouteLink to={to} state={state} title="Open the screen that fixes it">
                Fix
              </RouteLink>
            </TableCell>
          </>
        );
      }}
    />
  );
}
