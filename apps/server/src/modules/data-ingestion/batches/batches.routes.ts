import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BatchAccountIdParamsSchema,
  BatchAccountSchema,
} from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { ExtractionFileSchema } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import { BatchFileRemovedSchema } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { FileAuditIdParamsSchema } from '@tideline/contracts/data-ingestion/extraction.schemas';
import {
  BatchClientParamsSchema,
  BatchDeletedSchema,
  BatchIdParamsSchema,
  BatchRefParamsSchema,
  BatchSummarySchema,
  ClientBatchSchema,
} from '@tideline/contracts/data-ingestion/batches.schemas';
import { ValidationHistoryRowSchema } from '@tideline/contracts/data-ingestion/validation-history.schemas';
import type { Db } from '../../../db/open-database';
import { auditContextOf } from '../../../platform/audit/write-audit';
import type { Storage } from '../../../platform/storage/storage';
import { findBatchAccount, listBatchAccounts } from './batch-accounts.service';
import { findClientBatch, listClientBatches, summarizeClientBatches } from './batches.service';
import { deleteBatch } from './delete-batches.service';
import { removeBatchFile } from './remove-batch-file.service';
import { listBatchExtraction, listClientExtraction } from '../extraction/extraction-status.service';
import { listValidationHistory } from '../history/validation-history.service';

// ingestion-analysis.md 7 "Open reports and batches" and "Upload and extraction" (/api/data-ingestion):
// what the upload dashboard, the Validate Batch and Extraction Progress dialogs and the validation
// history read. Every id is checked against the user's clients (404 for another client's).
export function batchesRoutes(deps: { db: Db; storage: Storage }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const ingestionDeps = { ...deps, log: app.log };
    const byClient = { params: BatchClientParamsSchema };

    app.get(
      '/batches/all/:clientId',
      {
        config: { access: { permissions: ['VIEW_BATCHES'] } },
        schema: { ...byClient, response: { 200: z.array(ClientBatchSchema) } },
      },
      (req) => listClientBatches(db, req.currentUser!, req.params.clientId),
    );

    // Ours (the spec shows no path): polled every 4 seconds while extraction runs.
    app.get(
      '/batches/summary/:clientId',
      {
        config: { access: { permissions: ['VIEW_BATCHES'] } },
        schema: { ...byClient, response: { 200: z.array(BatchSummarySchema) } },
      },
      (req) => summarizeClientBatches(db, req.currentUser!, req.params.clientId),
    );

    app.get(
      '/batches/:id',
      {
        config: { access: { permissions: ['VIEW_BATCHES'] } },
        schema: { params: BatchIdParamsSchema, response: { 200: ClientBatchSchema } },
      },
      (req) => findClientBatch(db, req.currentUser!, req.params.id),
    );

    app.delete(
      '/batches/:id',
      {
        config: { access: { permissions: ['DELETE_BATCHES'] } },
        schema: { params: BatchIdParamsSchema, response: { 200: BatchDeletedSchema } },
      },
      (req) => deleteBatch(ingestionDeps, req.currentUser!, req.params.id, auditContextOf(req)),
    );

    // Ours (issue 42 point 3): a file in the wrong batch leaves it with its staged rows. UPLOAD_FILES,
    // as the spec's own file deletion (DELETE /files/): who may put a file in may take it out.
    app.delete(
      '/batch-files/:fileAuditId',
      {
        config: { access: { permissions: ['UPLOAD_FILES'] } },
        schema: { params: FileAuditIdParamsSchema, response: { 200: BatchFileRemovedSchema } },
      },
      (req) => removeBatchFile(ingestionDeps, req.currentUser!, req.params.fileAuditId, auditContextOf(req)),
    );

    app.get(
      '/accounts/all/:batchId',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_BATCHES'] } },
        schema: { params: BatchRefParamsSchema, response: { 200: z.array(BatchAccountSchema) } },
      },
      (req) => listBatchAccounts(db, req.currentUser!, req.params.batchId),
    );

    app.get(
      '/accounts/:id',
      {
        config: { access: { permissions: ['VIEW_ACCOUNT_BATCHES'] } },
        schema: { params: BatchAccountIdParamsSchema, response: { 200: BatchAccountSchema } },
      },
      (req) => findBatchAccount(db, req.currentUser!, req.params.id),
    );

    app.get(
      '/validation/:clientId',
      {
        config: { access: { permissions: ['VIEW_VALIDATION_HISTORY'] } },
        schema: { ...byClient, response: { 200: z.array(ValidationHistoryRowSchema) } },
      },
      (req) => listValidationHistory(db, req.currentUser!, req.params.clientId),
    );

    app.get(
      '/extraction-status/:batchId',
      {
        config: { access: { permissions: ['VIEW_DATA_EXTRACTION_STATUS'] } },
        schema: { params: BatchRefParamsSchema, response: { 200: z.array(ExtractionFileSchema) } },
      },
      (req) => listBatchExtraction(db, req.currentUser!, req.params.batchId),
    );

    app.get(
      '/extraction-status/client/:clientId',
      {
        config: { access: { permissions: ['VIEW_DATA_EXTRACTION_STATUS'] } },
        schema: { ...byClient, response: { 200: z.array(ExtractionFileSchema) } },
      },
      (req) => listClientExtraction(db, req.currentUser!, req.params.clientId),
    );
  };
}
