import { useCallback, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { TemplateType } from '@tideline/contracts/templates/templates.schemas';
import { activeStatusColumn } from '../../components/data-table/active-status-column';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { clientQueries } from './clients.queries';
import { AddRelationshipDialog, EditRelationshipDialog } from './relationship-dialogs';

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

// Spec 2 "Banks tab of the client": the dialogs of the template row actions.
const TEMPLATE_ACTIONS: readonly { label: string; type: TemplateType }[] = [
  { label: 'Manage Transactions Import Template', type: 'Transaction' },
  { label: 'Manage Investments Import Template', type: 'Investment' },
  { label: 'Manage Treasury Services Import Template', type: 'Treasury' },
];

type OpenDialog =
  | { kind: 'edit'; relationship: BankClientRelationship }
  | { kind: 'template'; type: TemplateType; relationship: BankClientRelationship }
  | { kind: 'add' }
  | null;

/** The Banks sub-tab (VIEW_BANK_CLIENT_RELATIONSHIPS): the client's bank relationships. */
export function ClientBanksTable({
  clientId,
  renderTemplateDialog,
}: {
  clientId: number;
  renderTemplateDialog?: RenderTemplateDialog;
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
        getRowId={(r) => r.bankClientRelId}
        getRowLabel={(r) => r.bankName}
        mode={{ kind: 'client', rows: relationships.data, isLoading: relationships.isLoading }}
        rowActions={rowActions}
        toolbarActions={
          canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
              Add Bank Relationship
            </Button>
          )
        }
      />
      {dialog?.kind === 'edit' && (
        <EditRelationshipDialog relationship={dialog.relationship} onClose={close} />
      )}
      {dialog?.kind === 'add' && (
        <AddRelationshipDialog clientId={clientId} related={relationships.data ?? []} onClose={close} />
      )}
      {dialog?.kind === 'template' &&
        renderTemplateDialog?.({ type: dialog.type, relationship: dialog.relationship, onClose: close })}
    </>
  );
}
