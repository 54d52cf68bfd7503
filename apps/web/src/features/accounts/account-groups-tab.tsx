import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ACCOUNT_GROUP_MSG, type AccountGroup } from '@tideline/contracts/accounts/account-groups.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { RouteLink } from '../../components/route-link';
import { useCan } from '../../lib/use-can';
import { useDeleteGroups } from './accounts.mutations';
import { groupQueries } from './accounts.queries';
import { GroupFormDialog } from './group-form-dialog';
import { toastOutcome } from '../../lib/mutation-toasts';

/** platform.md 2.8: a filter for each column. */
const GROUP_FILTERS: readonly FilterDefinition<AccountGroup>[] = [
  { id: 'groupName', label: 'Group Name', kind: 'text' },
  { id: 'numberOfAccounts', label: '# of Accounts', kind: 'number' },
  {
    id: 'validationStatus',
    label: 'Validation Status',
    kind: 'select',
    options: [
      { value: 'YES', label: 'YES' },
      { value: 'NO', label: 'NO' },
    ],
  },
  { id: 'minDate', label: 'Min Date', kind: 'dateRange' },
  { id: 'updatedAt', label: 'Updated At', kind: 'dateRange' },
];

type OpenDialog = { kind: 'add' } | { kind: 'edit' | 'delete'; group: AccountGroup } | null;

/** Spec 4: what deleting a group may take with it. */
export const DELETE_GROUP_WARNING =
  'Deleting this group may remove its treasury data, liquidity levels, short term model and Monte Carlo results. This action cannot be undone.';

function GroupActions({
  group,
  onEdit,
  onDelete,
}: {
  group: AccountGroup;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = `Actions for ${group.groupName}`;
  if (group.isAllAccounts) {
    // Spec 6: the built-in group can be neither renamed nor deleted.
    return (
      <Tooltip title={ACCOUNT_GROUP_MSG.allAccountsLocked}>
        <span tabIndex={0}>
          <IconButton size="small" aria-label={label} disabled>
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {onEdit && <MenuItem onClick={pick(onEdit)}>Edit</MenuItem>}
        {onDelete && <MenuItem onClick={pick(onDelete)}>Delete</MenuItem>}
      </Menu>
    </>
  );
}

/** Tab 2 of the client profile (spec 2 "Account groups tab"): table 'Account Groups' and 'Add Group'. */
export function AccountGroupsTab({ clientId }: { clientId: number }) {
  const canAdd = useCan('ADD_ACCOUNT_GROUPS');
  const canEdit = useCan('EDIT_ACCOUNT_GROUPS');
  const canDelete = useCan('DELETE_ACCOUNT_GROUPS');
  const groups = useQuery(groupQueries.all(clientId));
  const deleteGroups = useDeleteGroups(clientId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const columns: DataTableColumn<AccountGroup>[] = [
    {
      id: 'groupName',
      header: 'Group Name',
      cell: (g) => (
        <RouteLink to={`/client-management/${clientId}/account-group/${g.groupID}`}>{g.groupName}</RouteLink>
      ),
    },
    { id: 'numberOfAccounts', header: '# of Accounts', align: 'right' },
    { id: 'validationStatus', header: 'Validation Status' },
    { id: 'minDate', header: 'Min Date', cell: (g) => formatDate(g.minDate) },
    { id: 'updatedAt', header: 'Updated At', cell: (g) => formatDate(g.updatedAt) },
  ];
  if (canEdit || canDelete) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      isStickyEnd: true,
      sortable: false,
      searchable: false,
      accessor: () => null,
      align: 'right',
      cell: (g) => (
        <GroupActions
          group={g}
          onEdit={canEdit ? () => setDialog({ kind: 'edit', group: g }) : undefined}
          onDelete={canDelete ? () => setDialog({ kind: 'delete', group: g }) : undefined}
        />
      ),
    });
  }

  const confirmDelete = (group: AccountGroup) =>
    deleteGroups.mutate(
      [group.groupID],
      toastOutcome({ success: ACCOUNT_GROUP_MSG.deleted, failure: ACCOUNT_GROUP_MSG.deleteFailed }, close),
    );

  return (
    <Stack spacing={2}>
      <DataTable
        title="Account Groups"
        columns={columns}
        filters={GROUP_FILTERS}
        getRowId={(g) => g.groupID}
        getRowLabel={(g) => g.groupName}
        mode={{ kind: 'client', rows: groups.data, isLoading: groups.isLoading }}
        toolbarActions={
          canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
              Add Group
            </Button>
          )
        }
      />
      {dialog?.kind === 'add' && <GroupFormDialog clientId={clientId} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <GroupFormDialog
          clientId={clientId}
          group={{ groupId: dialog.group.groupID, groupName: dialog.group.groupName }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Group"
        message={
          dialog?.kind === 'delete'
            ? `Delete "${dialog.group.groupName}"? ${DELETE_GROUP_WARNING}`
            : undefined
        }
        confirmLabel="Delete"
        isDestructive
        isPending={deleteGroups.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.group)}
        onCancel={close}
      />
    </Stack>
  );
}
