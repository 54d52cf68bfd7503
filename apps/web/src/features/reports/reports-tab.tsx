import { useCallback, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import {
  REPORT_MSG,
  type GenerateReportResult,
  type Report,
} from '@tideline/contracts/reports/reports.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useCan, usePermList } from '../../lib/use-can';
import { GenerateReportDialog } from './generate-report-dialog';
import { ReportActionsMenu, reportActionsOf, type ReportDialogKind } from './report-actions-menu';
import { REPORT_FILTERS, REPORTS_INITIAL_SORT, reportColumns } from './report-columns';
import { ReportCommentDialog } from './report-comment-dialog';
import { ReportGenerationProgress } from './report-generation-progress';
import { ReportParametersDialog } from './report-parameters-dialog';
import { MissingPermissionNote } from './missing-permission-note';
import {
  refreshReports,
  useDeleteReport,
  useDownloadReport,
  useSetFinalizeStatus,
} from './reports.mutations';
import { reportQueries } from './reports.queries';
import { UploadReportDialog } from './upload-report-dialog';

type OpenDialog = { kind: 'generate' } | { kind: ReportDialogKind; report: Report } | null;

/** Spec 4: Generate Report waits for the client's open cycle to be reporting. */
export const GENERATE_GATE_TEXT =
  "Generate Report is available while the client's report status is Reporting.";

/** The permissions of the row menu's changes to a report (report-actions-menu.tsx). */
const ROW_CHANGES: readonly Permission[] = [
  'UPLOAD_REPORTS',
  'FINALIZE_REPORTS',
  'EDIT_REPORT_COMMENTS',
  'DELETE_OPEN_REPORTS',
];

/** The report actions of the quarter's path (issue 42 point 4): a user lacking one is told who has it. */
const NOTED_ACTIONS: readonly { permission: Permission; action: string }[] = [
  { permission: 'UPLOAD_REPORTS', action: 'Uploading and completing reports' },
  { permission: 'FINALIZE_REPORTS', action: 'Finalizing reports' },
];

const reportLabel = (r: Report) => `report ${r.reportId} (${formatDate(r.systemReportGeneratedAt)})`;
const LIST_POLL_MS = 5_000;
const isGenerating = (r: Report) => r.generationStatus === 'queued' || r.generationStatus === 'running';

/**
 * Tab 4 of the client profile (VIEW_REPORTS; spec 2 "Reports tab"): 'Reports List', newest generation
 * first, with its PDF columns (DOWNLOAD_REPORTS), the actions column (EDIT_REPORT, or the permission of
 * one of its changes) and every dialog, and Generate Report (GENERATE_REPORTS) with the progress of the
 * PDFs being written; an action left out for want of its permission is named, with who holds it.
 */
export function ReportsTab({ clientId }: { clientId: number }) {
  const gateId = useId();
  const queryClient = useQueryClient();
  const permList = usePermList();
  const canGenerate = useCan('GENERATE_REPORTS');
  const canDownload = useCan('DOWNLOAD_REPORTS');
  const canEditReport = useCan('EDIT_REPORT');
  // While a PDF is being written the list is read again now and then: the jobs API shows a job to the
  // user who started it only, so a report generated elsewhere (or before a reload) is followed here.
  const reports = useQuery({
    ...reportQueries.list(clientId),
    refetchInterval: (query) => (query.state.data?.some(isGenerating) ? LIST_POLL_MS : false),
  });
  const reportStatus = useQuery({ ...reportQueries.reportStatus(clientId), enabled: canGenerate });
  const download = useDownloadReport();
  const finalize = useSetFinalizeStatus(clientId);
  const remove = useDeleteReport(clientId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [started, setStarted] = useState<{ jobId: string; reportId: number }[]>([]);
  const close = useCallback(() => setDialog(null), []);

  const onGenerationFinished = useCallback(
    (jobId: string, failure: string | null) => {
      setStarted((current) => current.filter((s) => s.jobId !== jobId));
      if (failure) enqueueSnackbar(failure, { variant: 'error' });
      void refreshReports(queryClient, clientId);
    },
    [queryClient, clientId],
  );
  const onStarted = useCallback(
    ({ jobId, report }: GenerateReportResult) =>
      setStarted((current) => [...current, { jobId, reportId: report.reportId }]),
    [],
  );

  const can = (permission: Permission) => hasAnyPermission(permList, [permission]);
  const columns: DataTableColumn<Report>[] = reportColumns({
    canDownload,
    onDownload: (report, kind) => download.mutate({ reportId: report.reportId, kind }),
  });
  // Spec 6 gives the actions column to EDIT_REPORT; the default Analyst uploads and comments without it
  // (permissions.md), so holding the permission of one of its changes shows the column too (issue 42).
  if (canEditReport || ROW_CHANGES.some(can)) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      isStickyEnd: true,
      sortable: false,
      searchable: false,
      accessor: () => null,
      exportValue: () => null,
      align: 'right',
      cell: (r) => {
        const actions = reportActionsOf(r, can);
        if (actions.length === 0) return null;
        return (
          <ReportActionsMenu
            label={`Actions for ${reportLabel(r)}`}
            actions={actions}
            onPick={(kind) => setDialog({ kind, report: r })}
          />
        );
      },
    });
  }

  const isReporting = reportStatus.data?.reportStatus === 'Reporting';
  const generateButton = !canGenerate ? (
    <MissingPermissionNote action="Generating reports" permission="GENERATE_REPORTS" />
  ) : (
    <Stack alignItems="flex-end">
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        disabled={!isReporting}
        aria-describedby={isReporting ? undefined : gateId}
        onClick={() => setDialog({ kind: 'generate' })}
      >
        Generate Report
      </Button>
      {!isReporting && reportStatus.isSuccess && (
        <Typography id={gateId} variant="caption" color="text.secondary">
          {GENERATE_GATE_TEXT}
        </Typography>
      )}
    </Stack>
  );

  const toFinalize = dialog?.kind === 'finalize' ? dialog.report : null;
  const toDelete = dialog?.kind === 'delete' ? dialog.report : null;
  const confirmFinalize = (report: Report) => {
    const finalizeStatus = report.finalized ? 0 : 1;
    const outcome = toastOutcome(
      {
        success: finalizeStatus ? REPORT_MSG.finalized : REPORT_MSG.unfinalized,
        failure: REPORT_MSG.finalizeFailed,
      },
      close,
    );
    finalize.mutate(
      { reportId: report.reportId, finalizeStatus },
      { onSuccess: ({ msg }) => outcome.onSuccess(msg), onError: outcome.onError },
    );
  };

  return (
    <Stack spacing={2}>
      {started.length > 0 && (
        <Box>
          {started.map(({ jobId, reportId }) => (
            <ReportGenerationProgress
              key={jobId}
              jobId={jobId}
              label={`Generating report ${reportId}`}
              onFinished={onGenerationFinished}
            />
          ))}
        </Box>
      )}
      <DataTable
        title="Reports List"
        columns={columns}
        filters={REPORT_FILTERS}
        initialSort={REPORTS_INITIAL_SORT}
        getRowId={(r) => r.reportId}
        getRowLabel={reportLabel}
        mode={{ kind: 'client', rows: reports.data, isLoading: reports.isLoading }}
        toolbarActions={generateButton}
      />
      {NOTED_ACTIONS.filter((m) => !can(m.permission)).map((m) => (
        <MissingPermissionNote key={m.permission} action={m.action} permission={m.permission} />
      ))}
      {dialog?.kind === 'generate' && (
        <GenerateReportDialog
          clientId={clientId}
          reportStatus={reportStatus.data}
          onStarted={onStarted}
          onClose={close}
        />
      )}
      {dialog?.kind === 'comment' && (
        <ReportCommentDialog
          report={dialog.report}
          isReadOnly={!can('EDIT_REPORT_COMMENTS')}
          onClose={close}
        />
      )}
      {dialog?.kind === 'upload' && <UploadReportDialog report={dialog.report} onClose={close} />}
      {dialog?.kind === 'parameters' && (
        <ReportParametersDialog reportId={dialog.report.reportId} onClose={close} />
      )}
      <ConfirmDialog
        open={toFinalize !== null}
        title={toFinalize?.finalized ? 'Unfinalize Report' : 'Finalize Report'}
        message={
          toFinalize &&
          (toFinalize.finalized
            ? `Unfinalize ${reportLabel(toFinalize)}?`
            : `Finalize ${reportLabel(toFinalize)}?${
                toFinalize.published
                  ? ''
                  : " Finalizing publishes it: the client's viewers can then see and download it."
              }`)
        }
        confirmLabel={toFinalize?.finalized ? 'Unfinalize' : 'Finalize'}
        isPending={finalize.isPending}
        onConfirm={() => toFinalize && confirmFinalize(toFinalize)}
        onCancel={close}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Report"
        message={toDelete && `Delete ${reportLabel(toDelete)}? This action cannot be undone.`}
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            toDelete.reportId,
            toastOutcome({ success: REPORT_MSG.deleted, failure: REPORT_MSG.deleteFailed }, close),
          )
        }
        onCancel={close}
      />
    </Stack>
  );
}
