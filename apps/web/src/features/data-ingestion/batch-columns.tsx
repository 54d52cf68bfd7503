import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_TYPES } from '@tideline/contracts/accounts/account-lists';
import {
  BATCH_ACCOUNT_TYPES,
  BATCH_STATUS,
  BATCH_TEMPLATE_TYPE_LABELS,
  failedFilesLabel,
  type ClientBatch,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { NameWithNotes } from './has-notes-icon';
import { IngestionStatusChip } from './status-chip';

/**
 * Issue 42 point 3: the batch's failed files, '2 failed', as the way to them (the Extraction Progress
 * dialog, where a template is made or the extraction retried) for whoever may open it.
 */
function FailedFiles({ batch, onShow }: { batch: ClientBatch; onShow?: (b: ClientBatch) => void }) {
  const label = failedFilesLabel(batch.failedCount);
  if (!onShow)
    return (
      <Typography variant="caption" color="error">
        {label}
      </Typography>
    );
  return (
    <Link
      component="button"
      type="button"
      variant="caption"
      color="error"
      aria-label={`${label}: open Extraction Progress`}
      onClick={() => onShow(batch)}
    >
      {label}
    </Link>
  );
}

/**
 * Spec 2 "client upload dashboard": the columns of 'Batches Ready for Files'. `onShowFailed` opens the
 * batch's failed files (absent without VIEW_DATA_EXTRACTION_STATUS).
 */
export function batchColumnsOf(onShowFailed?: (b: ClientBatch) => void): DataTableColumn<ClientBatch>[] {
  return [
    {
      id: 'bankName',
      header: 'Bank',
      cell: (b) => <NameWithNotes name={b.bankName} hasNotes={b.hasNotes} />,
    },
    { id: 'accountName', header: 'Account/Group', cell: (b) => b.accountName ?? '---' },
    { id: 'templateType', header: 'Type', accessor: (b) => BATCH_TEMPLATE_TYPE_LABELS[b.templateType] },
    {
      id: 'createdAt',
      header: 'Created Date',
      accessor: (b) => new Date(b.createdAt),
      cell: (b) => formatDate(b.createdAt),
      exportValue: (b) => formatDate(b.createdAt),
    },
    { id: 'numberOfFiles', header: '# of Files', align: 'right' },
    { id: 'collectionType', header: 'Collection Type' },
    {
      id: 'status',
      header: 'Validation Status',
      cell: (b) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <IngestionStatusChip status={b.status} />
          {b.inProgressCount > 0 && (
            <Typography variant="caption" color="text.secondary">
              Extracting {b.inProgressCount} {b.inProgressCount === 1 ? 'file' : 'files'}
            </Typography>
          )}
          {b.failedCount > 0 && <FailedFiles batch={b} onShow={onShowFailed} />}
        </Stack>
      ),
    },
  ];
}

// Spec 2 "Batches filter" (platform.md 2.9). Hybrid is ours: the spec's Template Type list predates
// hybrid batches, which could not be found otherwise.
const TEMPLATE_TYPE_OPTIONS = ['Transaction', 'Analysis', 'Investment', 'Balance', 'Hybrid'];

/** The Batches filter dialog; Bank offers the banks of the client's batches. */
export function batchFilters(batches: readonly ClientBatch[]): FilterDefinition<ClientBatch>[] {
  const banks = [...new Set(batches.map((b) => b.bankName))].sort((a, b) => a.localeCompare(b));
  return [
    { id: 'bankName', label: 'Bank', kind: 'select', options: banks.map((b) => ({ value: b, label: b })) },
    {
      id: 'accountType',
      label: 'Account Type',
      kind: 'select',
      options: ACCOUNT_TYPES.map((t) => ({ value: t, label: t })),
      accessor: (b) => BATCH_ACCOUNT_TYPES[b.templateType],
    },
    {
      id: 'templateType',
      label: 'Template Type',
      kind: 'select',
      options: TEMPLATE_TYPE_OPTIONS.map((t) => ({ value: t, label: t })),
    },
    {
      id: 'status',
      label: 'Validation Status',
      kind: 'select',
      // Extraction Failed is ours (issue 42): the batches with a file to fix.
      options: [
        { value: BATCH_STATUS.inProgress, label: 'In Progress' },
        { value: BATCH_STATUS.notStarted, label: 'Not Started' },
        { value: BATCH_STATUS.extractionFailed, label: 'Extraction Failed' },
      ],
    },
    { id: 'createdAt', label: 'Creation Date', kind: 'dateRange' },
    { id: 'numberOfFiles', label: 'Number of Files', kind: 'number' },
  ];
}
