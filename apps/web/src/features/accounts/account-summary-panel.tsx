import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type {
  AccountSummary,
  PeriodInterest,
} from '@tideline/contracts/account-summary/account-summary.schemas';
import { Chart } from '../../components/charts/chart';
import { EmptyState } from '../../components/data-table/empty-state';
import { FieldList } from '../../components/field-list';
import { formatCurrency, formatDate, formatPercent } from '../../lib/format';
import { accountQueries } from './accounts.queries';

const rate = (value: number | null) => (value === null ? '---' : formatPercent(value));
const period = (p: PeriodInterest | null) => (p ? `${formatDate(p.from)} - ${formatDate(p.to)}` : '---');

function BalancePage({ summary }: { summary: AccountSummary }) {
  const { balance, liquidity } = summary;
  return (
    <Stack spacing={2}>
      <FieldList
        fields={[
          [`Balance on ${formatDate(summary.asOf)}`, formatCurrency(balance.current)],
          ['12-Month Average Balance', formatCurrency(balance.average12Months)],
          ['12-Month Low', formatCurrency(balance.minimum12Months)],
          ['12-Month High', formatCurrency(balance.maximum12Months)],
        ]}
      />
      {liquidity.length > 0 && (
        <Chart
          height="14rem"
          label="The account's cash and open investments by liquidity level"
          option={{
            tooltip: { trigger: 'item', valueFormatter: (value: number) => formatCurrency(value) },
            legend: { bottom: 0, type: 'scroll' },
            series: [
              {
                name: 'Liquidity',
                type: 'pie',
                radius: ['40%', '70%'],
                center: ['50%', '42%'],
                label: { show: false },
                data: liquidity.map((s) => ({ name: s.label, value: s.amount })),
              },
            ],
          }}
          table={{
            columns: ['Liquidity', 'Amount'],
            rows: liquidity.map((s) => [s.label, formatCurrency(s.amount)]),
          }}
        />
      )}
    </Stack>
  );
}

function InterestPage({ summary }: { summary: AccountSummary }) {
  const { lastMonth, lastQuarter } = summary.accruedInterest;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2" component="h3">
        Interest Rate (annualised)
      </Typography>
      <FieldList
        fields={[
          [`Last Month (${period(lastMonth)})`, rate(summary.interestRate[0])],
          [`Last Quarter (${period(lastQuarter)})`, rate(summary.interestRate[1])],
        ]}
      />
      <Typography variant="subtitle2" component="h3">
        Accrued Interest
      </Typography>
      <FieldList
        fields={[
          ['Last Month', formatCurrency(lastMonth?.interest)],
          ['Last Quarter', formatCurrency(lastQuarter?.interest)],
          ['Average Daily Balance, Last Quarter', formatCurrency(lastQuarter?.averageDailyBalance)],
        ]}
      />
    </Stack>
  );
}

const PAGES = ['Balance', 'Interest Rate'] as const;

/**
 * The account summary panel (spec 2 "Account profile"): two pages, the balance with the liquidity pie,
 * then the interest rate with the accrued interest, from the account's balance tables.
 */
export function AccountSummaryPanel({ accountId }: { accountId: number }) {
  const summary = useQuery(accountQueries.summary(accountId));
  const [page, setPage] = useState(0);
  return (
    <Box component="section" aria-labelledby="account-summary-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="account-summary-title" variant="h6" component="h2">
          {PAGES[page]}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label="Previous page"
            disabled={page === 0}
            onClick={() => setPage(0)}
            size="small"
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="body2" color="text.secondary">
            {page + 1} of {PAGES.length}
          </Typography>
          <IconButton aria-label="Next page" disabled={page === 1} onClick={() => setPage(1)} size="small">
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>
      {summary.isLoading ? (
        <CircularProgress aria-label="Loading the summary" />
      ) : !summary.data?.asOf ? (
        <EmptyState />
      ) : page === 0 ? (
        <BalancePage summary={summary.data} />
      ) : (
        <InterestPage summary={summary.data} />
      )}
    </Box>
  );
}
