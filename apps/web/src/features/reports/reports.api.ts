import type { Permission } from '@tideline/contracts/access/permissions';
import { GroupOptionSchema, type GroupOption } from '@tideline/contracts/accounts/account-groups.schemas';
import { AccountOptionSchema, type AccountOption } from '@tideline/contracts/accounts/accounts.schemas';
import {
  ClientReportStatusSchema,
  type ClientReportStatus,
} from '@tideline/contracts/clients/clients.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import { MIME_TYPE_PATTERN, SignedUploadSchema } from '@tideline/contracts/files/files.schemas';
import {
  GenerateReportResultSchema,
  ReportDownloadSchema,
  ReportParametersSchema,
  ReportResultSchema,
  ReportSchema,
  type GenerateReportPayload,
  type GenerateReportResult,
  type Report,
  type ReportFileKind,
  type ReportParameters,
  type ReportResult,
} from '@tideline/contracts/reports/reports.schemas';
import { RoleHoldersSchema, type RoleHolders } from '@tideline/contracts/roles/roles.schemas';
import { apiRequest } from '../../lib/api-client';
import { postSignedForm, UploadAbortedError } from '../../lib/post-signed-form';
import { saveSignedDownload } from '../../lib/save-file';

// clients-accounts-investments-reports.md 7 "Reports" (prefix /api/reports), and what the parameter form
// reads of the client: its report status, its account groups and its accounts.

/** GET /all/{clientId}: the client's 'Reports List' (a Client Viewer gets the published ones only). */
export async function fetchReports(clientId: number): Promise<Report[]> {
  return ReportSchema.array().parse(await apiRequest(`/reports/all/${clientId}`));
}

/** GET /{id}: the parameters the report was generated with (spec 3 "Report parameters"). */
export async function fetchReportParameters(reportId: number): Promise<ReportParameters> {
  return ReportParametersSchema.parse(await apiRequest(`/reports/${reportId}`));
}

/** POST /generate {reports}: the new report row and the job writing its PDF. */
export async function generateReport(reports: GenerateReportPayload): Promise<GenerateReportResult> {
  return GenerateReportResultSchema.parse(
    await apiRequest('/reports/generate', { method: 'POST', body: { reports } }),
  );
}

/** PUT /comments/{id} {report}: null (or blank) clears the comment. */
export async function updateReportComment(reportId: number, comment: string | null): Promise<ReportResult> {
  return ReportResultSchema.parse(
    await apiRequest(`/reports/comments/${reportId}`, { method: 'PUT', body: { report: { comment } } }),
  );
}

/** PUT /finalize-status/{id} {report: {finalizeStatus}}: 1 finalizes, 0 unfinalizes. */
export async function setFinalizeStatus(reportId: number, finalizeStatus: 0 | 1): Promise<ReportResult> {
  return ReportResultSchema.parse(
    await apiRequest(`/reports/finalize-status/${reportId}`, {
      method: 'PUT',
      body: { report: { finalizeStatus } },
    }),
  );
}

/** DELETE /{id}: answers the server's msg (refused once published). */
export async function deleteReport(reportId: number): Promise<string> {
  return MessageSchema.parse(await apiRequest(`/reports/${reportId}`, { method: 'DELETE' })).msg;
}

/** The step of the upload that failed, so the dialog can say it with the spec's text (spec 8). */
export type UploadStep = 'presign' | 'post' | 'complete';
export class ReportUploadError extends Error {
  constructor(
    readonly step: UploadStep,
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'ReportUploadError';
  }
}

/**
 * Upload and complete (spec 4, 7): GET /upload/{clientId}/{reportId} hands out a presigned form for the
 * file, the file is posted to it, then PUT /{id} {reports} makes it the report's user report, which
 * completes the report. `onFileId` hears the stored file's id as soon as it is handed out, so a
 * cancelled or failed upload can be discarded (DELETE /upload/{fileId}).
 */
export async function uploadAndCompleteReport(
  { clientId, reportId, file, comment }: { clientId: number; reportId: number; file: File; comment: string },
  onFileId: (fileId: number) => void,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ReportResult> {
  const query = new URLSearchParams({
    fileName: file.name,
    // The server takes a plain MIME token; a browser may report none, or one with parameters.
    contentType: MIME_TYPE_PATTERN.test(file.type) ? file.type : 'application/octet-stream',
    sizeBytes: String(file.size),
  });
  const signed = await step('presign', async () =>
    SignedUploadSchema.parse(
      await apiRequest(`/reports/upload/${clientId}/${reportId}?${query}`, { signal }),
    ),
  );
  onFileId(signed.fileId);
  await step('post', () => postSignedForm(signed, file, file.name, onProgress, signal));
  if (signal.aborted) throw new UploadAbortedError();
  return step('complete', async () =>
    ReportResultSchema.parse(
      await apiRequest(`/reports/${reportId}`, {
        method: 'PUT',
        body: { reports: { fileId: signed.fileId, fileName: file.name, comment } },
        signal,
      }),
    ),
  );
}

async function step<T>(name: UploadStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UploadAbortedError) throw error;
    throw new ReportUploadError(name, error);
  }
}

/** DELETE /upload/{fileId}: removes an upload that did not become the report's file. */
export async function discardReportUpload(fileId: number): Promise<string> {
  return MessageSchema.parse(await apiRequest(`/reports/upload/${fileId}`, { method: 'DELETE' })).msg;
}

/**
 * GET /download/{reportId}/{system|user}: a short-lived signed link, fetched without the authorization
 * header and saved under the file's name.
 */
export async function downloadReport(reportId: number, kind: ReportFileKind): Promise<void> {
  const link = ReportDownloadSchema.parse(await apiRequest(`/reports/download/${reportId}/${kind}`));
  await saveSignedDownload(link.url, link.fileName);
}

/** GET /api/clients/report-status/{id}: its first element gives the open cycle's period and status. */
export async function fetchReportStatus(clientId: number): Promise<ClientReportStatus | null> {
  const list = ClientReportStatusSchema.array().parse(await apiRequest(`/clients/report-status/${clientId}`));
  return list[0] ?? null;
}

/** GET /api/accounts/groups/list/{clientId}: the groups the report's sections may draw. */
export async function fetchGroupOptions(clientId: number): Promise<GroupOption[]> {
  return GroupOptionSchema.array().parse(await apiRequest(`/accounts/groups/list/${clientId}`));
}

/** GET /api/accounts/list/{clientId}: the accounts the high-yield target may be. */
export async function fetchAccountOptions(clientId: number): Promise<AccountOption[]> {
  return AccountOptionSchema.array().parse(await apiRequest(`/accounts/list/${clientId}`));
}

/** GET /api/roles/holding/{permission}: the roles that may do what this user may not (issue 42 point 4). */
export async function fetchRoleHolders(permission: Permission): Promise<RoleHolders> {
  return RoleHoldersSchema.parse(await apiRequest(`/roles/holding/${permission}`));
}
