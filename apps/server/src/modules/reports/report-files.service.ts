import { FILE_MSG, type SignedUploadAnswer } from '@tideline/contracts';
import {
  isReportUploadFileName,
  REPORT_MSG,
  type ReportDownload,
  type ReportFileKind,
  type ReportResult,
  type ReportUploadQueryParsed,
  type CompleteReportParsed,
} from '@tideline/contracts/reports/reports.schemas';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { discardFiles } from '../files/discard-files.service';
import {
  canSeeFile,
  completeUpload,
  createDownloadUrl,
  findStoredFile,
  requestUpload,
} from '../files/files.service';
import * as q from './reports.queries';
import {
  discardReportFiles,
  findVisibleReport,
  lockVisibleReport,
  readReport,
  type ReportsDeps,
} from './reports.service';

// The report's files (spec 4, 5, 7 "Reports"): the user report goes through the files module's
// presigned upload, and completes the report; downloads are the files module's short-lived signed links.

const filesDeps = (deps: ReportsDeps) => ({
  db: deps.db,
  storage: deps.storage,
  uploadLimitBytes: deps.uploadLimitBytes,
});

/** GET /upload/{clientId}/{reportId} (UPLOAD_REPORTS): a presigned form for the report's user file. */
export async function requestReportUpload(
  deps: ReportsDeps,
  user: CurrentUser,
  clientId: number,
  reportId: number,
  input: ReportUploadQueryParsed,
  ctx: AuditContext,
): Promise<SignedUploadAnswer> {
  const report = await findVisibleReport(deps.db, user, reportId);
  if (report.clientId !== clientId) throw notFound(REPORT_MSG.notFound);
  return requestUpload(filesDeps(deps), user, { ...input, clientId }, ctx);
}

/**
 * The uploaded file, checked by the files module (bytes arrived, size and type by content); it must be
 * the user's own upload for the report's client, of a report type, and not already another report's.
 */
async function takeUploadedFile(
  deps: ReportsDeps,
  user: CurrentUser,
  clientId: number,
  fileId: number,
  ctx: AuditContext,
) {
  const checked = await completeUpload(filesDeps(deps), user, fileId, ctx);
  if (checked.status === 'rejected') throw new AppError(422, checked.rejectReason ?? FILE_MSG.notFound);
  const file = await findStoredFile(deps.db, fileId);
  if (!file || file.clientId !== clientId || file.uploadedBy !== user.userId)
    throw notFound(FILE_MSG.notFound);
  if (!isReportUploadFileName(file.fileName))
    throw badRequest(REPORT_MSG.fileTypeNotAccepted, { fileId: [REPORT_MSG.fileTypeNotAccepted] });
  if ((file.sizeBytes ?? 0) === 0) throw badRequest(REPORT_MSG.emptyFile);
  return file;
}

/**
 * PUT /{id} (UPLOAD_REPORTS, spec 4): the uploaded file becomes the user report, which completes the
 * report: its cycle closes (the client's report status then reads 'Reported', lastReportDate its end
 * date, and the dashboard's Reports In Progress drops it). Uploading again replaces the user report;
 * the file it replaces is removed.
 */
export async function completeReport(
  deps: ReportsDeps,
  user: CurrentUser,
  reportId: number,
  input: Pick<CompleteReportParsed, 'fileId' | 'comment'>,
  ctx: AuditContext,
): Promise<ReportResult> {
  const report = await findVisibleReport(deps.db, user, reportId);
  const file = await takeUploadedFile(deps, user, report.clientId, input.fileId, ctx);
  const replaced = await deps.db.transaction(async (tx) => {
    const row = await lockVisibleReport(tx, user, reportId);
    if (row.generationState === 'queued' || row.generationState === 'running')
      throw conflict(REPORT_MSG.stillGenerating);
    if (row.userFileId === file.fileId) return null;
    if (await q.isReportFile(tx, file.fileId)) throw conflict(REPORT_MSG.fileInUse);
    const uploadedAt = new Date();
    const values = {
      userFileId: file.fileId,
      uploadedBy: user.userId,
      uploadedAt,
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
    };
    await q.updateReport(tx, reportId, values);
    await writeAudit(tx, ctx, {
      action: 'report.completed',
      entity: 'report',
      entityId: reportId,
      before: { clientId: row.clientId, userFileId: row.userFileId, uploadedBy: row.uploadedBy },
      after: { clientId: row.clientId, ...values, fileName: file.fileName },
    });
    if (row.openReportId !== null && (await q.closeCycle(tx, row.openReportId, uploadedAt))) {
      await writeAudit(tx, ctx, {
        action: 'open_report.closed',
        entity: 'open_report',
        entityId: row.openReportId,
        after: { clientId: row.clientId, closedAt: uploadedAt.toISOString(), reportId },
      });
    }
    return { fileId: row.userFileId };
  });
  if (replaced) await discardReportFiles(deps, user, [replaced.fileId], ctx);
  return { msg: REPORT_MSG.completed, report: await readReport(deps.db, reportId) };
}

/**
 * DELETE /upload/{fileId} (UPLOAD_REPORTS): an upload the user made and then cancelled (spec 7:
 * "uploaded files can be discarded"); only their own, and never a report's file.
 */
export async function discardReportUpload(
  deps: ReportsDeps,
  user: CurrentUser,
  fileId: number,
  ctx: AuditContext,
): Promise<{ msg: string }> {
  const owner = await q.selectFileOwner(deps.db, fileId);
  if (!owner || owner.uploadedBy !== user.userId || !canSeeFile(user, owner.clientId))
    throw notFound(FILE_MSG.notFound);
  if (await q.isReportFile(deps.db, fileId)) throw conflict(REPORT_MSG.fileInUse);
  await discardFiles(deps, user, [fileId], ctx, REPORT_MSG.fileInUse);
  return { msg: REPORT_MSG.uploadDiscarded };
}

/**
 * GET /download/{reportId}/{system|user} (DOWNLOAD_REPORTS): a short-lived signed link to the PDF;
 * 'No report available' when the report has no such file (yet).
 */
export async function createReportDownload(
  deps: ReportsDeps,
  user: CurrentUser,
  reportId: number,
  kind: ReportFileKind,
): Promise<ReportDownload> {
  const report = await findVisibleReport(deps.db, user, reportId);
  const fileId = kind === 'system' ? report.systemFileId : report.userFileId;
  const file = fileId === null ? null : await findStoredFile(deps.db, fileId);
  if (!file) throw notFound(REPORT_MSG.noReport);
  const { url } = await createDownloadUrl(filesDeps(deps), user, file.fileId);
  return { url, fileName: file.fileName };
}
