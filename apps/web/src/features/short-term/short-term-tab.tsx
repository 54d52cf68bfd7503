import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SHORT_TERM_MSG, type ShortTermRunStarted } from '@tideline/contracts/short-term/short-term.schemas';
import type { ShortTermModelRow } from '@tideline/contracts/short-term/short-term-results.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { useViewedRows } from '../../lib/use-viewed-rows';
import { RunProgress } from './run-progress';
import { ShortTermPanel } from './short-term-panel';
import { Step1Table, Step2Table } from './short-term-tables';
import { useRemoveModel } from './short-term.mutations';
import { shortTermKeys, shortTermQueries } from './short-term.queries';
import { Step1SettingsDialog } from './step1-settings-dialog';
import { Step2SettingsDialog } from './step2-settings-dialog';
import { useDownloadPdf } from './use-download-pdf';

type Dialog =
  | { kind: 'step-1'; rerun?: ShortTermModelRow }
  | { kind: 'step-2'; shortTermModelId: number }
  | { kind: 'delete'; step: 1 | 2; row: ShortTermModelRow }
  | null;

interface StartedRun {
  jobId: string;
  step: 1 | 2;
  name: string;
}

const FAILURE_TEXT = { 1: SHORT_TERM_MSG.step1Failed, 2: SHORT_TERM_MSG.step2Failed } as const;
const DELETE_FAILED = { 1: SHORT_TERM_MSG.step1DeleteFailed, 2: SHORT_TERM_MSG.step2DeleteFailed } as const;

/**
 * The Short Term Model tab of the client analysis view (ingestion-analysis.md 2 "Short Term Model
 * tab", 4, 5): the Step 1 and Step 2 Analysis tables, the Settings dialogs (run step 1, Edit & Rerun,
 * Run Step 2), each run's progress, Delete Analysis Group, Download PDF, and up to two viewed step 2
 * rows with their forecast, charts and accuracy.
 */
export default function ShortTermTab({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const step1 = useQuery(shortTermQueries.step1(clientId));
  const step2 = useQuery(shortTermQueries.step2(clientId));
  const canRun = useCan('RUN_SHORT_TERM_MODEL');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [started, setStarted] = useState<StartedRun[]>([]);
  const remove = useRemoveModel();
  const pdf = useDownloadPdf(clientId);
  const step2Rows = step2.data ?? [];
  // Only a finished step 2 has a forecast to view.
  const viewing = useViewedRows(step2Rows.filter((r) => r.state === 'done').map((r) => r.shortTermModelId));
  const viewedRows = step2Rows.filter((r) => viewing.isViewed(r.shortTermModelId));

  const onStarted = (step: 1 | 2) => (run: ShortTermRunStarted, name: string) =>
    setStarted((runs) => [...runs, { jobId: run.jobId, step, name }]);
  const onFinished = useCallback(
    (jobId: string, failure: string | null) => {
      setStarted((runs) => runs.filter((r) => r.jobId !== jobId));
      if (failure) enqueueSnackbar(failure, { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: shortTermKeys.all() });
    },
    [queryClient],
  );

  const confirmDelete = (step: 1 | 2, row: ShortTermModelRow) =>
    remove.mutate(
      { step, shortTermModelId: row.shortTermModelId },
      {
        onSuccess: (msg) => enqueueSnackbar(msg, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(failureMessage(error, DELETE_FAILED[step]), { variant: 'error' }),
        onSettled: () => setDialog(null),
      },
    );

  return (
    <Stack spacing={2}>
      {started.map((run) => (
        <RunProgress
          key={run.jobId}
          jobId={run.jobId}
          label={`Running step ${run.step} of ${run.name}`}
          failureText={FAILURE_TEXT[run.step]}
          onFinished={(failure) => onFinished(run.jobId, failure)}
        />
      ))}
      <Step1Table
        rows={step1.data}
        isLoading={step1.isLoading}
        onRunStep2={(row) => setDialog({ kind: 'step-2', shortTermModelId: row.shortTermModelId })}
        onDownload={(row) => pdf.download(row.fileUrl)}
        onRerun={(row) => setDialog({ kind: 'step-1', rerun: row })}
        onDelete={(row) => setDialog({ kind: 'delete', step: 1, row })}
        toolbarActions={
          canRun && (
            <Button variant="contained" onClick={() => setDialog({ kind: 'step-1' })}>
              Run Analysis
            </Button>
          )
        }
      />
      <Step2Table
        rows={step2.data}
        isLoading={step2.isLoading}
        isViewed={viewing.isViewed}
        onToggleViewed={viewing.toggle}
        onDelete={(row) => setDialog({ kind: 'delete', step: 2, row })}
      />
      {viewedRows.map((row) => (
        <ShortTermPanel
          key={row.shortTermModelId}
          clientId={clientId}
          row={row}
          onHide={() => viewing.hide(row.shortTermModelId)}
          onDownload={(r) => pdf.download(r.fileUrl)}
        />
      ))}
      {dialog?.kind === 'step-1' && (
        <Step1SettingsDialog
          clientId={clientId}
          {...(dialog.rerun ? { rerun: dialog.rerun } : {})}
          onStarted={onStarted(1)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'step-2' && (
        <Step2SettingsDialog
          clientId={clientId}
          shortTermModelId={dialog.shortTermModelId}
          onStarted={onStarted(2)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={SHORT_TERM_MSG.deleteTitle}
        message={
          dialog?.kind === 'delete'
            ? `${dialog.row.shortTermModelName}: ${
                dialog.step === 1 ? 'the model and its PDF' : 'its step 2 forecast'
              } will be deleted. ${SHORT_TERM_MSG.deleteWarning}`
            : SHORT_TERM_MSG.deleteWarning
        }
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.step, dialog.row)}
        onCancel={() => setDialog(null)}
      />
    </Stack>
  );
}
