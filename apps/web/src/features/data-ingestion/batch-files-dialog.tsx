import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { BatchFileStatus, ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import { BATCH_RECOVERY_MSG as MSG } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import {
  BATCH_TEMPLATE_TYPE_LABELS,
  type ClientBatch,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useRemoveBatchFile } from './batch-validation.mutations';
import { ingestionQueries } from './data-ingestion.queries';

// Files being read, replaced by a later upload, or whose rows are in the books stay (the server
// refuses them too, with the reason).
const REMOVABLE: readonly BatchFileStatus[] = ['Extracted', 'Failed'];

const COLUMNS: readonly DataTableColumn<ExtractionFile>[] = [
  { id: 'fileName', header: 'File Name' },
  { id: 'fileStatus', header: 'Status' },
  { id: 'extractionMessage', header: 'Message', cell: (f) => f.extractionMessage ?? '---' },
  {
    id: 'timestamp',
    header: 'Date',
    accessor: (f) => new Date(f.timestamp),
    cell: (f) => formatDate(f.timestamp),
    exportValue: (f) => formatDate(f.timestamp),
  },
];

/**
 * Issue 42 point 3, Batch Files (VIEW_DATA_EXTRACTION_STATUS): the batch's files, and Remove From
 * Batch (UPLOAD_FILES) for one uploaded to the wrong batch, after a confirmation saying its staged rows
 * go with it.
 */
export function BatchFilesDialog({ batch, onClose }: { batch: ClientBatch; onClose: () => void }) {
  const titleId = useId();
  const [removing, setRemoving] = useState<ExtractionFile | null>(null);
  const list = useQuery(ingestionQueries.extraction(batch.batchId));
  const remove = useRemoveBatchFile(batch);
  const rowActions: RowAction<ExtractionFile>[] = [
    {
      label: MSG.removeFileLabel,
      permissions: ['UPLOAD_FILES'],
      hidden: (f) => !REMOVABLE.includes(f.fileStatus),
      onClick: setRemoving,
    },
  ];
  const confirmRemove = (file: ExtractionFile) =>
    remove.mutate(file.fileAuditId, {
      ...toastOutcome({ success: MSG.fileRemoved, failure: MSG.removeFileFailed }),
      onSettled: () => setRemoving(null),
    });
  const title = `${MSG.filesTitle}: ${batch.bankName} / ${batch.accountName ?? '---'} (${BATCH_TEMPLATE_TYPE_LABELS[batch.templateType]})`;
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DataTable
            title="Files"
            columns={COLUMNS}
            getRowId={(f) => f.fileAuditId}
            getRowLabel={(f) => f.fileName}
            mode={{ kind: 'client', rows: list.data, isLoading: list.isLoading }}
            rowActions={rowActions}
            exportFileName={false}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            CLOSE
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={MSG.removeFileTitle}
        message={removing && MSG.removeFileConfirmation(removing.fileName)}
        confirmLabel="Remove"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => removing && confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
