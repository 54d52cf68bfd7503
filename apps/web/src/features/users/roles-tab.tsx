import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { Role } from '@tideline/contracts/roles/roles.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { useCan } from '../../lib/use-can';
import { RoleEditorDialog } from './role-editor-dialog';
import { roleQueries } from './roles.queries';

const COLUMNS: readonly DataTableColumn<Role>[] = [
  { id: 'roleName', header: 'Role' },
  { id: 'isClientScoped', header: 'Client-scoped' },
  { id: 'userCount', header: 'Users', align: 'right' },
  { id: 'permissionCount', header: 'Permissions', accessor: (r) => r.permissions.length, align: 'right' },
];

/** platform.md 2.8: a filter for each column. */
const FILTERS: readonly FilterDefinition<Role>[] = [
  { id: 'roleName', label: 'Role', kind: 'text' },
  { id: 'isClientScoped', label: 'Client-scoped', kind: 'boolean' },
  { id: 'userCount', label: 'Users', kind: 'number' },
  { id: 'permissionCount', label: 'Permissions', kind: 'number' },
];

type OpenEditor = { role?: Role } | null;

/** Ours (issue 3): the roles and their permissions; EDIT_ROLES adds and edits, VIEW_ROLES looks. */
export function RolesTab() {
  const roles = useQuery(roleQueries.all());
  const canEdit = useCan('EDIT_ROLES');
  const [editor, setEditor] = useState<OpenEditor>(null);
  const close = useCallback(() => setEditor(null), []);
  const rowActions: readonly RowAction<Role>[] = [
    canEdit
      ? { label: 'Edit', permissions: ['EDIT_ROLES'], onClick: (role) => setEditor({ role }) }
      : { label: 'View', permissions: ['VIEW_ROLES'], onClick: (role) => setEditor({ role }) },
  ];
  return (
    <>
      <DataTable
        title="Roles"
        columns={COLUMNS}
        filters={FILTERS}
        getRowId={(r) => r.roleId}
        getRowLabel={(r) => r.roleName}
        mode={{ kind: 'client', rows: roles.data, isLoading: roles.isLoading }}
        rowActions={rowActions}
        toolbarActions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({})}>
              Add Role
            </Button>
          )
        }
      />
      {editor && <RoleEditorDialog role={editor.role} isReadOnly={!canEdit} onClose={close} />}
    </>
  );
}
