import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ACCOUNT_GROUP_MSG, type GroupAccount } from '@tideline/contracts/accounts/account-groups.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, DataTableColumn } from '../../components/data-table/data-table.types';
import { PageLoader } from '../../components/page-loader';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { RouteLink } from '../../components/route-link';
import { useCan } from '../../lib/use-can';
import { useCanOpen } from '../../lib/use-can-open';
import { AddGroupAccountsDialog } from './add-group-accounts-dialog';
import { useRemoveGroupAccounts } from './accounts.mutations';
import { groupQueries } from './accounts.queries';
import { GroupFormDialog } from './group-form-dialog';

/** The client profile's tab index of the account groups (spec 2), sent as navigation state. */
const ACCOUNT_GROUPS_TAB = 2;

type OpenDialog =
  { kind: 'edit' | 'add' } | { kind: 'remove'; rows: GroupAccount[]; done: () => void } | null;

/**
 * /client-management/:clientId/account-group/:groupId (spec 2 "Account groups tab"): the group's
 * accounts, Edit Group, Add Accounts and bulk remove.
 */
export default function AccountGroupPage() {
  const params = useParams();
  const clientId = Number(params.clientId);
  const groupId = Number(params.groupId);
  const navigate = useNavigate();
  const canEdit = useCan('EDIT_ACCOUNT_GROUPS');
  const canOpenClients = useCanOpen('/client-management');
  const group = useQuery({
    ...groupQueries.detail(clientId, groupId),
    enabled: Number.isInteger(groupId) && groupId > 0,
  });
  const remove = useRemoveGroupAccounts(clientId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  // Spec 2: a missing group (or one of another client) sends the user back to the client's groups.
  const isMissing =
    !(Number.isInteger(groupId) && groupId > 0) ||
    group.isError ||
    (group.data !== undefined && group.data.clientId !== clientId);
  useEffect(() => {
    if (!isMissing) return;
    enqueueSnackbar(ACCOUNT_GROUP_MSG.notFound, { variant: 'error' });
    void navigate(`/client-management/${clientId}`, { replace: true, state: ACCOUNT_GROUPS_TAB });
  }, [isMissing, clientId, navigate]);

  if (!group.data || isMissing) return <PageLoader />;
  const detail = group.data;

  const columns: DataTableColumn<GroupAccount>[] = [
    {
      id: 'accountName',
      header: 'Account Name',
      cell: (a) => (
        <RouteLink to={`/client-management/${clientId}/${a.accountId}`}>{a.accountName}</RouteLink>
      ),
    },
    { id: 'accountNumber', header: 'Account Number' },
    { id: 'accountType', header: 'Type' },
    { id: 'accountCategory', header: 'Category' },
    { id: 'bankName', header: 'Bank' },
    {
      id: 'lastTransactionDate',
      header: 'Last Transaction Date',
      cell: (a) => (a.lastTransactionDate ? formatDate(a.lastTransactionDate) : 'N/A'),
    },
  ];
  // Every account stays in 'All Accounts': there is nothing to remove from it.
  const bulkActions: BulkAction<GroupAccount>[] = detail.isAllAccounts
    ? []
    : [
        {
          label: 'Remove',
          permissions: ['REMOVE_ACCOUNT_GROUP_ASSOCIATIONS'],
          color: 'error',
          onClick: (rows, { clearSelection }) => setDialog({ kind: 'remove', rows, done: clearSelection }),
        },
      ];

  const confirmRemove = (target: Extract<OpenDialog, { kind: 'remove' }>) =>
    remove.mutate(
      target.rows.map((r) => r.accountXrefId),
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? ACCOUNT_GROUP_MSG.accountsRemoved, { variant: 'success' });
          target.done();
          close();
        },
        onError: (error) =>
          enqueueSnackbar(failureMessage(error, ACCOUNT_GROUP_MSG.removeAccountsFailed), {
            variant: 'error',
          }),
      },
    );

  const editButton = (
    <Button variant="outlined" disabled={detail.isAllAccounts} onClick={() => setDialog({ kind: 'edit' })}>
      Edit Group
    </Button>
  );
  return (
    <Stack component="section" aria-labelledby="account-group-title" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography id="account-group-title" variant="h4" component="h1">
          {detail.groupName} Group
        </Typography>
        <Stack direction="row" spacing={1}>
          {canOpenClients && (
            <Button component={RouterLink} to="/client-management" startIcon={<ArrowBackIcon />}>
              Back to Clients Table
            </Button>
          )}
          {canEdit &&
            (detail.isAllAccounts ? (
              <Tooltip title={ACCOUNT_GROUP_MSG.allAccountsEditTooltip}>
                <span tabIndex={0}>{editButton}</span>
              </Tooltip>
            ) : (
              editButton
            ))}
          {canEdit && (
            <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
              Add Accounts
            </Button>
          )}
        </Stack>
      </Stack>
      <DataTable
        title="Accounts"
        columns={columns}
        getRowId={(a) => a.accountXrefId}
        getRowLabel={(a) => a.accountName}
        mode={{ kind: 'client', rows: detail.accounts }}
        bulkActions={bulkActions}
      />
      {dialog?.kind === 'edit' && (
        <GroupFormDialog
          clientId={clientId}
          group={{ groupId: detail.groupID, groupName: detail.groupName }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'add' && (
        <AddGroupAccountsDialog clientId={clientId} group={detail} onClose={close} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove Accounts"
        message={
          dialog?.kind === 'remove'
            ? `Remove ${dialog.rows.map((r) => r.accountName).join(', ')} from the ${detail.groupName} group? The accounts themselves are kept.`
            : undefined
        }
        confirmLabel="Remove"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => dialog?.kind === 'remove' && confirmRemove(dialog)}
        onCancel={close}
      />
    </Stack>
  );
}
