import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KeywordCategorySchema } from '@tideline/contracts/settings/keywords.schemas';
import {
  STAGING_TRANSACTION_MSG,
  StagingInspectRequestSchema,
  StagingTransactionBulkEditBodySchema,
  StagingTransactionChangeResultSchema,
  StagingTransactionDeleteBodySchema,
  StagingTransactionEditBodySchema,
  StagingTransactionIdParamsSchema,
  StagingTransactionPageSchema,
  StagingTransactionResultSchema,
  StagingTransactionSchema,
  StagingTransactionUpdateParamsSchema,
  StagingTransactionValidationBodySchema,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import {
  DUPLICATE_MSG,
  StagingDuplicateDecisionBodySchema,
} from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createKeywordCategoriesService } from '../settings/keyword-categories.service';
import { decideDuplicates } from './staging-duplicate-decisions.service';
import { bulkEditStagingTransactions, editStagingTransaction } from './staging-edits.service';
import { findStagingTransaction, listStagingTransactions } from './staging-transactions.service';
import { deleteStagingTransactions, setValidationStatus } from './staging-validation.service';

const DUPLICATE_DECISION_MSG = {
  keep: DUPLICATE_MSG.kept,
  drop: DUPLICATE_MSG.dropped,
  undecided: DUPLICATE_MSG.undecided,
} as const;

// ingestion-analysis.md 7 "Staging transactions" (/api/transactions/staging, mounted under
// /api/transactions): Inspect Staging Transactions, its edits, Validate and Invalidate, and delete.
// Every id is checked against the user's clients (404 for another client's).
export function stagingTransactionsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const { db } = deps;
  const categories = createKeywordCategoriesService(deps);
  const changeResult = { response: { 200: StagingTransactionChangeResultSchema } };
  return async (app) => {
    app.post(
      '/staging/inspect',
      {
        config: { access: { permissions: ['VIEW_STAGING_TRANSACTIONS'] } },
        schema: { body: StagingInspectRequestSchema, response: { 200: StagingTransactionPageSchema } },
      },
      (req) => listStagingTransactions(db, req.currentUser!, req.body),
    );

    app.get(
      '/staging/single/:id',
      {
        config: { access: { permissions: ['VIEW_STAGING_TRANSACTIONS'] } },
        schema: { params: StagingTransactionIdParamsSchema, response: { 200: StagingTransactionSchema } },
      },
      (req) => findStagingTransaction(db, req.currentUser!, req.params.id),
    );

    app.put(
      '/staging/update/:stagingTransactionId',
      {
        config: { access: { permissions: ['EDIT_STAGING_TRANSACTIONS'] } },
        schema: {
          params: StagingTransactionUpdateParamsSchema,
          body: StagingTransactionEditBodySchema,
          response: { 200: StagingTransactionResultSchema },
        },
      },
      async (req) => {
        const id = req.params.stagingTransactionId;
        await editStagingTransaction(db, req.currentUser!, id, req.body, auditContextOf(req));
        const transaction = await findStagingTransaction(db, req.currentUser!, id);
        return { msg: STAGING_TRANSACTION_MSG.updated, transaction };
      },
    );

    app.put(
      '/staging/update',
      {
        config: { access: { permissions: ['EDIT_STAGING_TRANSACTIONS'] } },
        schema: { body: StagingTransactionBulkEditBodySchema, ...changeResult },
      },
      async (req) => {
        const changedCount = await bulkEditStagingTransactions(
          db,
          req.currentUser!,
          req.body,
          auditContextOf(req),
        );
        return { msg: STAGING_TRANSACTION_MSG.updated, changedCount };
      },
    );

    for (const [verb, isValidated] of [
      ['validate', true],
      ['invalidate', false],
    ] as const) {
      app.put(
        `/staging/${verb}`,
        {
          config: {
            access: {
              permissions: [
                isValidated ? 'VALIDATE_STAGING_TRANSACTIONS' : 'INVALIDATE_STAGING_TRANSACTIONS',
              ],
            },
          },
          schema: { body: StagingTransactionValidationBodySchema, ...changeResult },
        },
        async (req) => {
          const changedCount = await setValidationStatus(
            db,
            req.currentUser!,
            req.body,
            isValidated,
            auditContextOf(req),
          );
          const msg = isValidated ? STAGING_TRANSACTION_MSG.validated : STAGING_TRANSACTION_MSG.invalidated;
          return { msg, changedCount };
        },
      );
    }

    app.delete(
      '/staging',
      {
        config: { access: { permissions: ['DELETE_STAGING_TRANSACTIONS'] } },
        schema: { body: StagingTransactionDeleteBodySchema, ...changeResult },
      },
      async (req) => {
        const changedCount = await deleteStagingTransactions(
          db,
          req.currentUser!,
          req.body,
          auditContextOf(req),
        );
        return { msg: STAGING_TRANSACTION_MSG.deleted, changedCount };
      },
    );

    // Issue 39 point 2: keep, drop or undecide the possible duplicates of a selection.
    app.put(
      '/staging/duplicates',
      {
        config: { access: { permissions: ['EDIT_STAGING_TRANSACTIONS'] } },
        schema: { body: StagingDuplicateDecisionBodySchema, ...changeResult },
      },
      async (req) => {
        const changedCount = await decideDuplicates(db, req.currentUser!, req.body, auditContextOf(req));
        return { msg: DUPLICATE_DECISION_MSG[req.body.decision], changedCount };
      },
    );

    // The edit dialog's keyword picker groups keywords by category (the categories of Global Settings).
    app.get(
      '/keyword-categories',
      {
        config: { access: { permissions: ['VIEW_STAGING_TRANSACTIONS', 'EDIT_STAGING_TRANSACTIONS'] } },
        schema: { response: { 200: z.array(KeywordCategorySchema) } },
      },
      () => categories.listCategories(),
    );
  };
}
