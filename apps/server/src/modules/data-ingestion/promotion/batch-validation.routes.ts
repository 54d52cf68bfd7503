import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BatchAccountIdParamsSchema } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import {
  BatchAccountsChangedSchema,
  BatchesValidatedSchema,
  IgnoreBatchAccountsBodySchema,
  ValidateBatchAccountsBodySchema,
  ValidateBatchesBodySchema,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import {
  BatchesValidatedInOneStepSchema,
  ValidateBatchesInOneStepBodySchema,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import type { Db } from '../../../db/open-database';
import { auditContextOf } from '../../../platform/audit/write-audit';
import type { JobRunner } from '../../../platform/jobs/job-runner';
import type { Storage } from '../../../platform/storage/storage';
import {
  deleteBatchAccount,
  ignoreBatchAccounts,
  restoreBatchAccount,
  validateBatchAccounts,
} from '../batches/batch-account-actions.service';
import { validateBatches } from './promote-batch.service';
import { validateBatchesInOneStep } from './validate-batches-in-one-step.service';

// ingestion-analysis.md 2 "Validate Batch dialog", 4 "Batch account status", 7 "Open reports and
// batches" (/api/data-ingestion): the account actions and VALIDATE THIS BATCH. Ids of another client's
// accounts or batches answer 404, as ids that exist nowhere.
export function batchValidationRoutes(deps: {
  db: Db;
  storage: Storage;
  jobs: JobRunner;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const ingestionDeps = { ...deps, log: app.log };
    const changed = { response: { 200: BatchAccountsChangedSchema } };

    app.put(
      '/accounts/validate',
      {
        config: { access: { permissions: ['VALIDATE_ACCOUNT_BATCHES'] } },
        schema: { body: ValidateBatchAccountsBodySchema, ...changed },
      },
      (req) => validateBatchAccounts(ingestionDeps, req.currentUser!, req.body.accounts, auditContextOf(req)),
    );

    app.put(
      '/accounts/ignore',
      {
        config: { access: { permissions: ['IGNORE_ACCOUNT_BATCHES'] } },
        schema: { body: IgnoreBatchAccountsBodySchema, ...changed },
      },
      (req) => ignoreBatchAccounts(ingestionDeps, req.currentUser!, req.body, auditContextOf(req)),
    );

    app.put(
      '/accounts/restore/:id',
      {
        config: { access: { permissions: ['IGNORE_ACCOUNT_BATCHES'] } },
        schema: { params: BatchAccountIdParamsSchema, ...changed },
      },
      (req) => restoreBatchAccount(ingestionDeps, req.currentUser!, req.params.id, auditContextOf(req)),
    );

    app.delete(
      '/accounts/:id',
      {
        config: { access: { permissions: ['DELETE_ACCOUNT_BATCHES'] } },
        schema: { params: BatchAccountIdParamsSchema, ...changed },
      },
      (req) => deleteBatchAccount(ingestionDeps, req.currentUser!, req.params.id, auditContextOf(req)),
    );

    app.put(
      '/batches/validate',
      {
        config: { access: { permissions: ['VALIDATE_BATCHES'] } },
        schema: { body: ValidateBatchesBodySchema, response: { 200: BatchesValidatedSchema } },
      },
      (req) =>
        validateBatches(
          ingestionDeps,
          req.currentUser!,
          req.body.accounts.map((a) => a.batchId),
          auditContextOf(req),
        ),
    );

    // Ours (issue 42 point 2): the reconciled accounts and then the batch, for one batch or several.
    app.put(
      '/batches/validate-all',
      {
        config: { access: { permissions: ['VALIDATE_BATCHES'] } },
        schema: {
          body: ValidateBatchesInOneStepBodySchema,
          response: { 200: BatchesValidatedInOneStepSchema },
        },
      },
      (req) =>
        validateBatchesInOneStep(
          ingestionDeps,
          req.currentUser!,
          req.body.batches.map((b) => b.batchId),
          auditContextOf(req),
        ),
    );
  };
}
