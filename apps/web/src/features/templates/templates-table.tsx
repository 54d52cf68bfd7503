import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { TEMPLATE_MSG, type TemplateListRow } from '@tideline/contracts/templates/templates.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
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

type OpenDialog = { kind: 'edit' | 'delete'; template: TemplateListRow } | null;

/** Global Settings tab 5 'Templates': every transaction template the user may see. */
export function TemplatesTable() {
  const templates = useQuery(templateQueries.transaction());
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
        getRowId={(t) => t.templateId}
        getRowLabel={(t) => `${t.clientName} ${t.bankName} template`}
        mode={{ kind: 'client', rows: templates.data, isLoading: templates.isLoading }}
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
