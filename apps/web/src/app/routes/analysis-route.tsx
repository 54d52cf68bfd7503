import { lazy, Suspense, type ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import AnalysisPage from '../../features/analysis/analysis-page';
import type { AnalysisTabSlots } from '../../features/analysis/client-analysis-view';

// The analysis view composes the Monte Carlo, short-term model, cashVest and balance-tables features
// (style.md: features do not import each other); each tab is its own chunk, loaded when chosen.
const MonteCarloTab = lazy(() => import('../../features/monte-carlo/monte-carlo-tab'));
const ShortTermTab = lazy(() => import('../../features/short-term/short-term-tab'));
const CashVestTab = lazy(() => import('../../features/cash-vest/cash-vest-tab'));
const CalculateTablesButton = lazy(() =>
  import('../../features/balance-tables/calculate-tables-button').then((m) => ({
    default: m.CalculateTablesButton,
  })),
);

const loading = (node: ReactNode) => (
  <Suspense fallback={<CircularProgress aria-label="Loading" />}>{node}</Suspense>
);

const SLOTS: AnalysisTabSlots = {
  'monte-carlo': (clientId) => loading(<MonteCarloTab clientId={clientId} />),
  'short-term': (clientId) => loading(<ShortTermTab clientId={clientId} />),
  'cash-vest': (clientId) => loading(<CashVestTab clientId={clientId} />),
  'calculate-tables': (clientId) => (
    <Suspense fallback={null}>
      <CalculateTablesButton clientId={clientId} />
    </Suspense>
  ),
};

/** /analysis. */
export default function AnalysisRoute() {
  return <AnalysisPage slots={SLOTS} />;
}
