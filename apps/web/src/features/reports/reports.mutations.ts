import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import {
  REPORT_MSG,
  type GenerateReportPayload,
  type Report,
  type ReportFileKind,
} from '@tideline/contracts/reports/reports.schemas';
import { failureMessage } from '../../lib/api-messages';
import {
  deleteReport,
  downloadReport,
  generateReport,
  setFinalizeStatus,
  updateReportComment,
} from './reports.api';
import { reportQueries } from './reports.queries';

// One hook per change, each refreshing what it changed (style.md "Web").

/**
 * A report changed: its list, and what the profile and the dashboard show of the client's report (the
 * Report Status card, Reports In Progress) read again, so no status stays stale (issue 42 point 2).
 */
export function refreshReports(queryClient: QueryClient, clientId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reportQueries.client(clientId) }),
    queryClient.invalidateQueries({ queryKey: reportQueries.reportStatus(clientId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

/**
 * Completing a report closes the client's open cycle (design/reports.md "Life of a report"): the report
 * status, the dashboard's Reports In Progress, the upload dashboard's and the analysis' open reports
 * move with it (their keys: features do not import each other).
 */
export function refreshAfterCompletion(queryClient: QueryClient, clientId: number) {
  return Promise.all([
    refreshReports(queryClient, clientId),
    queryClient.invalidateQueries({ queryKey: ['data-ingestion', 'open-reports'] }),
    queryClient.invalidateQueries({ queryKey: ['analysis'] }),
  ]);
}

export function useGenerateReport(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: GenerateReportPayload) => generateReport(payload),
    onSuccess: ({ report }) => {
      // The new row shows at once (with its progress) while the list is fetched again.
      queryClient.setQueryData(reportQueries.list(clientId).queryKey, (rows: Report[] | undefined) =>
        rows ? [report, ...rows.filter((r) => r.reportId !== report.reportId)] : rows,
      );
      return refreshReports(queryClient, clientId);
    },
  });
}

export function useEditReportComment(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, comment }: { reportId: number; comment: string | null }) =>
      updateReportComment(reportId, comment),
    onSuccess: () => refreshReports(queryClient, clientId),
  });
}

export function useSetFinalizeStatus(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, finalizeStatus }: { reportId: number; finalizeStatus: 0 | 1 }) =>
      setFinalizeStatus(reportId, finalizeStatus),
    onSuccess: () => refreshReports(queryClient, clientId),
  });
}

export function useDeleteReport(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) => deleteReport(reportId),
    onSuccess: () => refreshReports(queryClient, clientId),
  });
}

/** A PDF column's download: 'Failed to Download Report.' unless the server says why ('No report available'). */
export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ reportId, kind }: { reportId: number; kind: ReportFileKind }) =>
      downloadReport(reportId, kind),
    onError: (error) =>
      enqueueSnackbar(failureMessage(error, REPORT_MSG.downloadFailed), { variant: 'error' }),
  });
}
