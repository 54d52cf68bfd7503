import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@tideline/contracts/users/users.schemas';
import { activeStatusColumn } from '../../components/data-table/active-status-column';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { ResendInviteDialog, ResetUserMfaDialog } from './user-confirmations';
import { UserFormDialog } from './user-form-dialog';
import { userQueries } from './users.queries';

const fullName = (u: User) => `${u.firstName} ${u.lastName}`;

const COLUMNS: readonly DataTableColumn<User>[] = [
  { id: 'name', header: 'Name', accessor: fullName },
  { id: 'email', header: 'Email' },
  { id: 'roleName', header: 'Role' },
  activeStatusColumn(),
];

const STATUS_FILTER: FilterDefinition<User> = {
  id: 'status',
  label: 'Active Status',
  kind: 'select',
  options: [
    { value: 'Active', label: 'Active' },
    { value: 'Inactive', label: 'Inactive' },
  ],
};

type OpenDialog = { kind: 'edit' | 'resend-invite' | 'reset-mfa'; user: User } | null;

/** The Users tab (platform.md 2.6): every user, in the browser, with the row actions the user may take. */
export function UsersTable() {
  const users = useQuery(userQueries.all());
  const roles = useQuery(userQueries.roles());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const filters: readonly FilterDefinition<User>[] = [
    { id: 'name', label: 'Name', kind: 'text' },
    { id: 'email', label: 'Email', kind: 'text' },
    {
      id: 'roleName',
      label: 'Role',
      kind: 'multiSelect',
      options: (roles.data ?? []).map((r) => ({ value: r.roleName, label: r.roleName })),
    },
    STATUS_FILTER,
  ];
  const rowActions: readonly RowAction<User>[] = [
    { label: 'Edit', permissions: ['EDIT_USERS'], onClick: (user) => setDialog({ kind: 'edit', user }) },
    {
      label: 'Resend Invite',
      permissions: ['RESEND_INVITE'],
      onClick: (user) => setDialog({ kind: 'resend-invite', user }),
    },
    {
      label: 'Reset MFA',
      permissions: ['RESET_MFA'],
      onClick: (user) => setDialog({ kind: 'reset-mfa', user }),
    },
  ];

  return (
    <>
      <DataTable
        title="Users"
        columns={COLUMNS}
        filters={filters}
        getRowId={(u) => u.userId}
        getRowLabel={fullName}
        mode={{ kind: 'client', rows: users.data, isLoading: users.isLoading }}
        rowActions={rowActions}
      />
      {dialog?.kind === 'edit' && <UserFormDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'resend-invite' && <ResendInviteDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'reset-mfa' && <ResetUserMfaDialog user={dialog.user} onClose={close} />}
    </>
  );
}
