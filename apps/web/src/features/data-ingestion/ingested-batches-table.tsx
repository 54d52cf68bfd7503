import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
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

const ValidationOverridesDialog = lazy(() => import('./reconciliation/validation-overrides-dialog'));

const batchLabelOf = (r: ValidationHistoryRow) => `${r.bankName} / ${r.accountName ?? '---'}`;

/**
 * Issue 39: a batch with accounts validated without reconciling shows how many; the button opens them
 * (who, when, why and what the reconciliation said).
 */
const overridesColumn = (
  onShow: (row: ValidationHistoryRow) => void,
): DataTableColumn<ValidationHistoryRow> => ({
  id: 'overrides',
  header: 'Overrides',
  headerTooltip: 'Accounts validated without reconciling.',
  align: 'center',
  searchable: false,
  accessor: (r) => r.overrides.length,
  cell: (r) => {
    const count = r.overrides.length;
    if (count === 0) return '---';
    return (
      <Button
        size="small"
        color="warning"
        startIcon={<GppMaybeOutlinedIcon />}
        aria-label={`${count} ${count === 1 ? 'override' : 'overrides'}: show them for ${batchLabelOf(r)}`}
        onClick={() => onShow(r)}
      >
        {count}
      </Button>
    );
  },
});

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
  const [overridesOf, setOverridesOf] = useState<ValidationHistoryRow | null>(null);
  const columns = useMemo(() => [...COLUMNS, overridesColumn(setOverridesOf)], []);
  // Issue 42 point 7: the Validated Files it opens are downloads, so it needs DOWNLOAD_FILES.
  const rowActions: readonly RowAction<ValidationHistoryRow>[] = [
    { label: 'Download file', permissions: ['DOWNLOAD_FILES'], onClick: setViewing },
  ];
  return (
    <>
      <DataTable
        title="Ingested Batches"
        columns={columns}
        filters={FILTERS}
        initialSort={NEWEST_FIRST}
        getRowId={(r) => r.batchId}
        getRowLabel={batchLabelOf}
        mode={{ kind: 'client', rows: history.data, isLoading: history.isLoading }}
        rowActions={rowActions}
      />
      {viewing && <ValidatedFilesDialog batch={viewing} onClose={() => setViewing(null)} />}
      {overridesOf && (
        <Suspense fallback={null}>
          <ValidationOverridesDialog batch={overridesOf} onClose={() => setOverridesOf(null)} />
        </Suspense>
      )}
    </>
  );
}
