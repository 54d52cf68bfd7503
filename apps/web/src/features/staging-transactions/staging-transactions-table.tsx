import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import {
  STAGING_TRANSACTION_PAGE_SIZES,
  type StagingTransaction,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { DataTable } from '../../components/data-table/data-table';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import {
  DUPLICATES_TO_DECIDE,
  STAGING_TRANSACTION_TABLE_COLUMNS,
  stagingTransactionFilters,
} from './staging-transaction-columns';
import { inspectStagingTransactions } from './staging-transactions.api';
import type { BatchRef } from './staging-transactions.mutations';
import { stagingTransactionKeys, stagingTransactionQueries } from './staging-transactions.queries';
import { isChangeable, useStagingTransactionActions } from './use-staging-transaction-actions';

const labelOf = (t: StagingTransaction) => `${formatDate(t.transactionDate)} ${t.transactionDescription}`;
const QUICK_FILTERS = [DUPLICATES_TO_DECIDE];

/** What the dialog opens on: every row, or (from a Validate refused for them) the duplicates to decide. */
export type StagingTransactionsView = 'all' | 'duplicates-to-decide';

interface StagingTransactionsTableProps {
  batch: BatchRef;
  batchAccountIds: number[];
  view?: StagingTransactionsView;
}

/**
 * 'Inspect Staging Transactions' (spec 2): the batch accounts' staging rows, paged on the server. Its
 * bulk actions take the rows ticked or every row of the filter (issue 39).
 */
export function StagingTransactionsTable({
  batch,
  batchAccountIds,
  view = 'all',
}: StagingTransactionsTableProps) {
  const canExport = useCan('DOWNLOAD_FILES');
  const keywords = useQuery(stagingTransactionQueries.keywords());
  const actions = useStagingTransactionActions(batch, batchAccountIds, keywords.data ?? []);

  const mode = useMemo(
    () => ({
      kind: 'server' as const,
      queryKey: stagingTransactionKeys.lists(batchAccountIds),
      fetchPage: (request: PagedListRequest) => inspectStagingTransactions(batchAccountIds, request),
    }),
    [batchAccountIds],
  );
  const filters = useMemo(() => stagingTransactionFilters(keywords.data ?? []), [keywords.data]);

  return (
    <>
      <DataTable
        title="Inspect Staging Transactions"
        columns={STAGING_TRANSACTION_TABLE_COLUMNS}
        filters={filters}
        quickFilters={QUICK_FILTERS}
        initialFilters={view === 'duplicates-to-decide' ? DUPLICATES_TO_DECIDE.filters : undefined}
        getRowId={(t) => t.stagingTransactionId}
        getRowLabel={labelOf}
        mode={mode}
        pageSizes={STAGING_TRANSACTION_PAGE_SIZES}
        rowActions={actions.rowActions}
        bulkActions={actions.bulkActions}
        isRowSelectable={isChangeable}
        canSelectAllMatching
        exportFileName={canExport ? 'Staging Transactions' : false}
      />
      {actions.dialogs}
    </>
  );
}
