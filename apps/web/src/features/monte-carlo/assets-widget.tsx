import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import { Chart } from '../../components/charts/chart';
import { FieldList } from '../../components/field-list';
import { formatCurrency, formatDate } from '../../lib/format';
import { monteCarloQueries } from './monte-carlo.queries';
import { WidgetCard } from '../../components/widget-card';

/**
 * The client summary's Assets widget (clients-accounts-investments-reports.md 2, 3; docs/models.md
 * "Assets widget"): Number Of Accounts, Strategic Liquidity, Amount Invested, and the series of account
 * categories and investment types. A failed read shows the empty state, as spec 8 says of results.
 */
export function AssetsWidget({ clientId }: { clientId: number }) {
  const assets = useQuery(monteCarloQueries.assetsWidget(clientId));
  const data = assets.data;
  const isEmpty = !data || (data.numberOfAccounts === 0 && data.numberOfInvestments === 0);
  return (
    <WidgetCard title="Assets" isLoading={assets.isLoading} isEmpty={isEmpty}>
      {data && (
        <Stack spacing={2}>
          <FieldList
            aria-label="Assets figures"
            fields={[
              ['Number Of Accounts', data.numberOfAccounts],
              [
                'Strategic Liquidity',
                data.strategicLiquidity === null
                  ? 'No Monte Carlo yet'
                  : `${formatCurrency(data.strategicLiquidity)}${
                      data.liquiditySource ? ` (as of ${formatDate(data.liquiditySource.endDate)})` : ''
                    }`,
              ],
              ['Amount Invested', formatCurrency(data.amountInvested)],
              ['Cash Balance', formatCurrency(data.cashBalance)],
              ['Total Assets', formatCurrency(data.totalAssets)],
            ]}
          />
          {data.series.length > 0 && (
            <Chart
              height="14rem"
              label="The client's assets by account category and investment type"
              option={{
                tooltip: { trigger: 'item', valueFormatter: (value: number) => formatCurrency(value) },
                legend: { bottom: 0, type: 'scroll' },
                series: [
                  {
                    name: 'Assets',
                    type: 'pie',
                    radius: ['40%', '70%'],
                    center: ['50%', '42%'],
                    label: { show: false },
                    data: data.series
                      .filter((s) => s.amount > 0)
                      .map((s) => ({ name: s.label, value: s.amount })),
                  },
                ],
              }}
              table={{
                columns: ['Kind', 'Category or type', 'Count', 'Amount', 'Share'],
                rows: data.series.map((s) => [
                  s.kind === 'account' ? 'Accounts' : 'Investments',
                  s.label,
                  s.count,
                  formatCurrency(s.amount),
                  `${s.sharePercent.toFixed(2)}%`,
                ]),
              }}
            />
          )}
        </Stack>
      )}
    </WidgetCard>
  );
}
