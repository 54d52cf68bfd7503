import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { activeStatusColumn } from '../../components/data-table/active-status-column';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { ClientFormDialog } from './client-form-dialog';
import { clientQueries } from './clients.queries';

/** What another area shows beside a client's name (the exception count, composed in src/app). */
export type ClientBadge = (clientId: number) => ReactNode;

const columnsWith = (badge: ClientBadge | undefined): readonly DataTableColumn<Client>[] => [
  {
    id: 'clientName',
    header: 'Client Name',
    cell: (c) => (
      <>
        <Link component={RouterLink} to={`/client-management/${c.clientId}`}>
          {c.clientName}
        </Link>
        {badge?.(c.clientId)}
      </>
    ),
  },
  // Null until an analysis exists (issue 4 point 1).
  { id: 'cashVest', header: 'cashVest', cell: (c) => (c.cashVest === null ? '---' : String(c.cashVest)) },
  activeStatusColumn(),
  { id: 'clientCategory', header: 'Category' },
  { id: 'clientType', header: 'Type' },
  { id: 'state', header: 'State' },
];

type OpenDialog = { kind: 'edit'; client: Client } | null;

/** The client list of /client-management (spec 2): every client the user may see, in the browser. */
export function ClientsTable({ clientBadge }: { clientBadge?: ClientBadge }) {
  const columns = useMemo(() => columnsWith(clientBadge), [clientBadge]);
  const clients = useQuery(clientQueries.all());
  const categories = useQuery(clientQueries.categories());
  const types = useQuery(clientQueries.types());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const optionsOf = (values: readonly string[] | undefined) =>
    (values ?? []).map((v) => ({ value: v, label: v }));
  const filters: readonly FilterDefinition<Client>[] = [
    { id: 'clientName', label: 'Client Name', kind: 'text' },
    {
      id: 'status',
      label: 'Active Status',
      kind: 'select',
      options: [
        { value: 'Active', label: 'Active' },
        { value: 'Inactive', label: 'Inactive' },
      ],
    },
    { id: 'clientCategory', label: 'Category', kind: 'multiSelect', options: optionsOf(categories.data) },
    { id: 'clientType', label: 'Type', kind: 'multiSelect', options: optionsOf(types.data) },
    { id: 'state', label: 'State', kind: 'text' },
  ];
  const rowActions: readonly RowAction<Client>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_CLIENTS'],
      onClick: (client) => setDialog({ kind: 'edit', client }),
    },
  ];

  return (
    <>
      <DataTable
        title="Clients"
        columns={columns}
        filters={filters}
        getRowId={(c) => c.clientId}
        getRowLabel={(c) => c.clientName}
        mode={{ kind: 'client', rows: clients.data, isLoading: clients.isLoading }}
        rowActions={rowActions}
      />
      {dialog?.kind === 'edit' && <ClientFormDialog client={dialog.client} onClose={close} />}
    </>
  );
}
