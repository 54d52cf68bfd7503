import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { Chart } from '../../components/charts/chart';
import { formatCurrency, formatDate } from '../../lib/format';
import { accountQueries } from './accounts.queries';

function NoResults({ note }: { note?: string }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        No Results.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {note ?? 'There are no results to be displayed.'}
      </Typography>
    </Box>
  );
}

/**
 * The Account Balance chart of the profile, read from the account's daily balance table (issue 18
 * point 1); 'No Results.' with one point or fewer (spec 2). Tables older than the account's latest
 * transactions are said to be so.
 */
export function AccountBalancePanel({ account }: { account: Account }) {
  const history = useQuery(accountQueries.balanceHistory(account.accountId));
  if (history.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the balance" />
      </Box>
    );
  }
  const data = history.data;
  if (!data?.computedAt) {
    return (
      <NoResults note="The balance history shows once the daily and monthly tables are calculated (Accounts tab, Account Actions)." />
    );
  }
  if (data.points.length <= 1) return <NoResults />;
  const option = {
    grid: { left: 90, right: 24, top: 16, bottom: 40 },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatCurrency(value) },
    xAxis: {
      type: 'category',
      data: data.points.map((p) => formatDate(p.date)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: (value: number) => formatCurrency(value) } },
    series: [
      {
        name: 'Balance',
        type: 'line',
        showSymbol: data.points.length < 60,
        data: data.points.map((p) => p.balance),
      },
    ],
  };
  return (
    <>
      {data.isStale && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Transactions of this account changed after its tables were calculated on{' '}
          {formatDate(data.computedAt)}: calculate the daily and monthly tables again to see them here.
        </Alert>
      )}
      <Chart
        option={option}
        label={`End-of-day balance of ${account.accountName} from ${formatDate(data.points[0]!.date)} to ${formatDate(data.points.at(-1)!.date)}`}
        table={{
          columns: ['Date', 'Balance'],
          rows: data.points.map((p) => [formatDate(p.date), formatCurrency(p.balance)]),
        }}
      />
    </>
  );
}
