import { GenerateReportSchema, REPORT_MSG } from '@tideline/contracts/reports/reports.schemas';
import type { Db } from '../../db/open-database';
import type { AuditContext } from '../../platform/audit/write-audit';
import { PROMPT_POLLING_SECONDS, type JobContext, type JobDefinition } from '../../platform/jobs/job-runner';
import type { Storage } from '../../platform/storage/storage';
import { storeServerFile } from '../files/store-server-file';
import type { LiquidityAnalysisRequest } from './document/render-liquidity-analysis';
import * as q from './reports.queries';

// The report's system PDF (design/reports.md "The document"), a job with progress (polled at
// /api/jobs/{jobId}). The job reads its row, renders the document from the stored analysis results,
// and stores the PDF only if the row still asks for it (not deleted): a retry writes it once. A
// failure leaves the row 'failed' with the reason; the job can be retried (POST /api/jobs/{id}/retry).

export const REPORT_PDF_JOB = 'reports.generate-pdf';

export interface ReportPdfJobData {
  reportId: number;
  clientId: number;
  /** Who asked: the stored PDF is recorded in their name. */
  userId: number;
}

export interface ReportPdfJobResult {
  reportId: number;
  state: 'done' | 'failed' | 'skipped';
  message: string | null;
}

export type RenderReport = (db: Db, request: LiquidityAnalysisRequest) => Promise<Buffer>;

export interface ReportPdfDeps {
  storage: Storage;
  /** The document's renderer; tests hand in one that fails. */
  render?: RenderReport;
}

type ReportPdfJob = Pick<JobContext<ReportPdfJobData>, 'db' | 'data' | 'setProgress' | 'jobId'>;

const isRunning = (state: string) => state === 'queued' || state === 'running';

/** Whether the row is still this job's to write: not deleted, and sent with this job (or being sent). */
function isOwnedBy(row: q.ReportRow | null, jobId: string): row is q.ReportRow {
  if (!row) return false;
  return row.jobId === jobId || (row.jobId === null && isRunning(row.generationState));
}

/** The document's renderer, loaded with the first report: the API starts without pdfmake and ECharts. */
async function loadRenderer(): Promise<RenderReport> {
  const { renderLiquidityAnalysis } = await import('./document/render-liquidity-analysis');
  return renderLiquidityAnalysis;
}

const skipped = (reportId: number): ReportPdfJobResult => ({ reportId, state: 'skipped', message: null });

/** The file name the browser saves: the client's report for the period. */
export function systemPdfNameOf(reportId: number, startDate: string, endDate: string): string {
  return `Liquidity Analysis ${startDate} to ${endDate} (report ${reportId}).pdf`;
}

/** Records the failure on the row (when still this job's); answers the job's result. */
export async function recordReportFailure(job: ReportPdfJob, reason: string): Promise<ReportPdfJobResult> {
  const message = REPORT_MSG.jobFailed(reason);
  await job.db.transaction(async (tx) => {
    const row = await q.lockReport(tx, job.data.reportId);
    if (!isOwnedBy(row, job.jobId) || row.generationState === 'done') return;
    await q.updateReport(tx, row.reportId, { generationState: 'failed', generationMessage: message });
  });
  await job.setProgress(100, message);
  return { reportId: job.data.reportId, state: 'failed', message };
}

/** Renders the report's document and stores it as the report's system PDF. */
export async function generateReportPdf(deps: ReportPdfDeps, job: ReportPdfJob): Promise<ReportPdfJobResult> {
  const { db, data } = job;
  const row = await q.selectReport(db, data.reportId);
  if (!isOwnedBy(row, job.jobId)) return skipped(data.reportId);
  // An earlier try stored the PDF and then lost its answer: nothing is left to do.
  if (row.generationState === 'done' && row.systemFileId !== null)
    return { reportId: row.reportId, state: 'done', message: null };
  await q.updateReport(db, row.reportId, { generationState: 'running', generationMessage: null });
  await job.setProgress(5, 'Reading the analysis results');
  const render = deps.render ?? (await loadRenderer());
  const pdf = await render(db, {
    reportId: row.reportId,
    clientId: row.clientId,
    startDate: row.startDate,
    endDate: row.endDate,
    generatedAt: row.generatedAt,
    params: GenerateReportSchema.parse(row.params),
    frozenRuns: row.frozenRuns,
    preparedBy: row.createdBy ?? data.userId,
    onProgress: (percent) => job.setProgress(5 + Math.max(0, Math.min(100, percent)) * 0.85),
  });
  await job.setProgress(92, 'Storing the PDF');
  const ctx: AuditContext = { userId: data.userId, actorEmail: null, requestId: job.jobId, ipAddress: null };
  const written: { key: string | null } = { key: null };
  try {
    const isSaved = await db.transaction(async (tx) => {
      const locked = await q.lockReport(tx, data.reportId);
      if (!isOwnedBy(locked, job.jobId) || locked.generationState === 'done') return false;
      const stored = await storeServerFile(
        tx,
        deps.storage,
        {
          fileName: systemPdfNameOf(locked.reportId, locked.startDate, locked.endDate),
          clientId: locked.clientId,
          uploadedBy: data.userId,
          contentType: 'application/pdf',
          body: pdf,
        },
        ctx,
      );
      written.key = stored.storageKey;
      await q.updateReport(tx, locked.reportId, {
        systemFileId: stored.fileId,
        generationState: 'done',
        generationMessage: null,
      });
      return true;
    });
    return isSaved ? { reportId: data.reportId, state: 'done', message: null } : skipped(data.reportId);
  } catch (err) {
    // The object was written before the transaction failed: no row names it.
    if (written.key) await deps.storage.deleteObject(written.key).catch(() => undefined);
    throw err;
  }
}

/** Registered in jobs.ts. */
export function reportPdfJob(deps: ReportPdfDeps): JobDefinition<ReportPdfJobData> {
  return {
    name: REPORT_PDF_JOB,
    retryLimit: 1,
    retryDelaySeconds: 5,
    pollingIntervalSeconds: PROMPT_POLLING_SECONDS,
    expireInSeconds: 15 * 60,
    handle: (ctx) => generateReportPdf(deps, ctx),
    // The document could not be written, every try: the row says why, and the job can run again.
    onFinalFailure: async (ctx, message) => {
      await recordReportFailure(ctx, message);
    },
  };
}
