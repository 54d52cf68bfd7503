import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import { PageLoader } from '../../components/page-loader';
import { useSessionStore } from '../../lib/session-store';
import { useCan, usePermList } from '../../lib/use-can';
import { InvestmentGroupFormDialog } from './investment-group-form-dialog';
import { InvestmentGroupsTab } from './investment-groups-tab';
import { InvestmentsTable } from './investments-table';
import { investmentQueries } from './investments.queries';
import {
  ALL_INVESTMENTS_TAB,
  INVESTMENT_GROUPS_TAB,
  MATURING_INVESTMENTS_STATE,
} from './investment-navigation';
import { defaultMaturityWindow, maturingViewFilters } from './maturity-window';

const TABS: readonly { index: number; label: string; permission: Permission }[] = [
  { index: ALL_INVESTMENTS_TAB, label: 'All Investments', permission: 'VIEW_INVESTMENTS' },
  { index: INVESTMENT_GROUPS_TAB, label: 'Investment Groups', permission: 'VIEW_INVESTMENT_GROUPS' },
];

/** The navigation state: a number, or `{ tab: number }`. */
function stateOf(state: unknown): number | null {
  if (typeof state === 'number') return state;
  if (state && typeof state === 'object' && 'tab' in state && typeof state.tab === 'number') return state.tab;
  return null;
}

/** All Investments; in the maturing view, filtered to the user's clients and the maturing window. */
function AllInvestmentsPanel({ isMaturingView }: { isMaturingView: boolean }) {
  const userId = useSessionStore((s) => s.user?.userId ?? 0);
  const maturing = useQuery({ ...investmentQueries.maturingOfUser(userId), enabled: isMaturingView });
  if (!isMaturingView) return <InvestmentsTable title="All Investments" scope={{ kind: 'all' }} />;
  if (maturing.isLoading) return <PageLoader />;
  // The server's window when it answers, else the default maturity limit from today.
  const maturityWindow = maturing.data ?? defaultMaturityWindow();
  return (
    <InvestmentsTable
      title="All Investments"
      scope={{ kind: 'all' }}
      initialFilters={maturingViewFilters(maturityWindow)}
    />
  );
}

/** /investment-management (spec 2 "Investments page"). */
export default function InvestmentManagementPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const permList = usePermList();
  const canAddGroup = useCan('ADD_INVESTMENT_GROUPS');
  const [isAddingGroup, setIsAddingGroup] = useState(false);

  // A navigation state is read once, then cleared (spec 2): the tab moves into the address, the
  // maturing view stays for as long as the page is open.
  const [arrival] = useState(() => stateOf(location.state));
  const incoming = stateOf(location.state);
  useEffect(() => {
    if (incoming === null) return;
    const search = incoming === INVESTMENT_GROUPS_TAB ? `?tab=${INVESTMENT_GROUPS_TAB}` : '';
    void navigate({ pathname: location.pathname, search }, { replace: true, state: null });
  }, [incoming, location.pathname, navigate]);

  const isMaturingView = arrival === MATURING_INVESTMENTS_STATE;
  const wanted =
    incoming === INVESTMENT_GROUPS_TAB
      ? INVESTMENT_GROUPS_TAB
      : incoming !== null
        ? ALL_INVESTMENTS_TAB
        : Number(searchParams.get('tab') ?? ALL_INVESTMENTS_TAB);
  const visible = TABS.filter((t) => hasAnyPermission(permList, [t.permission]));
  const current = visible.find((t) => t.index === wanted) ?? visible[0];

  return (
    <Stack component="section" aria-labelledby="investments-header" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography id="investments-header" variant="h4" component="h1">
          Investments
        </Typography>
        {canAddGroup && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAddingGroup(true)}>
            Add Investment Group
          </Button>
        )}
      </Stack>
      {current && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={current.index}
              onChange={(_e, index: number) => setSearchParams(index === 0 ? {} : { tab: String(index) })}
              aria-label="Investments"
            >
              {visible.map((t) => (
                <Tab
                  key={t.index}
                  value={t.index}
                  label={t.label}
                  id={`investments-tab-${t.index}`}
                  aria-controls={`investments-panel-${t.index}`}
                />
              ))}
            </Tabs>
          </Box>
          <div
            role="tabpanel"
            id={`investments-panel-${current.index}`}
            aria-labelledby={`investments-tab-${current.index}`}
          >
            {current.index === ALL_INVESTMENTS_TAB ? (
              <AllInvestmentsPanel isMaturingView={isMaturingView} />
            ) : (
              <InvestmentGroupsTab />
            )}
          </div>
        </>
      )}
      {isAddingGroup && <InvestmentGroupFormDialog onClose={() => setIsAddingGroup(false)} />}
    </Stack>
  );
}
