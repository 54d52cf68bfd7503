import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { green, grey, purple } from '@mui/material/colors';
import TableCell from '@mui/material/TableCell';
import {
  REPORT_STATUS,
  REPORTS_IN_PROGRESS_PAGE_SIZE,
  WIDGET_NAME_CUTS,
} from '@tideline/contracts/dashboard/dashboard.schemas';
import { isPastDue, OverdueChip } from '../../components/overdue-chip';
import { PagedWidget } from '../../components/paged-widget';
import { RouteLink } from '../../components/route-link';
import { cutName, formatDate } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';
import { dashboardQueries } from './dashboard.queries';

/**
 * platform.md 2.5: READY is purple, IN PROGRESS green, any other state grey; shades dark enough for white
 * text (WCAG AA 4.5 to 1: green 700 gave 4.1).
 */
export function reportStatusColor(status: string): string {
  if (status === REPORT_STATUS.ready) return purple[700];
  if (status === REPORT_STATUS.inProgress) return green[800];
  return grey[600];
}

/**
 * platform.md 2.5: the user's clients with a report in progress, 5 a page, linking to the client's data
 * ingestion for those who may open it; a report past its due date is marked Overdue (issue 20 point 10).
 */
export function ReportsInProgressWidget() {
  const userId = useSessionStore((s) => s.user?.userId ?? 0);
  const reports = useQuery(dashboardQueries.reportsInProgress(userId));
  return (
    <PagedWidget
      id="widget-reports-in-progress"
      title="Reports In Progress"
      isLoading={reports.isLoading}
      rows={reports.data ?? []}
      pageSize={REPORTS_IN_PROGRESS_PAGE_SIZE}
      columns={['Client', 'Due Date', 'Open Batches', 'Status']}
      rowKey={(r) => r.clientId}
      renderRow={(r) => (
        <>
          <TableCell>
            <RouteLink to={`/data-ingestion/${r.clientId}`} title={r.clientName}>
              {cutName(r.clientName, WIDGET_NAME_CUTS.reportsInProgress)}
            </RouteLink>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {formatDate(r.dueDate)}
            {isPastDue(r.dueDate) && <OverdueChip />}
          </TableCell>
          <TableCell>{r.numberOfOpenBatches}</TableCell>
          <TableCell>
            <Chip
              size="small"
              label={r.status}
              sx={{ bgcolor: reportStatusColor(r.status), color: 'common.white' }}
            />
          </TableCell>
        </>
      )}
    />
  );
}
