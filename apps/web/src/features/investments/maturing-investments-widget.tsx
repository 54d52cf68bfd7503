import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MATURING_INVESTMENTS_PAGE_SIZE } from '@tideline/contracts/investments/investment-widgets.schemas';
import { ScrollRegion } from '../../components/scroll-region';
import { WidgetCard } from '../../components/widget-card';
import { formatCurrency, formatDate } from '../../lib/format';
import { investmentQueries } from './investments.queries';
import { MaturityWindowInfo } from './maturity-window-info';

/**
 * The client summary's 'Maturing Investments' widget (spec 2, 3; platform.md 9): what matures within the
 * maturity limit, 4 rows a page, the window's date range in a tooltip.
 */
export function MaturingInvestmentsWidget({ clientId }: { clientId: number }) {
  const maturing = useQuery(investmentQueries.maturingOfClient(clientId));
  const [pageIndex, setPageIndex] = useState(0);
  const data = maturing.data;
  const rows = data?.maturingInvestments ?? [];
  const page = rows.slice(
    pageIndex * MATURING_INVESTMENTS_PAGE_SIZE,
    (pageIndex + 1) * MATURING_INVESTMENTS_PAGE_SIZE,
  );

  return (
    <WidgetCard
      title="Maturing Investments"
      action={<MaturityWindowInfo window={data} />}
      isLoading={maturing.isLoading}
      isEmpty={rows.length === 0}
    >
      {data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data.totalMaturingInvestments} maturing, {formatCurrency(data.totalAmountMaturingInvestments)}
          </Typography>
          <ScrollRegion label="Maturing investments: table">
            <Table size="small" aria-label="Maturing investments">
              <TableHead>
                <TableRow>
                  <TableCell>Investment</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Maturity Date</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/client-management/${clientId}/${row.accountId}`}>
                        {row.investmentId ?? row.accountName}
                      </Link>
                    </TableCell>
                    <TableCell>{row.investmentType}</TableCell>
                    <TableCell align="right">{formatCurrency(row.amount)}</TableCell>
                    <TableCell>{formatDate(row.maturityDate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          <TablePagination
            component="div"
            count={rows.length}
            page={pageIndex}
            rowsPerPage={MATURING_INVESTMENTS_PAGE_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_e, next) => setPageIndex(next)}
          />
        </>
      )}
    </WidgetCard>
  );
}
