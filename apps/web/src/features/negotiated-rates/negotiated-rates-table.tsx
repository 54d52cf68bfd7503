import { lazy, Suspense, useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import {
  NEGOTIATED_RATE_COMMENT_PREVIEW,
  NEGOTIATED_RATE_MSG,
  type NegotiatedRate,
} from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { formatCurrency, formatDate, formatPercent, truncateText } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { useDeleteNegotiatedRate } from './negotiated-rates.mutations';
import { negotiatedRateQueries } from './negotiated-rates.queries';

// The rate form is loaded when a user adds or edits a rate, not with the dashboard.
const NegotiatedRateFormDialog = lazy(() =>
  import('./negotiated-rate-form-dialog').then((m) => ({ default: m.NegotiatedRateFormDialog })),
);

const orDashes = (value: number | null, unit = '') => (value === null ? '---' : `${value}${unit}`);
const realizedLabel = (r: NegotiatedRate) => (r.realized === 1 ? 'Yes' : 'No');
const commentPreview = (r: NegotiatedRate) => truncateText(r.comments, NEGOTIATED_RATE_COMMENT_PREVIEW);

const CLIENT_COLUMN: DataTableColumn<NegotiatedRate> = { id: 'clientName', header: 'Client' };

const COLUMNS: readonly DataTableColumn<NegotiatedRate>[] = [
  { id: 'bankName', header: 'Bank' },
  { id: 'state', header: 'State' },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (r) => formatCurrency(r.amount),
    exportValue: (r) => r.amount,
  },
  { id: 'term', header: 'Term (days)', align: 'right', cell: (r) => orDashes(r.term) },
  // Issue 20 point 10: rates with 4 decimals, as everywhere else (spec 9).
  {
    id: 'rate',
    header: 'Rate',
    align: 'right',
    cell: (r) => formatPercent(r.rate),
    exportValue: (r) => r.rate,
  },
  { id: 'quoteType', header: 'Quote Type', cell: (r) => r.quoteType ?? '---' },
  { id: 'userName', header: 'Captured By' },
  { id: 'realized', header: 'Realized', accessor: realizedLabel, exportValue: realizedLabel },
  {
    id: 'comments',
    header: 'Comments',
    sortable: false,
    cell: commentPreview,
    exportValue: (r) => r.comments ?? '',
  },
  {
    id: 'createdAt',
    header: 'Creation Date',
    accessor: (r) => new Date(r.createdAt),
    cell: (r) => formatDate(r.createdAt),
    exportValue: (r) => formatDate(r.createdAt),
  },
];

const FILTERS: readonly FilterDefinition<NegotiatedRate>[] = [
  { id: 'bankName', label: 'Bank', kind: 'text' },
  { id: 'state', label: 'State', kind: 'text' },
  { id: 'rate', label: 'Rate', kind: 'number' },
  {
    id: 'realized',
    label: 'Realized',
    kind: 'select',
    options: [
      { value: 'Yes', label: 'Yes' },
      { value: 'No', label: 'No' },
    ],
  },
  { id: 'createdAt', label: 'Creation Date', kind: 'dateRange' },
];

type Editing = { rate: NegotiatedRate | undefined } | null;

/**
 * The Negotiated Rates screen (platform.md 2.11): 'Add Rate' (ADD_NEGOTIATED_RATES) and Edit / Delete
 * per row (the actions column shows with either permission). With `clientId`, one client's rates and
 * the client fixed in the dialog; without, every rate the user may see (the dashboard).
 */
export function NegotiatedRatesTable({ clientId }: { clientId?: number }) {
  const rates = useQuery(negotiatedRateQueries.list(clientId));
  const remove = useDeleteNegotiatedRate();
  const canAdd = useCan('ADD_NEGOTIATED_RATES');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NegotiatedRate | null>(null);
  const closeEditing = useCallback(() => setEditing(null), []);

  const rowActions: readonly RowAction<NegotiatedRate>[] = [
    { label: 'Edit', permissions: ['EDIT_NEGOTIATED_RATES'], onClick: (rate) => setEditing({ rate }) },
    { label: 'Delete', permissions: ['DELETE_NEGOTIATED_RATES'], onClick: setDeleting },
  ];
  const confirmDelete = (rate: NegotiatedRate) =>
    remove.mutate(rate.negotiatedRateId, {
      onSuccess: ({ msg }) => {
        enqueueSnackbar(msg ?? NEGOTIATED_RATE_MSG.deleted, { variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => {
        enqueueSnackbar(failureMessage(error, NEGOTIATED_RATE_MSG.deleteFailed), {
          variant: 'error',
          anchorOrigin: { vertical: 'top', horizontal: 'right' },
        });
        setDeleting(null);
      },
    });

  return (
    <>
      <DataTable
        title="Negotiated Rates"
        columns={clientId === undefined ? [CLIENT_COLUMN, ...COLUMNS] : COLUMNS}
        filters={FILTERS}
        getRowId={(r) => r.negotiatedRateId}
        getRowLabel={(r) => `${r.bankName} ${formatPercent(r.rate)}`}
        mode={{ kind: 'client', rows: rates.data, isLoading: rates.isLoading }}
        rowActions={rowActions}
        toolbarActions={
          canAdd && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ rate: undefined })}
            >
              Add Rate
            </Button>
          )
        }
      />
      {editing && (
        <Suspense fallback={null}>
          <NegotiatedRateFormDialog rate={editing.rate} clientId={clientId} onClose={closeEditing} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Negotiated Rate"
        message={NEGOTIATED_RATE_MSG.deleteWarning}
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
