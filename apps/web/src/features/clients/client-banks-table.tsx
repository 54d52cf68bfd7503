import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { TemplateType } from '@tideline/contracts/templates/templates.schemas';
import { activeStatusColumn, activeStatusFilter } from '../../components/data-table/active-status-column';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { clientQueries } from './clients.queries';
import { StartReportButton } from './start-report-button';

// The relationship forms (react-hook-form among them) are loaded when a user opens one,
// not with every client profile.
const EditRelationshipDialog = lazy(() =>
  import('./relationship-dialogs').then((m) => ({ default: m.EditRelationshipDialog })),
);
const AddRelationshipDialog = lazy(() =>
  import('./relationship-dialogs').then((m) => ({ default: m.AddRelationshipDialog })),
);

/** The page composes the template dialogs in (features do not import each other). */
export type RenderTemplateDialog = (args: {
  type: TemplateType;
  relationship: BankClientRelationship;
  onClose: () => void;
}) => ReactNode;

const COLUMNS: readonly DataTableColumn<BankClientRelationship>[] = [
  { id: 'bankName', header: 'Bank Name' },
  { id: 'numOfAccounts', header: '# of Accounts', align: 'right' },
  {
    id: 'avgBalance12Months',
    header: 'Average Balance',
    align: 'right',
    cell: (r) => formatCurrency(r.avgBalance12Months),
    exportValue: (r) => r.avgBalance12Months,
  },
  {
    id: 'createdAt',
    header: 'Creation Date',
    accessor: (r) => r.createdAt,
    cell: (r) => formatDate(r.createdAt),
  },
  {
    id: 'updatedAt',
    header: 'Last Updated',
    accessor: (r) => r.updatedAt,
    cell: (r) => formatDate(r.updatedAt),
  },
  activeStatusColumn(),
  { id: 'collectionType', header: 'Collection Type' },
];

/** platform.md 2.8: a filter for each column. */
function bankFilters(
  rows: readonly BankClientRelationship[] | undefined,
): FilterDefinition<BankClientRelationship>[] {
  const collectionTypes = [...new Set((rows ?? []).map((r) => r.collectionType))].sort();
  return [
    { id: 'bankName', label: 'Bank Name', kind: 'text' },
    { id: 'numOfAccounts', label: '# of Accounts', kind: 'number' },
    { id: 'avgBalance12Months', label: 'Average Balance', kind: 'money' },
    { id: 'createdAt', label: 'Creation Date', kind: 'dateRange' },
    { id: 'updatedAt', label: 'Last Updated', kind: 'dateRange' },
    activeStatusFilter(),
    {
      id: 'collectionType',
      label: 'Collection Type',
      kind: 'multiSelect',
      options: collectionTypes.map((c) => ({ value: c, label: c })),
    },
  ];
}

// Spec 2 "Banks tab of the client": the dialogs of the template row actions.
const TEMPLATE_ACTIONS: readonly { label: string; type: TemplateType }[] = [
  { label: 'Manage Transactions Import Template', type: 'Transaction' },
  { label: 'Manage Investments Import Template', type: 'Investment' },
  { label: 'Manage Treasury Services Import Template', type: 'Treasury' },
];

/** Row actions another area adds to the table, with the dialogs they open (composed in src/app). */
export interface RelationshipActionSlot {
  rowActions: readonly RowAction<BankClientRelationship>[];
  dialogs: ReactNode;
  /** Buttons for the whole client, beside Add Bank Relationship. */
  toolbarActions?: ReactNode;
}

type OpenDialog =
  | { kind: 'edit'; relationship: BankClientRelationship }
  | { kind: 'template'; type: TemplateType; relationship: BankClientRelationship }
  | { kind: 'add' }
  | null;

/** The Banks sub-tab (VIEW_BANK_CLIENT_RELATIONSHIPS): the client's bank relationships. */
export function ClientBanksTable({
  clientId,
  clientName,
  renderTemplateDialog,
  bankLinkActions,
  ingestionActions,
}: {
  clientId: number;
  clientName: string;
  renderTemplateDialog?: RenderTemplateDialog;
  /** Create, Update and Remove Plaid Link (the bank-links area). */
  bankLinkActions?: RelationshipActionSlot;
  /** Start Ingestion per relationship and for the client (the data-ingestion area). */
  ingestionActions?: RelationshipActionSlot;
}) {
  const relationships = useQuery(clientQueries.relationships(clientId));
  const canAdd = useCan('EDIT_BANK_CLIENT_RELATIONSHIPS');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const rowActions: RowAction<BankClientRelationship>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_BANK_CLIENT_RELATIONSHIPS'],
      onClick: (relationship) => setDialog({ kind: 'edit', relationship }),
    },
  ];
  rowActions.push(...(bankLinkActions?.rowActions ?? []), ...(ingestionActions?.rowActions ?? []));
  if (renderTemplateDialog) {
    for (const { label, type } of TEMPLATE_ACTIONS) {
      rowActions.push({
        label,
        permissions: ['MANAGE_TEMPLATES'],
        onClick: (relationship) => setDialog({ kind: 'template', type, relationship }),
      });
    }
  }

  return (
    <>
      <DataTable
        title="Banks"
        columns={COLUMNS}
        filters={bankFilters(relationships.data)}
        getRowId={(r) => r.bankClientRelId}
        getRowLabel={(r) => r.bankName}
        mode={{ kind: 'client', rows: relationships.data, isLoading: relationships.isLoading }}
        rowActions={rowActions}
        toolbarActions={
          <Stack direction="row" spacing={1}>
            <StartReportButton clientId={clientId} clientName={clientName} />
            {ingestionActions?.toolbarActions}
            {canAdd && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
                Add Bank Relationship
              </Button>
            )}
          </Stack>
        }
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'edit' && (
          <EditRelationshipDialog relationship={dialog.relationship} onClose={close} />
        )}
        {dialog?.kind === 'add' && (
          <AddRelationshipDialog clientId={clientId} related={relationships.data ?? []} onClose={close} />
        )}
      </Suspense>
      {bankLinkActions?.dialogs}
      {ingestionActions?.dialogs}
      {dialog?.kind === 'template' &&
        renderTemplateDialog?.({ type: dialog.type, relationship: dialog.relationship, onClose: close })}
    </>
  );
}
