import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BATCH_TEMPLATE_TYPE_LABELS } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { ValidationHistoryRow } from '@tideline/contracts/data-ingestion/validation-history.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { ingestionQueries } from './data-ingestion.queries';
import { ValidatedFilesDialog } from './validated-files-dialog';

const dateColumn = (
  id: 'createdAt' | 'completedAt',
  header: string,
): DataTableColumn<ValidationHistoryRow> => ({
  id,
  header,
  accessor: (r) => new Date(r[id]),
  cell: (r) => formatDate(r[id]),
  exportValue: (r) => formatDate(r[id]),
});

// Spec 3 "Validation history row": bank, account, type, created, total files, completed.
const COLUMNS: readonly DataTableColumn<ValidationHistoryRow>[] = [
  { id: 'bankName', header: 'Bank' },
  { id: 'accountName', header: 'Account/Group', cell: (r) => r.accountName ?? '---' },
  { id: 'templateType', header: 'Type', accessor: (r) => BATCH_TEMPLATE_TYPE_LABELS[r.templateType] },
  dateColumn('createdAt', 'Created Date'),
  { id: 'totalFiles', header: 'Total Files', align: 'right' },
  dateColumn('completedAt', 'Completed Date'),
];

const FILTERS: readonly FilterDefinition<ValidationHistoryRow>[] = [
  { id: 'bankName', label: 'Bank', kind: 'text' },
  {
    id: 'templateType',
    label: 'Type',
    kind: 'select',
    options: (Object.values(BATCH_TEMPLATE_TYPE_LABELS) as string[]).map((l) => ({ value: l, label: l })),
  },
  { id: 'completedAt', label: 'Completed Date', kind: 'dateRange' },
];

const NEWEST_FIRST = { id: 'completedAt', desc: true } as const;

/**
 * Tab 1 'Dashboard' of the upload dashboard (VIEW_VALIDATION_HISTORY): 'Ingested Batches', the
 * client's validated batches; 'Download file' opens their Validated Files.
 */
export function IngestedBatchesTable({ clientId }: { clientId: number }) {
  const history = useQuery(ingestionQueries.validation(clientId));
  const [viewing, setViewing] = useState<ValidationHistoryRow | null>(null);
  const rowActions: readonly RowAction<ValidationHistoryRow>[] = [
    { label: 'Download file', permissions: [], onClick: setViewing },
  ];
  return (
    <>
      <DataTable
        title="Ingested Batches"
        columns={COLUMNS}
        filters={FILTERS}
        initialSort={NEWEST_FIRST}
        getRowId={(r) => r.batchId}
        getRowLabel={(r) => `${r.bankName} / ${r.accountName ?? '---'}`}
        mode={{ kind: 'client', rows: history.data, isLoading: history.isLoading }}
        rowActions={rowActions}
      />
      {viewing && <ValidatedFilesDialog batch={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
