import { useState } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { useRetryExtraction } from './data-ingestion.mutations';
import { downloadBatchFile, type DownloadKind } from './extraction.api';
import type { TemplateRequest, TemplateStart } from './ingestion-slots';

// Spec 2 and 6: every Extraction Progress action needs MANAGE_TEMPLATES.
const MANAGE = ['MANAGE_TEMPLATES'] as const;

const isFailed = (f: ExtractionFile) => f.fileStatus === 'Failed';

async function download(file: ExtractionFile, kind: DownloadKind) {
  try {
    await downloadBatchFile(file, kind);
    enqueueSnackbar(EXTRACTION_MSG.downloaded, { variant: 'success' });
  } catch (error) {
    enqueueSnackbar(failureMessage(error, EXTRACTION_MSG.downloadFailed), { variant: 'error' });
  }
}

/**
 * The Extraction Progress dialog's actions: the two downloads, the two template starts (only where
 * extraction detected a first cell or header row, and only when the page can open the template form),
 * and Retry Extraction of failed files, one or selected, after the spec's question.
 */
export function useExtractionActions(batch: ClientBatch, canOpenTemplates: boolean) {
  const retry = useRetryExtraction(batch);
  const [retrying, setRetrying] = useState<{ files: ExtractionFile[]; done?: () => void } | null>(null);
  const [template, setTemplate] = useState<{ request: TemplateRequest; file: ExtractionFile } | null>(null);

  const startTemplate = (file: ExtractionFile, start: TemplateStart) =>
    setTemplate({
      file,
      request: {
        type: file.templateType,
        bankClientRelId: batch.bankClientRelId,
        subtitle: batch.bankName,
        start,
        sample: { fileAuditId: file.fileAuditId, fileName: file.fileName },
      },
    });

  const rowActions: RowAction<ExtractionFile>[] = [
    { label: 'Download Source File', permissions: MANAGE, onClick: (f) => void download(f, 'source') },
    {
      label: 'Download Excel File',
      permissions: MANAGE,
      hidden: (f) => !f.hasExcel,
      onClick: (f) => void download(f, 'excel'),
    },
  ];
  if (canOpenTemplates) {
    rowActions.push(
      {
        label: 'Create First Cell Template',
        permissions: MANAGE,
        // Treasury templates match by their header row only.
        hidden: (f) => f.templateType === 'Treasury',
        disabled: (f) => !f.firstCell,
        onClick: (f) => startTemplate(f, { templateType: 'Cell', firstCell: f.firstCell ?? '' }),
      },
      {
        label: 'Create Header Row Template',
        permissions: MANAGE,
        disabled: (f) => !f.headerRow,
        onClick: (f) =>
          startTemplate(f, {
            templateType: 'Header',
            headerRow: f.headerRow ?? '',
            headerRowNumber: f.headerRowNumber,
          }),
      },
    );
  }
  rowActions.push({
    label: 'Retry Extraction',
    permissions: MANAGE,
    hidden: (f) => !isFailed(f),
    onClick: (f) => setRetrying({ files: [f] }),
  });

  const bulkActions: BulkAction<ExtractionFile>[] = [
    {
      label: 'Retry Extraction',
      permissions: MANAGE,
      onClick: (files, { clearSelection }) =>
        setRetrying({ files: files.filter(isFailed), done: clearSelection }),
    },
  ];

  // Spec 4 "Resetting the lists": the question closes whatever the outcome.
  const confirmRetry = () => {
    if (!retrying) return;
    retry.mutate(
      retrying.files.map((f) => f.fileAuditId),
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg, { variant: 'success' });
          retrying.done?.();
        },
        onError: (error) =>
          enqueueSnackbar(failureMessage(error, EXTRACTION_MSG.retryFailed), { variant: 'error' }),
        onSettled: () => setRetrying(null),
      },
    );
  };

  return {
    rowActions,
    bulkActions,
    isFailed,
    retrying,
    isRetryPending: retry.isPending,
    askRetry: (files: ExtractionFile[]) => setRetrying({ files }),
    cancelRetry: () => setRetrying(null),
    confirmRetry,
    template,
    closeTemplate: () => setTemplate(null),
  };
}
