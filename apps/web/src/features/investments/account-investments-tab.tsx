import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/data-table/empty-state';
import { FieldList } from '../../components/field-list';
import { formatCurrency } from '../../lib/format';
import { AmountsInvestedSummary, InvestmentBalanceGraph } from './investment-balance-panel';
import { formatPercent } from './investment-format';
import { InvestmentsTable } from './investments-table';
import type { InvestmentScope } from './investments.api';
import { investmentQueries } from './investments.queries';

/** The interest rate of the current holdings: coupon and yield averaged by settlement amount. */
function InterestRateSummary({ accountId }: { accountId: number }) {
  const rate = useQuery(investmentQueries.interestRate(accountId));
  const data = rate.data;
  return (
    <Paper component="section" aria-labelledby="interest-rate-title" sx={{ p: 2, flex: 1 }}>
      <Typography id="interest-rate-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Interest Rate
      </Typography>
      {rate.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the interest rate" />
        </Box>
      ) : !data || data.holdingsCount === 0 ? (
        <EmptyState />
      ) : (
        <FieldList
          aria-label="Interest rate"
          fields={[
            ['Weighted Average Coupon', formatPercent(data.weightedCouponRate)],
            ['Weighted Average Yield', formatPercent(data.weightedInterestRate)],
            ['Current Holdings', String(data.holdingsCount)],
            ['Total Invested', formatCurrency(data.totalSettlementAmount)],
          ]}
        />
      )}
    </Paper>
  );
}

/**
 * The account profile's Investments tab (spec 2): the balance graph, the amounts invested, the interest
 * rate and the account's 'All Investments' table.
 */
export function AccountInvestmentsTab({ account }: { account: { accountId: number } }) {
  const { accountId } = account;
  const scope = useMemo<InvestmentScope>(() => ({ kind: 'account', accountId }), [accountId]);
  const widget = useQuery(investmentQueries.accountBalance(accountId));
  return (
    <Stack spacing={2}>
      <InvestmentBalanceGraph widget={widget.data} isLoading={widget.isLoading} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <AmountsInvestedSummary widget={widget.data} isLoading={widget.isLoading} />
        <InterestRateSummary accountId={accountId} />
      </Stack>
      <InvestmentsTable title="All Investments" scope={scope} />
    </Stack>
  );
}
