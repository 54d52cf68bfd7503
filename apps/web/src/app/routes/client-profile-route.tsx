import { lazy, Suspense, useDeferredValue, useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { PageLoader } from '../../components/page-loader';
import { TabStrip } from '../../components/tab-strip';
import { clientQueries } from '../../features/clients/clients.queries';
import { useClientOrRedirect } from '../../features/clients/use-client-or-redirect';
import { useCan, usePermList } from '../../lib/use-can';
import type { PrefetchScreenData } from '../app-routes';

// The client profile composes several features (style.md: features do not import each other).
const ClientSummaryTab = lazy(() =>
  import('../../features/clients/client-summary-tab').then((m) => ({ default: m.ClientSummaryTab })),
);
const AccountsTab = lazy(() =>
  import('../../features/accounts/accounts-tab').then((m) => ({ default: m.AccountsTab })),
);
const AccountGroupsTab = lazy(() =>
  import('../../features/accounts/account-groups-tab').then((m) => ({ default: m.AccountGroupsTab })),
);
const ClientInvestmentsTab = lazy(() =>
  import('../../features/investments/client-investments-tab').then((m) => ({
    default: m.ClientInvestmentsTab,
  })),
);
const MaturingInvestmentsWidget = lazy(() =>
  import('../../features/investments/maturing-investments-widget').then((m) => ({
    default: m.MaturingInvestmentsWidget,
  })),
);
const CashVestScoreWidget = lazy(() =>
  import('../../features/cash-vest/cash-vest-score-widget').then((m) => ({
    default: m.CashVestScoreWidget,
  })),
);
const InterestRateComparisonWidget = lazy(() =>
  import('../../features/cash-vest/interest-rate-comparison-widget').then((m) => ({
    default: m.InterestRateComparisonWidget,
  })),
);
const AssetsWidget = lazy(() =>
  import('../../features/monte-carlo/assets-widget').then((m) => ({ default: m.AssetsWidget })),
);
const InvestedByLevelWidget = lazy(() =>
  import('../../features/monte-carlo/invested-by-level-widget').then((m) => ({
    default: m.InvestedByLevelWidget,
  })),
);
const DayToDayVarianceWidget = lazy(() =>
  import('../../features/short-term/short-term-widgets').then((m) => ({ default: m.DayToDayVarianceWidget })),
);
const ShortTermForecastWidget = lazy(() =>
  import('../../features/short-term/short-term-widgets').then((m) => ({
    default: m.ShortTermForecastWidget,
  })),
);
const CashPositionForecastWidget = lazy(() =>
  import('../../features/short-term/short-term-widgets').then((m) => ({
    default: m.CashPositionForecastWidget,
  })),
);
const NegotiatedRatesTable = lazy(() =>
  import('../../features/negotiated-rates/negotiated-rates-table').then((m) => ({
    default: m.NegotiatedRatesTable,
  })),
);
const CalculateTablesButton = lazy(() =>
  import('../../features/balance-tables/calculate-tables-button').then((m) => ({
    default: m.CalculateTablesButton,
  })),
);
const NotesTable = lazy(() =>
  import('../../features/notes/notes-table').then((m) => ({ default: m.NotesTable })),
);
const ReportsTab = lazy(() =>
  import('../../features/reports/reports-tab').then((m) => ({ default: m.ReportsTab })),
);
const ClientBanksPanel = lazy(() => import('./client-banks-panel'));
const ClientExceptionBadge = lazy(() =>
  import('../../features/exceptions/client-exception-badge').then((m) => ({
    default: m.ClientExceptionBadge,
  })),
);
const QuarterChecklistCard = lazy(() =>
  import('../../features/quarter-checklist/quarter-checklist-card').then((m) => ({
    default: m.QuarterChecklistCard,
  })),
);

function SummaryPanel({ client }: { client: Client }) {
  // Each is drawn, its chunk loaded, once it comes near the window (summary-widgets.tsx).
  const widgets = {
    'Maturing Investments': <MaturingInvestmentsWidget clientId={client.clientId} />,
    'Day-to-Day Variance': <DayToDayVarianceWidget clientId={client.clientId} />,
    'Short Term Modeling/Forecast': <ShortTermForecastWidget clientId={client.clientId} />,
    'Short-Term Cash Position Forecast': <CashPositionForecastWidget clientId={client.clientId} />,
    'cashVest Score': <CashVestScoreWidget clientId={client.clientId} />,
    'Interest Rate Comparison': <InterestRateComparisonWidget clientId={client.clientId} />,
    Assets: <AssetsWidget clientId={client.clientId} />,
    'Current Amounts Invested by Liquidity Level': <InvestedByLevelWidget clientId={client.clientId} />,
  };
  const panels = {
    'negotiated-rates': (
      <Suspense fallback={<PageLoader />}>
        <NegotiatedRatesTable clientId={client.clientId} />
      </Suspense>
    ),
    notes: (
      <Suspense fallback={<PageLoader />}>
        <NotesTable scope={{ kind: 'client', clientId: client.clientId }} />
      </Suspense>
    ),
    banks: (
      <Suspense fallback={<PageLoader />}>
        <ClientBanksPanel client={client} />
      </Suspense>
    ),
  };
  return <ClientSummaryTab client={client} widgets={widgets} panels={panels} />;
}

function AccountsPanel({ client }: { client: Client }) {
  const canCalculate = useCan('RUN_CALCULATIONS');
  return (
    <AccountsTab
      clientId={client.clientId}
      calculateTables={
        canCalculate ? (
          <Suspense fallback={null}>
            <CalculateTablesButton clientId={client.clientId} />
          </Suspense>
        ) : undefined
      }
    />
  );
}

function AccountGroupsPanel({ client }: { client: Client }) {
  return <AccountGroupsTab clientId={client.clientId} />;
}

function InvestmentsPanel({ client }: { client: Client }) {
  return <ClientInvestmentsTab clientId={client.clientId} />;
}

function ReportsPanel({ client }: { client: Client }) {
  return <ReportsTab clientId={client.clientId} />;
}

interface TabDefinition {
  index: number;
  label: string;
  permission: Permission;
  Panel: ComponentType<{ client: Client }>;
}

// clients-accounts-investments-reports.md 2: 0 summary, 1 accounts, 2 account groups, 3 investments,
// 4 reports; each shown only with its view permission.
const TABS: readonly TabDefinition[] = [
  { index: 0, label: 'Summary', permission: 'VIEW_CLIENTS', Panel: SummaryPanel },
  { index: 1, label: 'Accounts', permission: 'VIEW_ACCOUNTS', Panel: AccountsPanel },
  { index: 2, label: 'Account Groups', permission: 'VIEW_ACCOUNT_GROUPS', Panel: AccountGroupsPanel },
  { index: 3, label: 'Investments', permission: 'VIEW_INVESTMENTS', Panel: InvestmentsPanel },
  { index: 4, label: 'Reports', permission: 'VIEW_REPORTS', Panel: ReportsPanel },
];

/** The tab a navigation state carries: a number, or `{ tab: number }`. */
function tabOfState(state: unknown): number | null {
  if (typeof state === 'number') return state;
  if (state && typeof state === 'object' && 'tab' in state && typeof state.tab === 'number') return state.tab;
  return null;
}

/**
 * On a reload of the profile, the client of its header is asked for as this chunk arrives (app-routes.tsx
 * preloadSignedInScreen), while the shell loads: asked for on mount, it came a round trip after the
 * shell's first paint, and the header with it (Lighthouse's largest paint, issue 21 "Speed"). The answer
 * lands where useClientOrRedirect reads it.
 */
export const prefetchScreenData: PrefetchScreenData = (queryClient, params) => {
  const clientId = Number(params.id);
  if (Number.isSafeInteger(clientId) && clientId > 0)
    void queryClient.prefetchQuery(clientQueries.detail(clientId));
};

/** /client-management/{id}: the client profile, its tab chosen by index (?tab=) or navigation state. */
export default function ClientProfileRoute() {
  const { id } = useParams();
  const client = useClientOrRedirect(Number(id));
  // The header is drawn as soon as the client arrives; the tab's panel (seven widgets and their charts on
  // the summary) follows in a background render React can interrupt. Drawn together, the client's name,
  // the largest paint, waited on all of them (issue 21, Lighthouse).
  // Another client's panel is never shown under this one's header, even for that render. The initial
  // null keeps that order when the client is there at the first render (prefetchScreenData).
  const deferredClient = useDeferredValue(client ?? null, null);
  const panelClient = deferredClient?.clientId === client?.clientId ? deferredClient : undefined;
  const permList = usePermList();
  const canSeeExceptions = useCan('VIEW_EXCEPTIONS');
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  // A navigation state is read once, then cleared (spec 2): the tab moves into the address.
  const stateTab = tabOfState(location.state);
  useEffect(() => {
    if (stateTab === null) return;
    void navigate(
      { pathname: location.pathname, search: `?tab=${stateTab}` },
      { replace: true, state: null },
    );
  }, [stateTab, location.pathname, navigate]);

  const visible = TABS.filter((t) => hasAnyPermission(permList, [t.permission]));
  const wanted = stateTab ?? Number(searchParams.get('tab') ?? 0);
  const current = visible.find((t) => t.index === wanted) ?? visible[0];

  if (!client) return <PageLoader />;
  return (
    <Stack component="section" aria-labelledby="client-profile-header" spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography id="client-profile-header" variant="h4" component="h1">
          {client.clientName}
        </Typography>
        {/* Issue 43: the client's open exceptions, opening the queue on it (VIEW_EXCEPTIONS). */}
        {canSeeExceptions && (
          <Suspense fallback={null}>
            <ClientExceptionBadge clientId={client.clientId} />
          </Suspense>
        )}
      </Stack>
      {/* Issue 42 point 1: where the quarter stands and its next step, above every tab. */}
      <Suspense fallback={null}>
        <QuarterChecklistCard clientId={client.clientId} />
      </Suspense>
      {current && (
        <>
          <TabStrip
            label="Client profile"
            value={current.index}
            onChange={(index) => setSearchParams(index === 0 ? {} : { tab: String(index) })}
            tabs={visible.map((t) => ({
              value: t.index,
              label: t.label,
              id: `client-tab-${t.index}`,
              panelId: `client-panel-${t.index}`,
            }))}
          />
          <div
            role="tabpanel"
            id={`client-panel-${current.index}`}
            aria-labelledby={`client-tab-${current.index}`}
          >
            <Suspense fallback={<PageLoader />}>
              {panelClient ? <current.Panel client={panelClient} /> : <PageLoader />}
            </Suspense>
          </div>
        </>
      )}
    </Stack>
  );
}
