import { useQuery } from '@tanstack/react-query';
import { Chart } from '../../components/charts/chart';
import { formatCurrency } from '../../lib/format';
import { monteCarloQueries } from './monte-carlo.queries';
import { WidgetCard } from '../../components/widget-card';

export const INVESTED_BY_LEVEL_TITLE = 'Current Amounts Invested by Liquidity Level';

/**
 * 'Current Amounts Invested by Liquidity Level' (clients-accounts-investments-reports.md 2, 7): a donut
 * of the face value of the investments held today by the level of their maturity, each level with its
 * horizon, for the client's 'All Accounts' group (beside the group's level amounts, when it has them).
 */
export function InvestedByLevelWidget({ clientId }: { clientId: number }) {
  const groups = useQuery(monteCarloQueries.groupOptions(clientId));
  const groupId = groups.data?.find((g) => g.isAllAccounts)?.value;
  const invested = useQuery({
    ...monteCarloQueries.investedByLevel(clientId, groupId ?? 0),
    enabled: groupId !== undefined,
  });
  const data = invested.data;
  return (
    <WidgetCard
      title={INVESTED_BY_LEVEL_TITLE}
      isLoading={groups.isLoading || (groupId !== undefined && invested.isLoading)}
      isEmpty={!data || data.investmentCount === 0}
    >
      {data && (
        <Chart
          height="16rem"
          label={`Amounts invested by liquidity level, ${data.groupName}`}
          option={{
            tooltip: { trigger: 'item', valueFormatter: (value: number) => formatCurrency(value) },
            legend: { bottom: 0, type: 'scroll' },
            series: [
              {
                name: 'Invested',
                type: 'pie',
                radius: ['45%', '70%'],
                center: ['50%', '42%'],
                label: { show: false },
                data: data.levels
                  .filter((l) => l.amount > 0)
                  .map((l) => ({ name: `Level ${l.levelNumber} (${l.horizon})`, value: l.amount })),
              },
            ],
          }}
          table={{
            columns: ['Level', 'Horizon', 'Investments', 'Amount Invested', 'Share', 'Level Amount'],
            rows: data.levels.map((l) => [
              `Level ${l.levelNumber}`,
              l.horizon,
              l.count,
              formatCurrency(l.amount),
              `${l.sharePercent.toFixed(2)}%`,
              formatCurrency(l.levelAmount),
            ]),
          }}
        />
      )}
    </WidgetCard>
  );
}
