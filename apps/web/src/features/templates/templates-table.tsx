import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import { TEMPLATE_MSG, type TemplateListRow } from '@tideline/contracts/templates/templates.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { truncateText } from '../../lib/format';
import { TemplateDialog } from './template-dialog';
import { useDeleteTemplate } from './templates.mutations';
import { templateQueries } from './templates.queries';

const typeLabel = (t: TemplateListRow) => (t.templateType === 'Header' ? 'Header Row' : 'First Cell');

// platform.md 2.12 tab 5: Header Row/First Cell cut to 100 characters with dots, '---' if empty; Type.
const COLUMNS: readonly DataTableColumn<TemplateListRow>[] = [
  {
    id: 'headerRowOrFirstCell',
    header: 'Header Row/First Cell',
    cell: (t) => truncateText(t.headerRowOrFirstCell, 100),
  },
  { id: 'templateType', header: 'Type', accessor: typeLabel },
  { id: 'clientName', header: 'Client' },
  { id: 'bankName', header: 'Bank' },
];

function distinctOptions(rows: readonly TemplateListRow[] | undefined, pick: (t: TemplateListRow) => string) {
  return [...new Set((rows ?? []).map(pick))].sort().map((v) => ({ value: v, label: v }));
}

/** platform.md 2.8: a filter for each column. */
function templateFilters(rows: readonly TemplateListRow[] | undefined): FilterDefinition<TemplateListRow>[] {
  return [
    { id: 'headerRowOrFirstCell', label: 'Header Row/First Cell', kind: 'text' },
    {
      id: 'templateType',
      label: 'Type',
      kind: 'select',
      options: [
        { value: 'Header Row', label: 'Header Row' },
        { value: 'First Cell', label: 'First Cell' },
      ],
    },
    {
      id: 'clientName',
      label: 'Client',
      kind: 'multiSelect',
      options: distinctOptions(rows, (t) => t.clientName),
    },
    { id: 'bankName', label: 'Bank', kind: 'multiSelect', options: distinctOptions(rows, (t) => t.bankName) },
  ];
}

type OpenDialog = { kind: 'edit' | 'delete'; template: TemplateListRow } | null;

/**
 * Global Settings tab 5 'Templates': every transaction template the user may see; with `clientId`
 * (the upload dashboard's Templates tab) only that client's.
 */
export function TemplatesTable({ clientId }: { clientId?: number }) {
  const templates = useQuery(templateQueries.transaction());
  const rows = useMemo(
    () => (clientId === undefined ? templates.data : templates.data?.filter((t) => t.clientId === clientId)),
    [templates.data, clientId],
  );
  const remove = useDeleteTemplate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const rowActions: readonly RowAction<TemplateListRow>[] = [
    {
      label: 'View/Edit Template',
      permissions: ['MANAGE_TEMPLATES'],
      onClick: (template) => setDialog({ kind: 'edit', template }),
    },
    {
      label: 'Delete Template',
      permissions: ['MANAGE_TEMPLATES'],
      onClick: (template) => setDialog({ kind: 'delete', template }),
    },
  ];
  const confirmDelete = (template: TemplateListRow) =>
    remove.mutate(template.templateId, {
      onSuccess: (msg) => {
        enqueueSnackbar(msg ?? TEMPLATE_MSG.deleted, { variant: 'success' });
        close();
      },
      onError: (error) => {
        enqueueSnackbar(failureMessage(error, TEMPLATE_MSG.deleteFailed), { variant: 'error' });
        close();
      },
    });
  return (
    <>
      <DataTable
        title="Templates"
        columns={COLUMNS}
        filters={templateFilters(rows)}
        getRowId={(t) => t.templateId}
        getRowLabel={(t) => `${t.clientName} ${t.bankName} template`}
        mode={{ kind: 'client', rows, isLoading: templates.isLoading }}
        rowActions={rowActions}
      />
      {dialog?.kind === 'edit' && (
        <TemplateDialog
          type={dialog.template.type}
          bankClientRelId={dialog.template.bankClientRelId}
          subtitle={`${dialog.template.clientName}, ${dialog.template.bankName}`}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Template"
        message="This action cannot be undone."
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => dialog && confirmDelete(dialog.template)}
        onCancel={close}
      />
    </>
  );
}
