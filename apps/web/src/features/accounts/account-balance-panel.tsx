import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { useCan } from '../../lib/use-can';
import { fetchBalanceSeries } from './account-balance-series';
import { transactionQueries } from './accounts.queries';

const AccountBalanceChart = lazy(() => import('./account-balance-chart'));

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

/** The Account Balance chart of the profile; 'No Results.' with one point or fewer (spec 2). */
export function AccountBalancePanel({ account }: { account: Account }) {
  const canViewTransactions = useCan('VIEW_TRANSACTIONS');
  const series = useQuery({
    // Under the account's transaction lists, so a transaction edit redraws it.
    queryKey: [
      ...transactionQueries.lists(account.accountId),
      'balance-series',
      account.accountBalance,
      account.accountBalanceDate,
    ],
    queryFn: () => fetchBalanceSeries(account),
    enabled: canViewTransactions,
  });
  if (canViewTransactions && series.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the balance" />
      </Box>
    );
  }
  if (series.data?.isTooLarge) {
    return (
      <NoResults note="The balance history of this account is shown once its daily balance tables exist." />
    );
  }
  const points = series.data?.points ?? [];
  if (points.length <= 1) return <NoResults />;
  return (
    <Suspense fallback={<CircularProgress aria-label="Loading the chart" />}>
      <AccountBalanceChart points={points} />
    </Suspense>
  );
}
