import { useQuery } from '@tanstack/react-query';
import TableCell from '@mui/material/TableCell';
import { WIDGET_NAME_CUTS } from '@tideline/contracts/dashboard/dashboard.schemas';
import { MATURING_INVESTMENTS_PAGE_SIZE } from '@tideline/contracts/investments/investment-widgets.schemas';
import { PagedWidget } from '../../components/paged-widget';
import { RouteLink } from '../../components/route-link';
import { cutName, formatCurrency, formatDate } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';
import { MATURING_INVESTMENTS_STATE } from './investment-navigation';
import { investmentQueries } from './investments.queries';
import { MaturityWindowInfo } from './maturity-window-info';

/**
 * The dashboard's 'Maturing Investments' (platform.md 2.5, 3, 9): per client of the user, what matures
 * within the maturity limit, 4 a page, the date range in a tooltip; a client opens the investments page
 * in its maturing view (navigation state 3).
 */
export function DashboardMaturingWidget() {
  const userId = useSessionStore((s) => s.user?.userId ?? 0);
  const maturing = useQuery(investmentQueries.maturingOfUser(userId));
  return (
    <PagedWidget
      id="widget-dashboard-maturing-investments"
      title="Maturing Investments"
      action={<MaturityWindowInfo window={maturing.data} />}
      isLoading={maturing.isLoading}
      rows={maturing.data?.clients ?? []}
      pageSize={MATURING_INVESTMENTS_PAGE_SIZE}
      columns={['Client', 'Investments', 'Amount', 'First Maturity']}
      rowKey={(c) => c.clientId}
      renderRow={(c) => (
        <>
          <TableCell>
            <RouteLink to="/investment-management" state={MATURING_INVESTMENTS_STATE} title={c.clientName}>
              {cutName(c.clientName, WIDGET_NAME_CUTS.maturingInvestments)}
            </RouteLink>
          </TableCell>
          <TableCell>{c.investmentCount}</TableCell>
          <TableCell>{formatCurrency(c.totalAmount)}</TableCell>
          <TableCell>{formatDate(c.earliestMaturityDate)}</TableCell>
        </>
      )}
    />
  );
}
