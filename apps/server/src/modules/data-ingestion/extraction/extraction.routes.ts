import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DownloadUrlSchema, SignedUploadSchema } from '@tideline/contracts';
import {
  FileAuditIdParamsSchema,
  PullTransactionsBodySchema,
  PullTransactionsResultSchema,
  RetryExtractionBodySchema,
  RetryExtractionResultSchema,
  StagedFileDownloadBodySchema,
} from '@tideline/contracts/data-ingestion/extraction.schemas';
import {
  BatchUploadRequestSchema,
  DeleteUploadedFilesBodySchema,
  DeleteUploadedFilesResultSchema,
  StartExtractionBodySchema,
  StartExtractionResultSchema,
} from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { auditContextOf } from '../../../platform/audit/write-audit';
import { createBatchFileDownload } from '../upload/batch-file-downloads.service';
import { cancelBatchUpload, requestBatchUpload } from '../upload/batch-upload.service';
import type { ExtractionDeps } from '../extraction-deps';
import { pullTransactions, type PullDeps } from '../pull/pull-transactions.service';
import { retryExtraction } from './retry-extraction.service';
import { createStagedFileDownload } from '../upload/staged-file.service';
import { startExtraction } from '../upload/start-extraction.service';

// ingestion-analysis.md 7 "Upload and extraction" (/api/data-ingestion): the upload dialog's calls,
// the Extraction Progress dialog's retry and downloads, and Pull Transaction Data. Spec 6: upload
// files gates uploads and the pull; manage templates every extraction-progress action; download
// files the Validate Batch dialog's Download Source.
export function extractionRoutes(deps: Omit<PullDeps, 'log'>): FastifyPluginAsyncZod {
  return async (app) => {
    const d: PullDeps & ExtractionDeps = { ...deps, log: app.log };
    const uploads = { config: { access: { permissions: ['UPLOAD_FILES' as const] } } };
    const downloads = {
      config: { access: { permissions: ['DOWNLOAD_FILES' as const, 'MANAGE_TEMPLATES' as const] } },
    };

    // Ours (spec 7 "Get upload permission" shows no path): a signed form through the files flow.
    app.post(
      '/upload-url',
      { ...uploads, schema: { body: BatchUploadRequestSchema, response: { 200: SignedUploadSchema } } },
      (req) => requestBatchUpload(d, req.currentUser!, req.body, auditContextOf(req)),
    );

    app.delete(
      '/files/',
      {
        ...uploads,
        schema: { body: DeleteUploadedFilesBodySchema, response: { 200: DeleteUploadedFilesResultSchema } },
      },
      (req) => cancelBatchUpload(d, req.currentUser!, req.body.fileUpload.fileList, auditContextOf(req)),
    );

    app.post(
      '/start-extraction',
      {
        ...uploads,
        schema: { body: StartExtractionBodySchema, response: { 200: StartExtractionResultSchema } },
      },
      (req) => startExtraction(d, req.currentUser!, req.body.fileUpload, auditContextOf(req)),
    );

    app.post(
      '/retry-extraction/',
      {
        config: { access: { permissions: ['MANAGE_TEMPLATES'] } },
        schema: { body: RetryExtractionBodySchema, response: { 200: RetryExtractionResultSchema } },
      },
      (req) => retryExtraction(d, req.currentUser!, req.body.fileAuditIds, auditContextOf(req)),
    );

    app.get(
      '/download/:fileAuditId',
      { ...downloads, schema: { params: FileAuditIdParamsSchema, response: { 200: DownloadUrlSchema } } },
      (req) => createBatchFileDownload(d, req.currentUser!, req.params.fileAuditId, 'source'),
    );

    // The Validated Files dialog's download: the file's validated (or canonical) rows as a CSV.
    app.post(
      '/download/:fileAuditId',
      {
        ...downloads,
        schema: {
          params: FileAuditIdParamsSchema,
          body: StagedFileDownloadBodySchema,
          response: { 200: DownloadUrlSchema },
        },
      },
      (req) =>
        createStagedFileDownload(d, req.currentUser!, req.params.fileAuditId, req.body, auditContextOf(req)),
    );

    app.get(
      '/download-excel/:fileAuditId',
      { ...downloads, schema: { params: FileAuditIdParamsSchema, response: { 200: DownloadUrlSchema } } },
      (req) => createBatchFileDownload(d, req.currentUser!, req.params.fileAuditId, 'excel'),
    );

    app.post(
      '/pull-transactions',
      {
        ...uploads,
        schema: { body: PullTransactionsBodySchema, response: { 200: PullTransactionsResultSchema } },
      },
      (req) => pullTransactions(d, req.currentUser!, req.body.batchId, auditContextOf(req)),
    );
  };
}
