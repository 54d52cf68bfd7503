import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { InvestmentBalanceWidget } from '@tideline/contracts/investments/investment-widgets.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { FieldList } from '../../components/field-list';
import { formatCurrency } from '../../lib/format';

const InvestmentBalanceChart = lazy(() => import('./investment-balance-chart'));

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** The investment balance graph; 'No Results.' with one point or fewer. */
export function InvestmentBalanceGraph({
  widget,
  isLoading,
}: {
  widget?: InvestmentBalanceWidget;
  isLoading: boolean;
}) {
  return (
    <Paper component="section" aria-labelledby="investment-balance-title" sx={{ p: 2, flex: 2, minWidth: 0 }}>
      <Typography id="investment-balance-title" variant="h6" component="h2">
        Investment Balance
      </Typography>
      {isLoading ? (
        <Loading label="Loading the investment balance" />
      ) : !widget || widget.balances.length <= 1 ? (
        <EmptyState />
      ) : (
        <Suspense fallback={<Loading label="Loading the chart" />}>
          <InvestmentBalanceChart points={widget.balances} />
        </Suspense>
      )}
    </Paper>
  );
}

/** The amounts-invested summary of the current holdings (settled, not matured), by type. */
export function AmountsInvestedSummary({
  widget,
  isLoading,
}: {
  widget?: InvestmentBalanceWidget;
  isLoading: boolean;
}) {
  const summary = widget?.amountsInvested;
  return (
    <Paper component="section" aria-labelledby="amounts-invested-title" sx={{ p: 2, flex: 1 }}>
      <Typography id="amounts-invested-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Amounts Invested
      </Typography>
      {isLoading ? (
        <Loading label="Loading the amounts invested" />
      ) : !summary || summary.investmentCount === 0 ? (
        <EmptyState />
      ) : (
        <FieldList
          aria-label="Amounts invested"
          fields={[
            ['Current Investments', String(summary.investmentCount)],
            ['Total Invested', formatCurrency(summary.totalSettlementAmount)],
            ['Total Face Value', formatCurrency(summary.totalFaceValue)],
            ...summary.byType.map(
              (t) => [t.investmentType, `${formatCurrency(t.settlementAmount)} (${t.count})`] as const,
            ),
          ]}
        />
      )}
    </Paper>
  );
}
