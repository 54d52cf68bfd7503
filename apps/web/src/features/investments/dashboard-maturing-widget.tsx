import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { WIDGET_NAME_CUTS } from '@tideline/contracts/dashboard/dashboard.schemas';
import { MATURING_INVESTMENTS_PAGE_SIZE } from '@tideline/contracts/investments/investment-widgets.schemas';
import { PagedWidget } from '../../components/paged-widget';
import { cutName, formatCurrency, formatDate } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';
import { MATURING_INVESTMENTS_STATE } from './investment-management-page';
import { investmentQueries } from './investments.queries';
import { maturityWindowLabel } from './maturity-window';

/**
 * The dashboard's 'Maturing Investments' (platform.md 2.5, 3, 9): per client of the user, what matures
 * within the maturity limit, 4 a page, the date range in a tooltip; a client opens the investments page
 * in its maturing view (navigation state 3).
 */
export function DashboardMaturingWidget() {
  const userId = useSessionStore((s) => s.user?.userId ?? 0);
  const maturing = useQuery(investmentQueries.maturingOfUser(userId));
  const windowLabel = maturing.data
    ? maturityWindowLabel(maturing.data)
    : 'Maturing within the maturity limit';
  return (
    <PagedWidget
      id="widget-dashboard-maturing-investments"
      title="Maturing Investments"
      action={
        <Tooltip title={windowLabel}>
          <IconButton size="small" aria-label={windowLabel}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      }
      isLoading={maturing.isLoading}
      rows={maturing.data?.clients ?? []}
      pageSize={MATURING_INVESTMENTS_PAGE_SIZE}
      columns={['Client', 'Investments', 'Amount', 'First Maturity']}
      rowKey={(c) => c.clientId}
      renderRow={(c) => (
        <>
          <TableCell>
            <Link
              component={RouterLink}
              to="/investment-management"
              state={MATURING_INVESTMENTS_STATE}
              title={c.clientName}
            >
              {cutName(c.clientName, WIDGET_NAME_CUTS.maturingInvestments)}
            </Link>
          </TableCell>
          <TableCell>{c.investmentCount}</TableCell>
          <TableCell>{formatCurrency(c.totalAmount)}</TableCell>
          <TableCell>{formatDate(c.earliestMaturityDate)}</TableCell>
        </>
      )}
    />
  );
}
