import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { SERVER_PAGE_SIZES, type PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { TRANSACTION_MSG, type Transaction } from '@tideline/contracts/transactions/transactions.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  BulkAction,
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { useDeleteTransactions } from './accounts.mutations';
import { transactionQueries } from './accounts.queries';
import { fetchAccountTransactions } from './transactions.api';
import { TransactionEditDialog } from './transaction-edit-dialog';
import { toastOutcome } from '../../lib/mutation-toasts';

const COLUMNS: readonly DataTableColumn<Transaction>[] = [
  { id: 'transactionDate', header: 'Date', cell: (t) => formatDate(t.transactionDate) },
  { id: 'transactionDescription', header: 'Description' },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (t) => formatCurrency(t.amount),
    exportValue: (t) => t.amount,
  },
  { id: 'keyword', header: 'Keyword', cell: (t) => t.keyword ?? '---' },
];

type OpenDialog =
  | { kind: 'edit'; transaction: Transaction }
  | { kind: 'delete'; rows: Transaction[]; done?: () => void }
  | null;

/**
 * The account's 'Transactions' table (platform.md 2.8, 2.9, 3): paged on the server (50 to 500 rows),
 * with the Transactions filter (date range, description, Any/Debit/Credit, keywords).
 */
export function TransactionsTable({ account }: { account: Account }) {
  const { accountId, clientId } = account;
  const canExport = useCan('DOWNLOAD_FILES');
  const keywords = useQuery(transactionQueries.keywords());
  const remove = useDeleteTransactions(clientId, accountId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const mode = useMemo(
    () => ({
      kind: 'server' as const,
      queryKey: transactionQueries.lists(accountId),
      fetchPage: (request: PagedListRequest) => fetchAccountTransactions(accountId, request),
    }),
    [accountId],
  );
  // The filter ids are the server's list columns (TRANSACTION_LIST_COLUMNS).
  const filters: readonly FilterDefinition<Transaction>[] = [
    { id: 'transactionDate', label: 'Date Range', kind: 'dateRange' },
    { id: 'transactionDescription', label: 'Filter Description', kind: 'text' },
    {
      id: 'creditDebit',
      label: 'Filter Transactions',
      kind: 'select',
      // The blank choice of a select reads 'Any'.
      options: [
        { value: 'Debit', label: 'Debit' },
        { value: 'Credit', label: 'Credit' },
      ],
    },
    { id: 'keyword', label: 'Filter Keywords', kind: 'multiSelect', options: keywords.data ?? [] },
  ];
  const rowActions: readonly RowAction<Transaction>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_TRANSACTIONS'],
      onClick: (transaction) => setDialog({ kind: 'edit', transaction }),
    },
    {
      label: 'Delete',
      permissions: ['DELETE_TRANSACTIONS'],
      onClick: (transaction) => setDialog({ kind: 'delete', rows: [transaction] }),
    },
  ];
  const bulkActions: readonly BulkAction<Transaction>[] = [
    {
      label: 'Delete',
      permissions: ['DELETE_TRANSACTIONS'],
      color: 'error',
      onClick: (rows, { clearSelection }) => setDialog({ kind: 'delete', rows, done: clearSelection }),
    },
  ];

  const confirmDelete = (target: Extract<OpenDialog, { kind: 'delete' }>) =>
    remove.mutate(
      target.rows.map((t) => t.transactionId),
      toastOutcome({ success: TRANSACTION_MSG.deleted, failure: TRANSACTION_MSG.deleteFailed }, () => {
        target.done?.();
        close();
      }),
    );

  return (
    <>
      <DataTable
        title="Transactions"
        columns={COLUMNS}
        filters={filters}
        getRowId={(t) => t.transactionId}
        getRowLabel={(t) => `${formatDate(t.transactionDate)} ${t.transactionDescription}`}
        mode={mode}
        pageSizes={SERVER_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={bulkActions}
        exportFileName={canExport ? `${account.accountName} transactions` : false}
      />
      {dialog?.kind === 'edit' && (
        <TransactionEditDialog
          clientId={clientId}
          transaction={dialog.transaction}
          keywords={keywords.data ?? []}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Transactions"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.rows.length} transaction(s)? This action cannot be undone.`
            : undefined
        }
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog)}
        onCancel={close}
      />
    </>
  );
}
