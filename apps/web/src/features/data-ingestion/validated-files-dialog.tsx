import { useId } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import DownloadIcon from '@mui/icons-material/Download';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type {
  ValidatedFile,
  ValidationHistoryRow,
} from '@tideline/contracts/data-ingestion/validation-history.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { downloadStagedFile } from './extraction.api';

// Spec 7: the validated file of each (its rows that were validated, which the batch moved into the
// books), by fileAuditId with its name and kind.
async function download(file: ValidatedFile) {
  enqueueSnackbar(EXTRACTION_MSG.downloadInitiated, { variant: 'info' });
  try {
    await downloadStagedFile({ fileAuditId: file.fileAuditId, fileName: file.uploadedFileName }, 'validated');
    enqueueSnackbar(EXTRACTION_MSG.downloaded, { variant: 'success' });
  } catch (error) {
    enqueueSnackbar(failureMessage(error, EXTRACTION_MSG.downloadFailed), { variant: 'error' });
  }
}

const COLUMNS: readonly DataTableColumn<ValidatedFile>[] = [
  { id: 'uploadedFileName', header: 'File Name' },
  { id: 'fileStatus', header: 'Status' },
  {
    id: 'updatedAt',
    header: 'Date',
    accessor: (f) => new Date(f.updatedAt),
    cell: (f) => formatDate(f.updatedAt),
    exportValue: (f) => formatDate(f.updatedAt),
  },
];

// Spec 2: the file's download icon (DOWNLOAD_FILES, spec 6 "download files").
const DOWNLOAD_COLUMN: DataTableColumn<ValidatedFile> = {
  id: 'download',
  header: 'Download',
  sortable: false,
  searchable: false,
  align: 'center',
  accessor: () => null,
  cell: (f) => (
    <IconButton
      size="small"
      aria-label={`Download the validated file of ${f.uploadedFileName}`}
      onClick={() => void download(f)}
    >
      <DownloadIcon fontSize="small" />
    </IconButton>
  ),
};

/** Validated Files (spec 2): the files of a validated batch, each with the download of its validated file. */
export function ValidatedFilesDialog({
  batch,
  onClose,
}: {
  batch: ValidationHistoryRow;
  onClose: () => void;
}) {
  const titleId = useId();
  const canDownload = useCan('DOWNLOAD_FILES');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        Validated Files: {batch.bankName} / {batch.accountName ?? '---'}
      </DialogTitle>
      <DialogContent>
        <DataTable
          title="Validated Files"
          columns={canDownload ? [...COLUMNS, DOWNLOAD_COLUMN] : COLUMNS}
          getRowId={(f) => f.fileAuditId}
          getRowLabel={(f) => f.uploadedFileName}
          mode={{ kind: 'client', rows: batch.files }}
          exportFileName={false}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
