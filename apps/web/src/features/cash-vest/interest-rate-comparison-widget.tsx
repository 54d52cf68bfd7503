import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RATE_CATEGORIES } from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import { formatDate, formatPercent } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { cashVestQueries } from './cash-vest.queries';
import { WidgetCard } from '../../components/widget-card';

const COLUMNS = [
  ['lastMonth', 'Last Month'],
  ['lastQuarter', 'Last Quarter'],
  ['bestRate', 'Best Rate'],
  ['bestInState', 'Best In State'],
  ['average', 'Average'],
] as const;

/**
 * The client summary's 'Interest Rate Comparison' (clients spec 2, 3, 9): one bank per page, the rates
 * its accounts earned last month and last quarter beside the best, best-in-state and average
 * negotiated rates, for fixed income, low yield and high yield; rates in percent with 4 decimals.
 */
export function InterestRateComparisonWidget({ clientId }: { clientId: number }) {
  const canView = useCan('VIEW_CLIENTS');
  const comparison = useQuery({ ...cashVestQueries.rateComparison(clientId), enabled: canView });
  const [pageIndex, setPageIndex] = useState(0);
  const data = comparison.data;
  const banks = data?.banks ?? [];
  const bank = banks[Math.min(pageIndex, banks.length - 1)];
  return (
    <WidgetCard title="Interest Rate Comparison" isLoading={canView && comparison.isLoading} isEmpty={!bank}>
      {bank && (
        <>
          <Typography variant="subtitle1" component="h3">
            {bank.bankName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            State: {bank.state ?? '---'}
            {data?.lastMonth && data.lastQuarter
              ? ` · last month ${formatDate(data.lastMonth.startDate)} - ${formatDate(data.lastMonth.endDate)}, last quarter ${formatDate(data.lastQuarter.startDate)} - ${formatDate(data.lastQuarter.endDate)}`
              : ''}
          </Typography>
          <Table size="small" aria-label={`Interest rates of ${bank.bankName}`} sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Rates</TableCell>
                {COLUMNS.map(([key, label]) => (
                  <TableCell key={key} align="right">
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {RATE_CATEGORIES.map(({ key, label }) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  {COLUMNS.map(([column]) => (
                    <TableCell key={column} align="right">
                      {formatPercent(bank[key][column])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={banks.length}
            page={Math.min(pageIndex, banks.length - 1)}
            rowsPerPage={1}
            rowsPerPageOptions={[]}
            labelDisplayedRows={({ from, count }) => `Bank ${from} of ${count}`}
            onPageChange={(_e, next) => setPageIndex(next)}
          />
        </>
      )}
    </WidgetCard>
  );
}
