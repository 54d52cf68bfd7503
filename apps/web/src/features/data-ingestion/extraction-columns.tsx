import Chip from '@mui/material/Chip';
import {
  HEADER_ROW_CUT,
  IN_PROGRESS_BATCH_FILE_STATUSES,
  type BatchFileStatus,
  type ExtractionFile,
} from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { formatDate, truncateText } from '../../lib/format';

export const isInProgress = (file: ExtractionFile) =>
  (IN_PROGRESS_BATCH_FILE_STATUSES as readonly BatchFileStatus[]).includes(file.fileStatus);

const STATUS_COLORS: Partial<Record<BatchFileStatus, 'error' | 'success' | 'info' | 'default'>> = {
  Failed: 'error',
  Extracted: 'success',
  Validated: 'success',
  Queued: 'info',
  'In Progress': 'info',
};

// Spec 2 "Extraction Progress dialog": File Name, Header Row (cut at 100 with '...'), Status,
// Message, Date.
export const EXTRACTION_COLUMNS: readonly DataTableColumn<ExtractionFile>[] = [
  { id: 'fileName', header: 'File Name' },
  {
    id: 'headerRow',
    header: 'Header Row',
    cell: (f) => truncateText(f.headerRow, HEADER_ROW_CUT),
  },
  {
    id: 'fileStatus',
    header: 'Status',
    cell: (f) => <Chip size="small" label={f.fileStatus} color={STATUS_COLORS[f.fileStatus] ?? 'default'} />,
  },
  { id: 'extractionMessage', header: 'Message', cell: (f) => f.extractionMessage ?? '---' },
  {
    id: 'timestamp',
    header: 'Date',
    accessor: (f) => new Date(f.timestamp),
    cell: (f) => formatDate(f.timestamp),
    exportValue: (f) => formatDate(f.timestamp),
  },
];
