import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { KEYWORD_MSG, type Keyword } from '@tideline/contracts/settings/keywords.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  BulkAction,
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { KeywordFormDialog } from './keyword-form-dialog';
import { useDeleteKeywords } from './settings.mutations';
import { settingsQueries } from './settings.queries';

const COLUMNS: readonly DataTableColumn<Keyword>[] = [
  { id: 'keywordName', header: 'Keyword Name' },
  { id: 'keywordCategory', header: 'Keyword Category' },
  {
    id: 'createdAt',
    header: 'Creation Date',
    accessor: (k) => new Date(k.createdAt),
    cell: (k) => formatDate(k.createdAt),
    exportValue: (k) => formatDate(k.createdAt),
  },
];

const FILTERS: readonly FilterDefinition<Keyword>[] = [
  { id: 'keywordName', label: 'Keyword Name', kind: 'text' },
  { id: 'keywordCategory', label: 'Keyword Category', kind: 'text' },
  { id: 'createdAt', label: 'Creation Date', kind: 'dateRange' },
];

type Deleting = { keywords: Keyword[]; clearSelection?: () => void } | null;

/** Global Settings tab 0 'Manage Keywords': add (ADD_KEYWORDS), edit (EDIT_KEYWORDS), delete (DELETE_KEYWORDS). */
export function KeywordsTable() {
  const keywords = useQuery(settingsQueries.keywords());
  const remove = useDeleteKeywords();
  const canAdd = useCan('ADD_KEYWORDS');
  const [editing, setEditing] = useState<{ keyword: Keyword | null } | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const closeEditing = useCallback(() => setEditing(null), []);

  const rowActions: readonly RowAction<Keyword>[] = [
    { label: 'Edit', permissions: ['EDIT_KEYWORDS'], onClick: (keyword) => setEditing({ keyword }) },
    {
      label: 'Delete',
      permissions: ['DELETE_KEYWORDS'],
      onClick: (keyword) => setDeleting({ keywords: [keyword] }),
    },
  ];
  const bulkActions: readonly BulkAction<Keyword>[] = [
    {
      label: 'Delete',
      permissions: ['DELETE_KEYWORDS'],
      color: 'error',
      onClick: (rows, { clearSelection }) => setDeleting({ keywords: rows, clearSelection }),
    },
  ];
  const confirmDelete = (current: NonNullable<Deleting>) =>
    remove.mutate(
      current.keywords.map((k) => k.keywordId),
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? KEYWORD_MSG.deleted, { variant: 'success' });
          current.clearSelection?.();
          setDeleting(null);
        },
        onError: (error) => {
          enqueueSnackbar(failureMessage(error, KEYWORD_MSG.deleteFailed), { variant: 'error' });
          setDeleting(null);
        },
      },
    );

  return (
    <>
      <DataTable
        title="Manage Keywords"
        columns={COLUMNS}
        filters={FILTERS}
        getRowId={(k) => k.keywordId}
        getRowLabel={(k) => k.keywordName}
        mode={{ kind: 'client', rows: keywords.data, isLoading: keywords.isLoading }}
        rowActions={rowActions}
        bulkActions={bulkActions}
        toolbarActions={
          canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ keyword: null })}>
              Add Keyword
            </Button>
          )
        }
      />
      {editing && <KeywordFormDialog keyword={editing.keyword} onClose={closeEditing} />}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting && deleting.keywords.length > 1 ? 'Delete Keywords' : 'Delete Keyword'}
        message="This action cannot be undone. Transactions with these keywords will have none."
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
