import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { ingestionQueries } from './data-ingestion.queries';
import { EXTRACTION_COLUMNS, isInProgress } from './extraction-columns';
import type { RenderTemplateForm } from './ingestion-slots';
import { EXTRACTION_POLL_MS } from './use-extraction-polling';
import { useExtractionActions } from './use-extraction-actions';

/**
 * Extraction Progress (VIEW_DATA_EXTRACTION_STATUS; every action MANAGE_TEMPLATES): the batch's files
 * with their extraction status. Every file is listed: spec 4 drops the reloaded list's last 3 entries,
 * which would hide files from the user who uploaded them. While a file is queued or being read the
 * list is read again every 4 seconds. A template saved from a file asks to retry that file.
 */
export function ExtractionProgressDialog({
  batch,
  renderTemplateForm,
  onClose,
}: {
  batch: ClientBatch;
  renderTemplateForm?: RenderTemplateForm;
  onClose: () => void;
}) {
  const titleId = useId();
  const files = useQuery({
    ...ingestionQueries.extraction(batch.batchId),
    refetchInterval: (query) => (query.state.data?.some(isInProgress) ? EXTRACTION_POLL_MS : false),
  });
  const actions = useExtractionActions(batch, Boolean(renderTemplateForm));
  const { template } = actions;

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
        <DialogTitle id={titleId}>
          Extraction Progress: {batch.clientName} / {batch.bankName} / {batch.accountName ?? '---'}
        </DialogTitle>
        <DialogContent>
          <DataTable
            title="Extraction Progress"
            columns={EXTRACTION_COLUMNS}
            getRowId={(f) => f.fileAuditId}
            getRowLabel={(f) => f.fileName}
            mode={{ kind: 'client', rows: files.data, isLoading: files.isLoading }}
            rowActions={actions.rowActions}
            bulkActions={actions.bulkActions}
            isRowSelectable={actions.isFailed}
            initialSort={{ id: 'timestamp', desc: true }}
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
        open={actions.retrying !== null}
        title="Retry Extraction"
        message={EXTRACTION_MSG.retryConfirm}
        confirmLabel="Retry"
        isPending={actions.isRetryPending}
        onConfirm={actions.confirmRetry}
        onCancel={actions.cancelRetry}
      />
      {template &&
        renderTemplateForm?.(template.request, {
          onSaved: () => {
            if (actions.isFailed(template.file)) actions.askRetry([template.file]);
          },
          onClose: actions.closeTemplate,
        })}
    </>
  );
}
