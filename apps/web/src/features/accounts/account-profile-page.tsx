import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import { ACCOUNT_MSG, type Account } from '@tideline/contracts/accounts/accounts.schemas';
import { PageLoader } from '../../components/page-loader';
import { failureMessage } from '../../lib/api-messages';
import { usePermList, useCan } from '../../lib/use-can';
import { AccountBalancePanel } from './account-balance-panel';
import { AccountDetails } from './account-details';
import { AccountSummaryPanel } from './account-summary-panel';
import { AccountFormDialog } from './account-form-dialog';
import { accountQueries, clientContextQueries } from './accounts.queries';

const AccountLinkTab = lazy(() => import('./account-link-tab').then((m) => ({ default: m.AccountLinkTab })));
const AccountGroupChipsTab = lazy(() =>
  import('./account-group-chips-tab').then((m) => ({ default: m.AccountGroupChipsTab })),
);
const TransactionsTable = lazy(() =>
  import('./transactions-table').then((m) => ({ default: m.TransactionsTable })),
);

/** The client profile's tab index of the accounts (spec 2), sent as navigation state. */
const ACCOUNTS_TAB = 1;

/** A tab of the account profile; other areas' tabs (e.g. Investments) are handed in by src/app. */
export interface AccountTabDefinition {
  id: string;
  label: string;
  permission: Permission;
  Panel: ComponentType<{ account: Account }>;
}

// Spec 2 "Account profile": each tab with its permission; Notes and Investments come from their
// features through `extraTabs`, and every tab takes the spec's place (TAB_ORDER; unknown ids last).
const TABS: readonly AccountTabDefinition[] = [
  { id: 'link', label: 'Account Link', permission: 'VIEW_ACCOUNT_LINKS', Panel: AccountLinkTab },
  { id: 'groups', label: 'Account Groups', permission: 'VIEW_ACCOUNT_GROUPS', Panel: AccountGroupChipsTab },
  { id: 'transactions', label: 'Transactions', permission: 'VIEW_TRANSACTIONS', Panel: TransactionsTable },
];

const TAB_ORDER = ['link', 'notes', 'groups', 'transactions', 'investments'];
const placeOf = (t: AccountTabDefinition) => {
  const place = TAB_ORDER.indexOf(t.id);
  return place === -1 ? TAB_ORDER.length : place;
};

const NO_TABS: readonly AccountTabDefinition[] = [];

/** /client-management/:clientId/:accountId (spec 2 "Account profile"). */
export default function AccountProfilePage({
  extraTabs = NO_TABS,
}: {
  extraTabs?: readonly AccountTabDefinition[];
}) {
  const params = useParams();
  const clientId = Number(params.clientId);
  const accountId = Number(params.accountId);
  const navigate = useNavigate();
  const canEdit = useCan('EDIT_ACCOUNTS');
  const permList = usePermList();
  const isValid = Number.isInteger(accountId) && accountId > 0 && Number.isInteger(clientId) && clientId > 0;
  const account = useQuery({ ...accountQueries.detail(clientId, accountId), enabled: isValid });
  const client = useQuery({ ...clientContextQueries.client(clientId), enabled: isValid });
  const [tabId, setTabId] = useState<string | null>(null);
  const [isEditing, setIsEditing] = useState(false);

  // Spec 2: an account that cannot be loaded sends the user back to the client.
  const { error } = account;
  useEffect(() => {
    if (isValid && !error) return;
    enqueueSnackbar(failureMessage(error, ACCOUNT_MSG.notFound), { variant: 'error' });
    void navigate(Number.isInteger(clientId) ? `/client-management/${clientId}` : '/client-management', {
      replace: true,
    });
  }, [isValid, error, clientId, navigate]);

  if (!account.data) return <PageLoader />;
  const current = account.data;
  const visibleTabs = [...TABS, ...extraTabs]
    .filter((t) => hasAnyPermission(permList, [t.permission]))
    .sort((a, b) => placeOf(a) - placeOf(b));
  const tab = visibleTabs.find((t) => t.id === tabId) ?? visibleTabs[0];

  return (
    <Stack component="section" aria-labelledby="account-profile-title" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Box>
          <Typography variant="subtitle1" color="text.secondary">
            {client.data?.clientName ?? '\u00a0'}
          </Typography>
          <Typography id="account-profile-title" variant="h4" component="h1">
            {current.accountName}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<ArrowBackIcon />}
            onClick={() => void navigate(`/client-management/${clientId}`, { state: ACCOUNTS_TAB })}
          >
            Back to Accounts Table
          </Button>
          {canEdit && (
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setIsEditing(true)}>
              Edit Account Information
            </Button>
          )}
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Paper sx={{ p: 2 }}>
            <AccountDetails account={current} />
          </Paper>
          <Paper sx={{ p: 2 }}>
            <AccountSummaryPanel accountId={current.accountId} />
          </Paper>
        </Stack>
        <Paper
          component="section"
          aria-labelledby="account-balance-title"
          sx={{ p: 2, flex: 2, minWidth: 0 }}
        >
          <Typography id="account-balance-title" variant="h6" component="h2">
            Account Balance
          </Typography>
          <AccountBalancePanel account={current} />
        </Paper>
      </Stack>
      {tab && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs value={tab.id} onChange={(_e, id: string) => setTabId(id)} aria-label="Account">
              {visibleTabs.map((t) => (
                <Tab
                  key={t.id}
                  value={t.id}
                  label={t.label}
                  id={`account-tab-${t.id}`}
                  aria-controls={`account-panel-${t.id}`}
                />
              ))}
            </Tabs>
          </Box>
          <div role="tabpanel" id={`account-panel-${tab.id}`} aria-labelledby={`account-tab-${tab.id}`}>
            <Suspense fallback={<PageLoader />}>
              <tab.Panel account={current} />
            </Suspense>
          </div>
        </>
      )}
      {isEditing && (
        <AccountFormDialog clientId={clientId} account={current} onClose={() => setIsEditing(false)} />
      )}
    </Stack>
  );
}
